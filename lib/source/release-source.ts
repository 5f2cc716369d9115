// What a view runs its queries on (docs/architecture.md, "One door to the data"): a release source. A view
// asks for rows with `run(query, params)` and never learns where they live: the published release's Arrow
// tables in DuckDB-WASM (published.ts), a local release opened on this page (local.ts), or both together
// (combined.ts). The ids of local configurations and runs carry a prefix (lib/queries/local/union.sql.ts); only
// the sources read it, and a view asks them (`origin`, `shownId`, `localRun`) instead.
import type { ParamsOf, Query, QuerySource } from "../db/query";
import type { ReleaseFiles } from "../files/run-files";
import type { LocalTables } from "../local/db";

/** A local run's rows: the local release's own source and the id the run has there. */
export interface LocalRun {
  source: QuerySource;
  runId: string;
  /** The files the user picked: the run's trajectory is read from there, never fetched. */
  files: ReleaseFiles;
}

export interface Traced<R> {
  rows: R[];
  /** Where the rows came from: the build's answer file, or a query engine in the page. */
  from: "answer" | "engine";
}

export interface ReleaseSource extends QuerySource {
  /** `run`, saying where the rows came from (a view that shows whether its numbers needed the engine). */
  traced<P, R>(query: Query<P, R>, ...params: ParamsOf<P>): Promise<Traced<R>>;
  /** The published release alone, whatever local results are open (a panel of published numbers only). */
  readonly published: QuerySource;
  /** The query engine alone, never an answer file: the idle warm-up rehearses on it. */
  readonly engine: QuerySource;
  /** The published release the view belongs to (its static files are under /data/<releaseId>/). */
  readonly releaseId: string;
  /** The local releases read with the published one, in the order opened (none for the published release alone). */
  readonly locals: readonly LocalTables[];
  /** Names everything the source reads: it changes when a local release is opened or closed (async keys). */
  readonly key: string;
  /** Loads the tables these queries name without running them (a page warming up, a search loading its shards). */
  prepare(queries: readonly Query<never, unknown>[]): Promise<void>;
  /** Where a configuration or run id's rows come from (a badge, a client-side link). */
  origin(id: string | null | undefined): "published" | "local";
  /** The id as its own release names it (a local id without the prefix). */
  shownId(id: string): string;
  /**
   * null: the run is not a local one (its rows are this source's, its files are published). Otherwise where its
   * rows are: "gone" when no local release is open on this page (a reload forgets them), null inside the promise
   * when none of the open ones has it. The first local release (in the order opened) that has the run answers.
   */
  localRun(runId: string): Promise<LocalRun | "gone" | null> | null;
}
