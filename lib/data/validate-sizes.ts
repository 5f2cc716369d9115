// The build's size limits on the tables made from tasks, sessions, configurations and annotations (issue 58): each
// row goes to DuckDB as one JSON line, which DuckDB refuses over 16 MiB, and each table leaves as one Arrow file,
// which the export refuses over 20 MiB. Measured on the very rows the build writes (lib/data/tables.ts), so a
// release that passes loads and exports. Rules record.too_large and table.too_large (docs/data-format.md).
// The per-run tables grow with the number of runs, not with any one text; their rows hold ids and references that
// other rules bound (id.too_long, run.trajectory_path), and their files' size is a matter of scale (docs/scale.md).
import { mib, ROW_BUDGET_BYTES, TABLE_BUDGET_BYTES, utf8Length, DUCKDB_OBJECT_BYTES, EXPORT_FILE_CAP_BYTES } from "./build-limits";
import { releaseTableParts, type TableName, type TableRow } from "./tables";
import { FILE_OF, type Context, type RecordKind, type RecordOf } from "./validate-context";

type Source = { [K in RecordKind]: { kind: K; of: (row: TableRow, ctx: Context) => RecordOf[K] | undefined } }[RecordKind];

const byTask: Source = { kind: "task", of: (row, ctx) => ctx.tasks.get(row.task_id as string) };
const bySession: Source = { kind: "session", of: (row, ctx) => ctx.sessions.get(row.session_id as string) };

/** The record each release-level table's row is made of, and the file its problems are reported in. */
const SOURCES: Partial<Record<TableName, Source>> = {
  tasks: byTask,
  task_stages: byTask,
  task_files: byTask,
  task_tests: byTask,
  sessions: bySession,
  session_workspaces: bySession,
  requests: bySession,
  configs: { kind: "config", of: (row, ctx) => ctx.configs.get(row.config_id as string) },
  annotations: { kind: "annotation", of: (row, ctx) => ctx.release.annotations[row.annotation_id as number] },
};

export function checkBuildSizes(ctx: Context): void {
  // The first part holds every release-level table whole (releaseTableParts); the per-run parts are not made.
  const first = releaseTableParts(ctx.release).next();
  if (first.done) return;
  for (const [name, source] of Object.entries(SOURCES) as [TableName, Source][]) {
    let total = 0;
    const reported = new Set<object>();
    for (const row of first.value[name] as TableRow[]) {
      const bytes = utf8Length(JSON.stringify(row)) + 1;
      total += bytes;
      if (bytes <= ROW_BUDGET_BYTES) continue;
      const record = source.of(row, ctx);
      if (!record || reported.has(record)) continue;
      reported.add(record);
      ctx.error(
        source.kind,
        record,
        "record.too_large",
        `its row of the build's ${name} table is ${mib(bytes)} as the JSON line the build gives DuckDB, over ${mib(ROW_BUDGET_BYTES)} (DuckDB refuses an object over ${mib(DUCKDB_OBJECT_BYTES)}); shorten its longest text`,
      );
    }
    if (total > TABLE_BUDGET_BYTES) {
      ctx.problems.push({
        level: "error",
        file: FILE_OF[source.kind],
        rule: "table.too_large",
        message: `the build's ${name} table would be ${mib(total)} of rows, over the ${mib(TABLE_BUDGET_BYTES)} that keeps its ${name}.arrow within the ${mib(EXPORT_FILE_CAP_BYTES)} a file of the export may have (static hosts refuse larger files)`,
      });
    }
  }
}
