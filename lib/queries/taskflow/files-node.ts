// Build-time load of a release's target Task Flows (docs/data-format.md: taskflow/<name>.json) into the table
// `taskflow_targets` (file, its text), which the Task Flow page's model reads (taskFlowTargetsQuery) as it reads
// any table. Node only: the browser gets the parsed targets inside the page's answer.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { NodeDb } from "../../db/node";
import { sqlString } from "../../db/sql";
import { TASKFLOW_TARGETS } from "./sql";

export async function loadTargetFilesNode(db: NodeDb, releaseDir: string): Promise<void> {
  const dir = join(releaseDir, "taskflow");
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")) : [];
  const rows = files.map((file) => `(${sqlString(file)}, ${sqlString(readFileSync(join(dir, file), "utf8"))})`);
  await db.run(`CREATE OR REPLACE TABLE ${TASKFLOW_TARGETS} (file VARCHAR, text VARCHAR)`);
  if (rows.length > 0) await db.run(`INSERT INTO ${TASKFLOW_TARGETS} VALUES ${rows.join(", ")}`);
}
