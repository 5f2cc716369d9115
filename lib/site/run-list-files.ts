// The run list's per-configuration files (lib/queries/trajectory/run-list.ts), each fetched once per page
// visit: paging back and forth or changing a filter reuses what came.
import { runListFile } from "../queries/trajectory/run-list";
import type { TrajectoryRunRow } from "../queries/trajectory/sql";
import { fetchJsonOnce } from "./fetch-once";

export async function runListRows(releaseId: string, file: number): Promise<TrajectoryRunRow[]> {
  const url = `/data/${releaseId}/${runListFile(file)}`;
  const body = await fetchJsonOnce<unknown>(url);
  if (!Array.isArray(body)) throw new Error(`${url}: not a list of runs`);
  return body as TrajectoryRunRow[];
}
