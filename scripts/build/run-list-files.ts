// Writes public/data/<release>/run-list.json and run-list/<n>.json (lib/queries/trajectory/run-list.ts): the run
// list's index and one file per configuration. Configurations go through in batches of about BATCH_RUNS runs,
// so the build holds one batch's rows as objects, not the release's (439,800 at 100× the sample).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { NodeDb } from "../../lib/db/node";
import {
  RUN_LIST_CONFIGS_SQL,
  RUN_LIST_INDEX,
  RUNS_PER_PAGE,
  runListFile,
  splitByConfig,
  type RunListConfig,
  type RunListIndex,
} from "../../lib/queries/trajectory/run-list";
import { trajectoryRunsSql, type TrajectoryRunRow } from "../../lib/queries/trajectory/sql";

const BATCH_RUNS = 20_000;

export async function writeRunList(db: NodeDb, conditions: readonly string[], out: string): Promise<RunListIndex> {
  const configs = await db.query<RunListConfig>(RUN_LIST_CONFIGS_SQL);
  mkdirSync(join(out, "run-list"), { recursive: true });
  const first: TrajectoryRunRow[] = [];
  let batch: number[] = [];
  let batchRuns = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const mine = batch.map((n) => configs[n]!);
    const rows = await db.query<TrajectoryRunRow>(trajectoryRunsSql(mine.map((c) => c.config_id)));
    const split = splitByConfig(mine, rows);
    for (const n of batch) {
      const c = configs[n]!;
      const list = split.get(c.config_id)!;
      if (list.length !== c.runs)
        throw new Error(`run list: ${c.config_id} has ${c.runs} runs but its list ${list.length}`);
      writeFileSync(join(out, runListFile(n)), JSON.stringify(list) + "\n");
      for (const r of list) if (first.length < RUNS_PER_PAGE) first.push(r);
    }
    batch = [];
    batchRuns = 0;
  };
  for (let n = 0; n < configs.length; n++) {
    batch.push(n);
    batchRuns += configs[n]!.runs;
    if (batchRuns >= BATCH_RUNS) await flush();
  }
  await flush();
  const index: RunListIndex = {
    runs: configs.reduce((s, c) => s + c.runs, 0),
    with_trajectory: configs.reduce((s, c) => s + c.with_trajectory, 0),
    conditions: [...conditions],
    configs,
    first,
  };
  writeFileSync(join(out, RUN_LIST_INDEX), JSON.stringify(index) + "\n");
  return index;
}
