// The browser's door to the detector prevalence (lib/queries/signature-prevalence*.ts): loads the release
// tables and the build's derived trajectory-pass tables into DuckDB-WASM and runs the same SQL as the build.
// An empty table has no Arrow file worth loading (DuckDB-WASM cannot insert a stream without batches), so
// tables the build wrote empty, or not at all (a release the pass did not analyse), are created empty here
// with their declared columns: their shares show as unknown instead of failing the view.
import { TABLES } from "../data/tables";
import type { Db } from "../queries/db-types";
import { releaseDb } from "../db/wasm";
import {
  cellRunsSql,
  type CellRunRow,
  type CellRunsFilter,
  type PrevalenceScope,
} from "../queries/signature-prevalence";
import { computePrevalence, type PrevalenceMeta, type PrevalenceModel } from "../queries/signature-prevalence-model";
import { SIGNATURE_DERIVED_TABLES } from "../queries/signature-tables";

const PREVALENCE_TABLES = [
  "configs",
  "sessions",
  "tasks",
  "runs",
  "annotations",
  "run_analysis",
  "signature_tags",
] as const;
// A cell's runs join no configuration and no annotation: two fewer tables to fetch before the list shows.
const CELL_RUN_TABLES = ["sessions", "tasks", "runs", "run_analysis", "signature_tags"] as const;

const COLUMNS: Record<string, Record<string, string>> = {
  ...SIGNATURE_DERIVED_TABLES,
  annotations: TABLES.annotations.columns,
};

/** `loaded`: the tables the build wrote with rows (release.json's table list). */
async function prevalenceDb(
  releaseId: string,
  loaded: readonly string[],
  tables: readonly string[] = PREVALENCE_TABLES,
): Promise<Db> {
  const present = tables.filter((t) => loaded.includes(t) || !COLUMNS[t]);
  const db = await releaseDb(releaseId, present);
  for (const t of tables.filter((x) => !present.includes(x))) {
    await db.query(
      `CREATE TABLE IF NOT EXISTS ${t} (${Object.entries(COLUMNS[t]!)
        .map(([k, ty]) => `"${k}" ${ty}`)
        .join(", ")})`,
    );
  }
  return db;
}

export async function prevalenceFor(
  releaseId: string,
  loaded: readonly string[],
  meta: PrevalenceMeta,
  scope: PrevalenceScope,
): Promise<PrevalenceModel> {
  return computePrevalence(await prevalenceDb(releaseId, loaded), meta, scope);
}

export async function cellRunsFor(
  releaseId: string,
  loaded: readonly string[],
  filter: CellRunsFilter,
): Promise<CellRunRow[]> {
  return (await prevalenceDb(releaseId, loaded, CELL_RUN_TABLES)).query<CellRunRow>(cellRunsSql(filter));
}
