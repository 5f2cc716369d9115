// A task's result in one cell: resolved, not resolved, or the resolved share of its repeats.
export function ScoreMark({ score }: { score: number | null }) {
  if (score === null) return <span className="text-zinc-400">—</span>;
  if (score === 1)
    return (
      <span className="text-emerald-700 dark:text-emerald-400" title="resolved">
        ✓
      </span>
    );
  if (score === 0)
    return (
      <span className="text-rose-700 dark:text-rose-400" title="not resolved">
        ✗
      </span>
    );
  return <span title="resolved share of repeats">{score.toFixed(2)}</span>;
}
