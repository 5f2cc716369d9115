// The run list (/r/<release>/runs/) at any size. Its static HTML holds an index (each configuration's run
// counts, the conditions, the list's first page) and the rows are read a configuration at a time (configRunsQuery,
// answered ahead by the build) when a view needs them: at scale every run as page props made one page far too
// large (docs/scale.md). The list is the configurations' lists one after another (trajectoryRunsSql's order), so a
// page of the whole list spans one or two configurations.
import { defineDerived, defineQuery, type QuerySource } from "../../db/query";
import { LOCAL_PREFIX } from "../local/union.sql";
import { trajectoryRunCountQuery, trajectoryRunPageQuery, trajectoryRunPageSql, type TrajectoryRunRow } from "./sql";
import type { Signature } from "../../trajectory/tags";

/** Rows a page shows. */
export const RUNS_PER_PAGE = 100;

/**
 * Past this many runs a filter other than the configuration needs a configuration chosen first: filtering
 * every run would fetch every file, a download that grows with the release.
 */
export const RUN_LIST_ALL_LIMIT = 20_000;

export interface RunListConfig {
  config_id: string;
  display_name: string;
  runs: number;
  with_trajectory: number;
}

export interface RunListIndex {
  runs: number;
  with_trajectory: number;
  conditions: string[];
  /** Every configuration with at least one run, in the list's order. */
  configs: RunListConfig[];
  /** The whole list's first RUNS_PER_PAGE rows (what the page shows before any filter). */
  first: TrajectoryRunRow[];
}

/** Per configuration in the list's order (its sort order, then its id), how many runs and trajectories. */
export const runListConfigsQuery = defineQuery<void, RunListConfig>({
  name: "run list configurations",
  tables: ["runs", "configs"],
  sql: () => `
SELECT c.config_id, c.display_name, COUNT(*)::INTEGER AS runs, COUNT(r.trajectory)::INTEGER AS with_trajectory
FROM runs r JOIN configs c ON c.config_id = r.config_id
GROUP BY c.config_id, c.display_name, c.sort_order
ORDER BY c.sort_order, c.config_id`,
});

/** The whole list's first page (with or without a trajectory), in the list's order. */
export const runListFirstPageQuery = defineQuery<void, TrajectoryRunRow>({
  name: "run list first page",
  tables: ["runs", "configs", "sessions", "tasks", "annotations"],
  sql: () => trajectoryRunPageSql({}, 0, RUNS_PER_PAGE),
});

/** One file's slice of a page: rows [from, to) of configs[file]'s list. */
export interface PageSlice {
  file: number;
  from: number;
  to: number;
}

export interface ListPage {
  /** 0-based; a page past the last is the last, a negative one the first. */
  page: number;
  pages: number;
  /** The page's first row (0-based) and how many rows it holds: a query's OFFSET and LIMIT. */
  offset: number;
  limit: number;
}

/** Page `page` of a list of `total` rows, `perPage` to a page (an empty list has one empty page). */
export function listPage(total: number, page: number, perPage = RUNS_PER_PAGE): ListPage {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const shown = Math.min(Math.max(0, Math.floor(page) || 0), pages - 1);
  const offset = shown * perPage;
  return { page: shown, pages, offset, limit: Math.max(0, Math.min(perPage, total - offset)) };
}

const pagesOf = (total: number) => listPage(total, 0).pages;

/** The files and rows holding rows [page × perPage, (page + 1) × perPage) of the whole list. */
export function pageSlices(counts: readonly number[], page: number, perPage = RUNS_PER_PAGE): PageSlice[] {
  const start = page * perPage;
  const end = start + perPage;
  const slices: PageSlice[] = [];
  let offset = 0;
  counts.forEach((n, file) => {
    const from = Math.max(start, offset);
    const to = Math.min(end, offset + n);
    if (from < to) slices.push({ file, from: from - offset, to: to - offset });
    offset += n;
  });
  return slices;
}

export interface RunFilters {
  config: string;
  condition: string;
  /** "with": runs that publish a trajectory; "without": runs that do not. */
  has: "" | "with" | "without";
  tag: "" | "any" | Signature;
  text: string;
  /** 0-based. */
  page: number;
}

/**
 * What a view of the list needs: the index's first page; some rows of some files (the whole list paged with no
 * filter); every row of some files, filtered (a configuration's, or every file's in a small release); or a
 * configuration chosen first (a filter over a large release's every run).
 */
export type RunListPlan =
  | { kind: "first" }
  | { kind: "slices"; page: number; slices: PageSlice[] }
  | { kind: "filter"; files: number[] }
  | { kind: "needs-config" };

export function runListPlan(index: RunListIndex, f: RunFilters, allLimit = RUN_LIST_ALL_LIMIT): RunListPlan {
  if (f.config) {
    const n = index.configs.findIndex((c) => c.config_id === f.config);
    return { kind: "filter", files: n < 0 ? [] : [n] };
  }
  const filtered = f.condition !== "" || f.has !== "" || f.tag !== "" || f.text.trim() !== "";
  if (!filtered) {
    // A page past the last shows the last.
    const page = Math.min(f.page, pagesOf(index.runs) - 1);
    if (page === 0) return { kind: "first" };
    const slices = pageSlices(
      index.configs.map((c) => c.runs),
      page,
    );
    return { kind: "slices", page, slices };
  }
  if (index.runs > allLimit) return { kind: "needs-config" };
  return { kind: "filter", files: index.configs.map((_, n) => n) };
}

/** The rows a filter keeps (the configuration is the files chosen; every other filter here). */
export function filterRuns(rows: readonly TrajectoryRunRow[], f: RunFilters): TrajectoryRunRow[] {
  const text = f.text.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (!f.config || r.config_id === f.config) &&
      (!f.condition || r.condition === f.condition) &&
      (!f.has || (r.trajectory !== null) === (f.has === "with")) &&
      (f.tag === "" || (f.tag === "any" ? r.requirement_state_loss + r.cross_task_interference > 0 : r[f.tag] > 0)) &&
      (!text || `${r.run_id} ${r.focus_task_id} ${r.repo ?? ""}`.toLowerCase().includes(text)),
  );
}

export interface RunListView {
  /** Runs the view's filters keep. */
  total: number;
  /** 0-based, within the view's pages. */
  page: number;
  pages: number;
  rows: TrajectoryRunRow[];
}

/**
 * A plan's rows once its files are loaded (`files`: file number → its rows), or null while one it needs is not.
 * A page past the last shows the last.
 */
export function runListView(
  index: RunListIndex,
  plan: RunListPlan,
  files: ReadonlyMap<number, readonly TrajectoryRunRow[]>,
  f: RunFilters,
): RunListView | null {
  switch (plan.kind) {
    case "needs-config":
      return null;
    case "first":
      return { total: index.runs, page: 0, pages: pagesOf(index.runs), rows: index.first };
    case "slices": {
      if (plan.slices.some((s) => !files.has(s.file))) return null;
      const rows = plan.slices.flatMap((s) => files.get(s.file)!.slice(s.from, s.to));
      return { total: index.runs, page: plan.page, pages: pagesOf(index.runs), rows };
    }
    case "filter": {
      if (plan.files.some((n) => !files.has(n))) return null;
      const kept = filterRuns(
        plan.files.flatMap((n) => files.get(n)!),
        f,
      );
      const { page, pages, offset, limit } = listPage(kept.length, f.page);
      return { total: kept.length, page, pages, rows: kept.slice(offset, offset + limit) };
    }
  }
}

/** The files a plan reads. */
export function planFiles(plan: RunListPlan): number[] {
  if (plan.kind === "slices") return plan.slices.map((s) => s.file);
  if (plan.kind === "filter") return plan.files;
  return [];
}

/** The run list's index (the run list page's model, in the page's static HTML): its configurations and its first page. */
export async function computeRunListIndex(src: QuerySource, conditions: readonly string[]): Promise<RunListIndex> {
  const configs = await src.run(runListConfigsQuery);
  return {
    runs: configs.reduce((s, c) => s + c.runs, 0),
    with_trajectory: configs.reduce((s, c) => s + c.with_trajectory, 0),
    conditions: [...conditions],
    configs,
    first: await src.run(runListFirstPageQuery),
  };
}

export interface LocalRunPage extends ListPage {
  /** Runs of the release that name a trajectory. */
  total: number;
  rows: TrajectoryRunRow[];
}

/**
 * One page of a local release's runs that name a trajectory (the run list's own SQL and order, LIMIT and OFFSET
 * on its source), ids prefixed as everywhere: a page's rows are all that reach the page's thread, whatever the
 * release holds. A page past the last is the last.
 */
export const localRunPageQuery = defineDerived<number, LocalRunPage>({
  name: "local run page",
  async compute(src, page) {
    const [count] = await src.run(trajectoryRunCountQuery);
    const total = count?.runs ?? 0;
    const at = listPage(total, page);
    const rows = at.limit === 0 ? [] : await src.run(trajectoryRunPageQuery, { offset: at.offset, limit: at.limit });
    const prefixed = rows.map((r) => ({
      ...r,
      run_id: LOCAL_PREFIX + r.run_id,
      config_id: LOCAL_PREFIX + r.config_id,
    }));
    return { ...at, total, rows: prefixed };
  },
});
