// A run without a trajectory still has its schedule and its per-request usage in the release tables: the
// session's requests as a strip (one cell per request, the focus checkout's marked, requests that never ran
// hatched) and a table of what each request cost. Rows come from the run's schedule query (lib/queries/trajectory/sql.ts).
import type { ScheduleRow } from "@/lib/queries/trajectory/sql";
import { HeaderRow, Table, Td } from "@/components/ui/Table";
import { Panel } from "@/components/ui/Panel";

const fmt = (v: number | null, digits = 0) =>
  v === null ? "—" : v.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function ScheduleUsage({ schedule }: { schedule: ScheduleRow[] }) {
  return (
    <Panel
      title="Schedule and usage"
      label="schedule and usage"
      data-testid="schedule-usage"
      className="space-y-2"
      titleClassName="font-semibold"
    >
      <ol className="flex flex-wrap gap-0.5" data-testid="schedule-strip" aria-label="requests in order">
        {schedule.map((r) => (
          <li
            key={r.position}
            data-position={r.position}
            data-ran={r.ran}
            data-focus={r.is_focus}
            title={`request ${r.position}: ${r.task_id} ${r.is_submit ? "finalization" : `stage ${r.stage}`} in ${r.workspace}${r.ran ? "" : " (never ran)"}`}
            className={`h-5 w-5 rounded-sm border text-center text-[10px] leading-5 ${r.is_focus ? "border-amber-600 bg-amber-200 text-amber-950 dark:bg-amber-800 dark:text-amber-50" : "border-zinc-400 bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100"} ${r.ran ? "" : "opacity-40 [background-image:repeating-linear-gradient(45deg,transparent_0_3px,rgba(0,0,0,.25)_3px_4px)]"}`}
          >
            {r.position}
          </li>
        ))}
      </ol>
      <Table className="w-full text-xs tabular-nums" caption="Each request of the session and the run's usage for it">
        <thead>
          <HeaderRow
            look="ruled"
            className="text-left text-zinc-500"
            cellClassName="font-normal"
            columns={[
              "#",
              "Task",
              "Request",
              "Checkout",
              { label: "Tokens", numeric: true },
              { label: "Cached", numeric: true },
              { label: "Model calls", numeric: true },
              { label: "Tool calls", numeric: true },
              { label: "Wall s", numeric: true },
              { label: "Cost $", numeric: true },
            ]}
          />
        </thead>
        <tbody>
          {schedule.map((r) => (
            <tr
              key={r.position}
              data-usage-position={r.position}
              className="border-b border-zinc-100 dark:border-zinc-900"
            >
              <td>{r.position}</td>
              <td>
                <code>{r.task_id}</code>
                {r.is_focus ? " ★" : ""}
              </td>
              <td>{r.is_submit ? "finalization" : `stage ${r.stage}`}</td>
              <td>{r.workspace}</td>
              {r.ran ? (
                <>
                  <Td numeric>{fmt(r.tokens)}</Td>
                  <Td numeric>{fmt(r.cached_tokens)}</Td>
                  <Td numeric>{fmt(r.model_calls)}</Td>
                  <Td numeric>{fmt(r.tool_calls)}</Td>
                  <Td numeric>{fmt(r.wall_s, 1)}</Td>
                  <Td numeric>{fmt(r.cost_usd, 4)}</Td>
                </>
              ) : (
                <td colSpan={6} className="text-zinc-500">
                  never ran
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </Table>
    </Panel>
  );
}
