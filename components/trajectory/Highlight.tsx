// The search query marked in a line of trajectory text (case-insensitive); the text stays text.
export function Highlight({ text, query }: { text: string; query: string }) {
  const q = query.trim().toLowerCase();
  if (!q) return <>{text}</>;
  const lower = text.toLowerCase();
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (let i = lower.indexOf(q); i !== -1 && parts.length < 40; i = lower.indexOf(q, at)) {
    if (i > at) parts.push(text.slice(at, i));
    parts.push(
      <mark key={i} className="rounded-sm bg-yellow-200 text-inherit dark:bg-yellow-700" data-testid="search-mark">
        {text.slice(i, i + q.length)}
      </mark>,
    );
    at = i + q.length;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
