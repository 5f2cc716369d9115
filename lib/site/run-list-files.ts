// The run list's per-configuration files (lib/queries/trajectory/run-list.ts), fetched once per page visit
// each: paging back and forth or changing a filter reuses what came.
import { runListFile } from "../queries/trajectory/run-list";
import type { TrajectoryRunRow } from "../queries/trajectory/sql";

const cache = new Map<string, Promise<TrajectoryRunRow[]>>();

export function runListRows(releaseId: string, file: number): Promise<TrajectoryRunRow[]> {
  const url = `/data/${releaseId}/${runListFile(file)}`;
  let rows = cache.get(url);
  if (!rows) {
    rows = fetch(url).then(async (res) => {
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
      const body = (await res.json()) as unknown;
      if (!Array.isArray(body)) throw new Error(`${url}: not a list of runs`);
      return body as TrajectoryRunRow[];
    });
    // A failed fetch is not kept: the next view asks again.
    rows.catch(() => cache.delete(url));
    cache.set(url, rows);
  }
  return rows;
}
