// What did not fit: reader warnings (the file is shown anyway), schedule mismatches (reported, not
// repaired) and notes. Never hidden; collapsed when long.
import type { TrajectoryWarning } from "@/lib/trajectory/model";
import type { Mismatch } from "@/lib/trajectory/segment";

export function ProblemsPanel({
  warnings,
  mismatches,
  notes,
  onJump,
}: {
  warnings: TrajectoryWarning[];
  mismatches: Mismatch[];
  notes: string[];
  onJump: (n: number) => void;
}) {
  const count = warnings.length + mismatches.length;
  if (count === 0 && notes.length === 0) return null;
  return (
    <details
      className="rounded border border-amber-300 bg-amber-50 p-2 text-sm dark:border-amber-800 dark:bg-amber-950"
      open={count > 0 && count <= 5}
      data-testid="problems"
    >
      <summary>
        {warnings.length} reader warning(s) · {mismatches.length} schedule mismatch(es)
        {notes.length ? ` · ${notes.length} note(s)` : ""}
      </summary>
      <ul className="mt-1 space-y-0.5 text-xs">
        {mismatches.map((m, i) => (
          <li key={`m${i}`} data-testid="mismatch" data-kind={m.kind}>
            <strong>mismatch</strong> {m.message}
            {m.step !== null ? <JumpButton n={m.step} onJump={onJump} /> : null}
          </li>
        ))}
        {warnings.map((w, i) => (
          <li key={`w${i}`} data-testid="reader-warning" data-code={w.code}>
            <strong>{w.code}</strong> {w.message}
            {w.step !== undefined ? <JumpButton n={w.step} onJump={onJump} /> : null}
          </li>
        ))}
        {notes.map((t, i) => (
          <li key={`n${i}`} data-testid="segment-note" className="text-zinc-600 dark:text-zinc-400">
            {t}
          </li>
        ))}
      </ul>
    </details>
  );
}

function JumpButton({ n, onJump }: { n: number; onJump: (n: number) => void }) {
  return (
    <button type="button" className="ml-1 underline" onClick={() => onJump(n)}>
      step {n}
    </button>
  );
}
