// A page of the run list: each run with its link, configuration, focus task, condition, outcome, whether it
// publishes a trajectory, and its trace-signature annotations.
import Link from "next/link";
import { Term } from "@/components/site/Term";
import type { TrajectoryRunRow } from "@/lib/queries/trajectory/sql";
import { runHref } from "@/lib/site/nav";
import { Badge } from "@/components/ui/Badge";
import { HeaderRow, Table } from "@/components/ui/Table";

export function RunListTable({ releaseId, rows }: { releaseId: string; rows: readonly TrajectoryRunRow[] }) {
  return (
    <div className="overflow-x-auto">
      <Table
        className="w-full text-sm"
        caption="Every run of the release, its outcome, whether it publishes a trajectory, and its trace-signature annotations"
      >
        <thead>
          <HeaderRow
            look="ruled"
            className="text-left text-xs text-zinc-500"
            cellClassName="font-normal"
            columns={[
              { label: "Run", className: "py-1" },
              "Configuration",
              "Focus task",
              "Condition",
              <Term term="outcome">Outcome</Term>,
              "Trajectory",
              <Term term="annotations">Annotations</Term>,
            ]}
          />
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.run_id}
              data-run={r.run_id}
              data-has-trajectory={r.trajectory !== null}
              className="border-b border-zinc-100 dark:border-zinc-900"
            >
              <td className="py-1 break-all">
                <Link className="underline" href={runHref(releaseId, r.run_id)} prefetch={false}>
                  {r.run_id}
                </Link>
              </td>
              <td>{r.display_name}</td>
              <td>
                <code>{r.focus_task_id}</code> <span className="text-xs text-zinc-500">{r.task_group}</span>
              </td>
              <td>{r.condition}</td>
              <td>{r.resolved ? "resolved" : (r.failure_class ?? "unresolved")}</td>
              <td className="text-xs">{r.trajectory !== null ? "yes" : <Badge>no trajectory</Badge>}</td>
              <td className="text-xs">
                {r.requirement_state_loss ? (
                  <Badge tone="bad" className="mr-1">
                    RSL ×{r.requirement_state_loss}
                  </Badge>
                ) : null}
                {r.cross_task_interference ? <Badge tone="info">CTI ×{r.cross_task_interference}</Badge> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
