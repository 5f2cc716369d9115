// A page of the site declared once (docs/architecture.md, "A page declared once"): its default state as a derived
// query the build answers and the static route renders, the cheap interactions the build answers too, and what
// the browser warms up once the page is idle. The list of every page is pages.ts.
import type { ReleaseMeta } from "../data/schema";
import type { Query, QuerySource } from "../db/query";

/** What every page model is computed for: its release's baseline, conditions and groups. */
export interface PageMeta {
  baseline: string;
  conditions: string[];
  groups: string[];
}

export const pageMeta = (meta: ReleaseMeta): PageMeta => ({
  baseline: meta.baseline_condition,
  conditions: meta.conditions,
  groups: meta.groups,
});

export interface PageWarm<W> {
  /** The queries of the page's next interaction: their tables are loaded when the page is idle (lib/source/warm.ts). */
  queries(): Promise<readonly Query<never, unknown>[]>;
  /**
   * Runs what the page asks next once on the warmed engine: a fresh DuckDB-WASM's first run of a query's shape
   * costs several times its later runs. `next` is what the page's server component passed (WarmDuckDb).
   */
  rehearse?(engine: QuerySource, next: W): Promise<void>;
}

export interface Page<M = unknown, W = unknown> {
  readonly name: string;
  /** The page's default state: answered by the build, read by the static route, run by a source on a miss. */
  readonly model?: Query<PageMeta, M>;
  /** Runs the view's own code for the interactions worth answering ahead; the build records what it asked. */
  ahead?(src: QuerySource, meta: PageMeta): Promise<void>;
  readonly warm?: PageWarm<W>;
}

export function definePage<M = never, W = never>(page: Page<M, W>): Page<M, W> {
  return page;
}

/**
 * Above these many configurations the build writes no answers per pair (they grow as n(n − 1)) or per
 * configuration: they would outgrow the export, and such a release computes those states in the page.
 */
export const AHEAD_MAX_CONFIGS = 30;
export const AHEAD_MAX_CONFIGS_PER_CONFIG = 4 * AHEAD_MAX_CONFIGS;
