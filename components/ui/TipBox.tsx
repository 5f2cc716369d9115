// The box of a chart's own tooltip: its title (what the point is) and one line of its numbers.
export function TipBox({ title, children }: { title: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="rounded border border-zinc-300 bg-white px-2 py-1 text-xs shadow dark:border-zinc-700 dark:bg-zinc-900">
      <div className="font-semibold">{title}</div>
      <div>{children}</div>
    </div>
  );
}
