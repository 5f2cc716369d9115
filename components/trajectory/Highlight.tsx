// The search query marked in trajectory text, matched as lib/trajectory/search.ts matches (the literal
// query, case-insensitive). The text stays text: <mark> elements around string slices, never HTML.
import { createContext, useContext } from "react";

/** The trajectory search query, for the open step's detail (components/trajectory/StepDetailPanel.tsx). */
export const SearchQuery = createContext("");

const MAX_MARKS = 40;

function matcher(query: string): RegExp | null {
  const q = query.trim();
  return q ? new RegExp(q.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi") : null;
}

/** Whether the text holds the query (what makes a step a match). */
export function hasMatch(text: string, query: string): boolean {
  const re = matcher(query);
  return re !== null && re.test(text);
}

export function Highlight({ text, query }: { text: string; query: string }) {
  const re = matcher(query);
  if (!re) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(re)) {
    if (parts.length >= 2 * MAX_MARKS) break;
    if (m.index > at) parts.push(text.slice(at, m.index));
    parts.push(
      <mark
        key={m.index}
        className="rounded-sm bg-yellow-200 text-inherit dark:bg-yellow-700"
        data-testid="search-mark"
      >
        {text.slice(m.index, m.index + m[0].length)}
      </mark>,
    );
    at = m.index + m[0].length;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

/** The marks of the current search in a block of text (the open step's detail). */
export function SearchMarked({ text }: { text: string }) {
  return <Highlight text={text} query={useContext(SearchQuery)} />;
}
