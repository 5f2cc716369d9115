// A small bar chart of how many sessions have each value, as plain markup so it is in the static HTML.
export function Histogram({
  title,
  bars,
  testId,
}: {
  title: string;
  bars: { value: number; sessions: number }[];
  testId?: string;
}) {
  const max = Math.max(1, ...bars.map((b) => b.sessions));
  return (
    <figure className="min-w-40" data-testid={testId}>
      <figcaption className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">{title}</figcaption>
      <div
        className="flex h-16 items-end gap-px border-b border-zinc-300 dark:border-zinc-700"
        role="img"
        aria-label={`${title}: ${bars.map((b) => `${b.value}: ${b.sessions}`).join(", ")}`}
      >
        {bars.map((b) => (
          <div
            key={b.value}
            className="min-w-2 flex-1 bg-sky-600 dark:bg-sky-500"
            style={{ height: `${(100 * b.sessions) / max}%` }}
            title={`${b.value}: ${b.sessions} session${b.sessions === 1 ? "" : "s"}`}
          />
        ))}
      </div>
      <div className="flex justify-between text-[10px] text-zinc-500 tabular-nums">
        <span>{bars[0]?.value ?? ""}</span>
        <span>{bars.length > 1 ? bars[bars.length - 1]!.value : ""}</span>
      </div>
    </figure>
  );
}
