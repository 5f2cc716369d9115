// A condition − baseline difference of detector shares: points, paired bootstrap 95% interval over the
// focus tasks, and exact McNemar on the discordant tasks (lib/queries/signatures/prevalence-model.ts).
import type { PrevalenceDiff } from "@/lib/queries/signatures/prevalence-model";
import { fmt, fmtP } from "@/lib/site/labels";

const signed = (x: number | null) => (x === null ? "—" : `${x > 0 ? "+" : x < 0 ? "−" : ""}${fmt(Math.abs(x))}`);

export function DiffText({ d }: { d: PrevalenceDiff | undefined }) {
  if (!d || d.n_tasks === 0 || d.diff === null)
    return (
      <span className="text-zinc-500" data-diff="unknown">
        no paired task
      </span>
    );
  return (
    <span
      data-diff={fmt(d.diff)}
      data-value={d.diff}
      title={`${d.n_tasks} focus tasks with a readable run under both conditions`}
    >
      <span className="whitespace-nowrap">{signed(d.diff)} pp</span>{" "}
      <span className="whitespace-nowrap text-zinc-500">
        [<span data-stat="lo">{signed(d.lo)}</span>, <span data-stat="hi">{signed(d.hi)}</span>]
      </span>{" "}
      <span className="whitespace-nowrap text-zinc-500">
        p = <span data-stat="McNemar p">{d.p === null ? "—" : fmtP(d.p)}</span>
      </span>{" "}
      <span className="whitespace-nowrap text-zinc-500">
        (<span data-stat="tasks">{d.n_tasks}</span> tasks)
      </span>
    </span>
  );
}
