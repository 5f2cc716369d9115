// Local results in DuckDB-WASM: each opened release gets its own schema (lib/db/wasm.ts), filled from the
// worker's Arrow IPC bytes through blob: URLs of this page, and the leaderboard is computed there by the same
// lib/queries SQL as the published numbers. Nothing is sent anywhere.
import type { Db } from "../queries/db-types";
import { releaseDb, type TableSource } from "../db/wasm";
import { computeCostRows, type CostRows } from "../queries/cost-model";
import type { TaskScope } from "../queries/leaderboard";
import { computeLeaderboard, type LeaderboardMeta, type LeaderboardModel } from "../queries/leaderboard-model";
import { DERIVE_RUN_TOTALS, DERIVE_TASK_CELLS } from "../queries/derive";
import { combinedViewSql, isUnioned, LOCAL_PREFIX } from "../queries/local-union";
import { TRAJECTORY_RUNS_SQL, type TrajectoryRunRow } from "../queries/trajectory";

export interface LocalTables {
  /** The DuckDB-WASM schema's release id: local-1, local-2, … (never a published release's id). */
  localId: string;
  source: TableSource;
  urls: string[];
  /** The tables' names (the SQL console lists and loads them all). */
  names: string[];
}

let opened = 0;

export function registerLocalTables(tables: Record<string, Uint8Array>): LocalTables {
  const localId = `local-${++opened}`;
  const byTable = new Map(
    Object.entries(tables).map(([name, bytes]) => [
      name,
      URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>])),
    ]),
  );
  return {
    localId,
    names: [...byTable.keys()],
    urls: [...byTable.values()],
    source: {
      url: (table) => {
        const url = byTable.get(table);
        if (!url) throw new Error(`the local release has no table ${table}`);
        return url;
      },
    },
  };
}

export function forgetLocalTables(t: LocalTables): void {
  for (const url of t.urls) URL.revokeObjectURL(url);
}

/** Runs `make` once per key (a failure is forgotten, so the next caller tries again); later callers wait for it. */
function once(done: Map<string, Promise<void>>, key: string, make: () => Promise<unknown>): Promise<void> {
  let made = done.get(key);
  if (!made) {
    made = make().then(() => undefined);
    made.catch(() => done.delete(key));
    done.set(key, made);
  }
  return made;
}

const CELL_INPUTS = ["configs", "sessions", "tasks", "runs"] as const;
const derived = new Map<string, Promise<void>>();

/**
 * A local release's door: its record tables from the worker's Arrow bytes, and task_cells derived in its schema
 * by the build's own SQL (lib/queries/derive.ts), once, when a view asks for it.
 */
async function localDb(t: LocalTables, tables: readonly string[]): Promise<Db> {
  const cells = tables.includes("task_cells");
  const raw = [...new Set([...tables.filter((x) => x !== "task_cells"), ...(cells ? CELL_INPUTS : [])])];
  const db = await releaseDb(t.localId, raw, t.source);
  if (cells) await once(derived, t.localId, () => db.query(DERIVE_TASK_CELLS));
  return db;
}

const totals = new Map<string, Promise<void>>();

/**
 * A local release's door for the trajectory page (lib/site/browser-trajectory.ts): its tables, with the per-run
 * usage totals the run header reads derived once by the build's own SQL (derive.ts), as the build does for a
 * published release. The runs table then has the published one's columns (the combined views match by name).
 */
export async function localRunDb(t: LocalTables, tables: readonly string[]): Promise<Db> {
  const db = await localDb(t, [...new Set([...tables, "runs", "request_usage"])]);
  await once(totals, t.localId, () => db.query(DERIVE_RUN_TOTALS));
  return db;
}

/** The local release's runs that name a trajectory (the run list's own SQL), ids prefixed "local:" as everywhere. */
export async function localTrajectoryRuns(t: LocalTables): Promise<TrajectoryRunRow[]> {
  const db = await localDb(t, ["runs", "configs", "sessions", "tasks", "annotations"]);
  const rows = (await db.query<TrajectoryRunRow>(TRAJECTORY_RUNS_SQL)).filter((r) => r.trajectory !== null);
  return rows.map((r) => ({ ...r, run_id: LOCAL_PREFIX + r.run_id, config_id: LOCAL_PREFIX + r.config_id }));
}

export async function localLeaderboard(
  t: LocalTables,
  meta: LeaderboardMeta,
  scope: TaskScope,
): Promise<LeaderboardModel> {
  return computeLeaderboard(await localDb(t, ["configs", "task_cells"]), meta, scope);
}

const COST_TABLES = ["configs", "sessions", "tasks", "runs", "requests", "request_usage", "task_cells"] as const;

/** Table 2, the scatter and the failure breakdown of a local release, by the cost page's own SQL. */
export async function localCostRows(t: LocalTables, baseline: string): Promise<CostRows> {
  return computeCostRows(await localDb(t, COST_TABLES), baseline);
}

async function schemaOf(db: Db): Promise<string> {
  const [row] = await db.query<{ s: string }>("SELECT current_schema() AS s");
  if (!row) throw new Error("DuckDB-WASM gave no current schema");
  return row.s;
}

/** Views created per combined schema and table (each once). */
const views = new Map<string, Promise<void>>();

/**
 * A door over the published release and some local releases together (lib/queries/local-union.ts): `tables`
 * become views of a schema of their own, so the compare SQL pairs a local configuration ("local:<id>") with a
 * published one. The published and local tables are loaded first (each at most once, as for any view).
 */
export async function combinedDb(
  publishedId: string,
  locals: readonly LocalTables[],
  tables: readonly string[],
): Promise<Db> {
  const combinedId = `${locals.map((l) => l.localId).join("+")}+${publishedId}`;
  const [published, ...localDbs] = await Promise.all([
    releaseDb(publishedId, tables),
    ...locals.map((l) => localDb(l, tables.filter(isUnioned))),
  ]);
  const db = await releaseDb(combinedId, []);
  const [target, pub, ...loc] = await Promise.all([schemaOf(db), schemaOf(published), ...localDbs.map(schemaOf)]);
  for (const table of tables) {
    await once(views, `${combinedId}/${table}`, () => db.query(combinedViewSql(table, target, pub, loc)));
  }
  return db;
}
