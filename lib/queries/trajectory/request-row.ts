// A scheduled request as the queries select it from the requests table: the column list and the row type
// it yields, in one place, for the task page's schedules (catalog.ts, aligned in catalog-align.ts) and the
// run's schedule beside a trajectory (trajectory.ts).
import type { TableRowOf } from "../../data/table-rows";

/** `stage` is null for the finalization request. */
export type RequestRow = Pick<
  TableRowOf<"requests">,
  "position" | "task_id" | "stage" | "is_submit" | "workspace" | "is_focus" | "workspace_switch" | "focus_return"
>;

/** The RequestRow columns of the requests table aliased `q`, cast to the row's types. */
export function requestColumnsSql(q: string): string {
  return `${q}.position::INTEGER AS position, ${q}.task_id, ${q}.stage::INTEGER AS stage, ${q}.is_submit, ${q}.workspace, ${q}.is_focus,
  ${q}.workspace_switch, ${q}.focus_return`;
}
