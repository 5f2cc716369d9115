// The SQL console's tables, from its release source: where each is served is the source's to say (the published
// release's files, lib/db/wasm.ts `publishedTables`; each open local release's blob: URLs, lib/local/db.ts), so
// the console (components/sql/SqlConsole.tsx) builds no URL of its own. The console loads them into an engine of
// its own (console.ts) rather than the views' DuckDB-WASM.
import { publishedFile, publishedTables } from "../db/wasm";
import { appendTextsSql, CREATE_EMPTY_TEXTS_SQL, stepsViewSql } from "../queries/search/index-tables";
import { STEPS_TABLE, STEPS_TABLES, type StepsManifest } from "../queries/search/shards";
import type { ConsoleSource } from "./console";
import type { ReleaseSource } from "./release-source";

/**
 * The steps index's tables (lib/queries/search/index-tables.ts), each loaded when a statement names it, and the
 * flat `steps` of docs/data-format.md as a view over them.
 */
function stepsTables(releaseId: string, m: StepsManifest): ConsoleSource[] {
  const lazy = (table: string, files: { file: string }[], more: Partial<ConsoleSource> = {}): ConsoleSource => ({
    schema: "main",
    table,
    urls: files.map((f) => publishedFile(releaseId, f.file)),
    lazy: true,
    ...more,
  });
  const t = STEPS_TABLES;
  return [
    lazy(t.runs, [m.runs]),
    lazy(t.contexts, [m.contexts]),
    lazy(t.texts, m.texts, { transform: { create: CREATE_EMPTY_TEXTS_SQL, append: appendTextsSql } }),
    lazy(t.index, m.shards),
    lazy(STEPS_TABLE, [], { view: { sql: stepsViewSql(), needs: [t.runs, t.contexts, t.texts, t.index] } }),
  ];
}

/** A local release's schema in the console: its id (local-1) as an identifier (local_1). */
function localSchema(localId: string): string {
  return localId.replace(/[^a-z0-9]/g, "_");
}

/**
 * `written`: the tables the build wrote for the published release (release.json); `steps`: its steps index, or
 * null. The published tables in `main`, then each local release the source reads in a schema of its own.
 */
export function consoleTables(
  source: ReleaseSource,
  written: readonly string[],
  steps: StepsManifest | null,
): ConsoleSource[] {
  const published = publishedTables(source.releaseId);
  return [
    ...written.map((t) => ({ schema: "main", table: t, urls: [published.url(t)] })),
    ...(steps ? stepsTables(source.releaseId, steps) : []),
    ...source.locals.flatMap((l) =>
      l.names.map((t) => ({ schema: localSchema(l.localId), table: t, urls: [l.source.url(t)] })),
    ),
  ];
}
