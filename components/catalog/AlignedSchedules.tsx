// The matched sessions of one focus task side by side. The k-th focus request of every session sits on
// one highlighted row, so reading the highlighted rows of any column gives the baseline schedule:
// π_A(S_cond) = S_base, made visible.
import type { Alignment, ScheduleRequest } from "@/lib/queries/catalog/align";
import type { TaskSession } from "@/lib/queries/catalog/model";
import { conditionLabel } from "@/lib/site/labels";
import { Table, Th } from "@/components/ui/Table";

export const payloadOf = (r: ScheduleRequest) => `${r.task_id}|${r.is_submit ? "submit" : r.stage}|${r.workspace}`;

function Cell({ r, titles }: { r: ScheduleRequest | null; titles: Record<string, string> }) {
  if (!r) return <td />;
  // Cell styles come from the table (descendant variants): this markup repeats for every request.
  return (
    <td data-payload={payloadOf(r)} data-position={r.position}>
      <i>{r.position}</i>
      <b className={r.is_focus ? "" : "font-normal"} title={titles[r.task_id]}>
        {r.task_id}
      </b>{" "}
      {r.is_submit ? "submit" : `stage ${r.stage}`} <code>{r.workspace}</code>
      {r.workspace_switch ? " ⇄" : null}
      {r.focus_return ? " ↩" : null}
    </td>
  );
}

export function AlignedSchedules({
  sessions,
  alignment,
  titles,
  baseline,
}: {
  sessions: TaskSession[];
  alignment: Alignment;
  titles: Record<string, string>;
  baseline: string;
}) {
  return (
    <div className="overflow-x-auto">
      <Table
        caption="The sessions of this task side by side, one column per condition, aligned on the focus task's requests"
        className="border-collapse font-mono text-xs [&_code]:text-zinc-500 [&_i]:mr-1 [&_i]:inline-block [&_i]:w-6 [&_i]:text-right [&_i]:text-zinc-500 [&_i]:not-italic [&_td]:border-l [&_td]:border-zinc-200 [&_td]:px-2 [&_td]:py-0.5 dark:[&_td]:border-zinc-800"
        data-testid="aligned-schedules"
      >
        <thead>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            {sessions.map((s, i) => (
              <Th
                key={s.session_id}
                className="border-l border-zinc-200 px-2 py-1 text-left font-sans font-medium dark:border-zinc-800"
                data-condition={s.condition}
              >
                {conditionLabel(s.condition)} <span className="font-normal text-zinc-500">{s.session_id}</span>
                <div className="font-normal" data-testid={`projection-${s.condition}`}>
                  {s.condition === baseline ? (
                    <span className="text-zinc-500">baseline: S_base</span>
                  ) : alignment.projectionEqual[i] ? (
                    <span className="text-emerald-700 dark:text-emerald-400">π(focus) = S_base ✓</span>
                  ) : (
                    <span className="text-rose-700 dark:text-rose-400">π(focus) ≠ S_base ✗</span>
                  )}
                </div>
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {alignment.rows.map((row, i) => (
            <tr
              key={i}
              data-kind={row.kind}
              data-focus-index={row.focusIndex ?? undefined}
              className={row.kind === "focus" ? "bg-sky-50 dark:bg-sky-950" : ""}
            >
              {row.cells.map((r, j) => (
                <Cell key={j} r={r} titles={titles} />
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
