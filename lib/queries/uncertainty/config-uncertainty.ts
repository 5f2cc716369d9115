// One configuration's uncertainty from its task rows (sql.ts), as pure functions: the rates and gaps with their
// plain (task) and clustered (repository) intervals and design effects (metrics/cluster-bootstrap.ts), far − near
// per condition with its paired interval, and the repeat metrics (metrics/pass-k.ts) when it ran every cell more
// than once. Each value is the leaderboard's (leaderboard/model.ts) for the same cell: a rate is 100 Σc / Σn over
// the group's tasks, a gap the baseline's rate minus the condition's, and the per-task differences a gap's
// bootstrap resamples are the leaderboard's, in its order, so with its reps and seed the plain interval of a gap is
// the leaderboard's interval to the last digit.
import {
  clusterBootstrap,
  farMinusNear,
  withinClusterDifference,
  type ClusteredEstimate,
  type GroupTasks,
} from "../../metrics/cluster-bootstrap";
import { percentDifference } from "../../metrics/exact-scale";
import type { BootstrapOptions } from "../../metrics/paired-interval";
import { repeatMetrics, type TaskRepeats } from "../../metrics/pass-k";
import { OVERALL, type TaskScope } from "../leaderboard/sql";
import type { TaskRepeatRow } from "./sql";
import type { ClusteredCell, ConfigUncertainty, FarNearCell, RepeatCell, WithinRepoDifference } from "./types";

export interface UncertaintyMeta {
  groups: string[];
  conditions: string[];
  baseline: string;
}

/** The groups farNear needs: both present in the release. */
export const NEAR = "near";
export const FAR = "far";

const pct = (x: number) => 100 * x;

/** The rows of a leaderboard scope (a repository or task subset), filtered as its SQL filters task_cells. */
export function rowsInScope<R extends Pick<TaskRepeatRow, "repo" | "task_id">>(
  rows: readonly R[],
  scope: TaskScope = {},
): R[] {
  const repos = scope.repos?.length ? new Set(scope.repos) : null;
  const tasks = scope.taskIds?.length ? new Set(scope.taskIds) : null;
  if (!repos && !tasks) return [...rows];
  return rows.filter((r) => (!repos || repos.has(r.repo)) && (!tasks || tasks.has(r.task_id)));
}

/** Rows by condition, each condition's in the order given (task_id order from the SQL). */
function byCondition(rows: readonly TaskRepeatRow[]): Map<string, TaskRepeatRow[]> {
  const out = new Map<string, TaskRepeatRow[]>();
  for (const r of rows) {
    const list = out.get(r.condition);
    if (list) list.push(r);
    else out.set(r.condition, [r]);
  }
  return out;
}

const inGroup = (grp: string) => (r: TaskRepeatRow) => grp === OVERALL || r.grp === grp;

/**
 * Below this the task bootstrap's variance is rounding, not resampling: the draws of tasks that all share one
 * value (every mean of 1/3s) differ in their last bits, and the ratio of two such variances is noise. A real
 * resampling variance of a mean over n tasks whose scores step by 1/R (R repeats) is at least about 1/(R·n)²,
 * far above this for any release.
 */
const NO_VARIANCE = 1e-12;

const designEffectOf = (designEffect: number, taskVariance: number) =>
  taskVariance > NO_VARIANCE ? designEffect : Number.NaN;

function clusteredCell(value: number, est: ClusteredEstimate): ClusteredCell {
  return {
    value,
    tasks: est.tasks,
    repos: est.clusters,
    plain: { lo: pct(est.task.lo), hi: pct(est.task.hi) },
    cluster: { lo: pct(est.cluster.lo), hi: pct(est.cluster.hi) },
    designEffect: designEffectOf(est.designEffect, est.task.variance),
  };
}

/** Resolved runs and runs (missing ones included) over the rows. */
function countsOf(rows: readonly TaskRepeatRow[]): { c: number; n: number } {
  let c = 0;
  let n = 0;
  for (const r of rows) {
    c += r.c;
    n += r.n;
  }
  return { c, n };
}

/** A group's rate under one condition; undefined without tasks (the leaderboard has no cell then either). */
function rateCell(rows: readonly TaskRepeatRow[], opts: BootstrapOptions): ClusteredCell | undefined {
  if (rows.length === 0) return undefined;
  const { c, n } = countsOf(rows);
  const est = clusterBootstrap(
    rows.map((r) => r.c / r.n),
    rows.map((r) => r.repo),
    opts,
  );
  // 100·Σc / Σn, multiplied first as the leaderboard's SQL does, so the two agree to the last digit.
  return clusteredCell((100 * c) / n, est);
}

/** Per-task gaps of a group, with the tasks' ids (the pooled far − near averages them task by task). */
export interface TaskGaps extends GroupTasks {
  values: number[];
  clusters: string[];
  ids: string[];
}

/** Per baseline task of the group: baseline score − condition score (a task without the condition's row: 0). */
function taskGaps(base: readonly TaskRepeatRow[], other: readonly TaskRepeatRow[]): TaskGaps {
  const scoreOf = new Map(other.map((r) => [r.task_id, r.c / r.n]));
  return {
    values: base.map((b) => b.c / b.n - (scoreOf.get(b.task_id) ?? 0)),
    clusters: base.map((b) => b.repo),
    ids: base.map((b) => b.task_id),
  };
}

/** The near and far tasks' gaps of one configuration under one condition. */
export function farNearGaps(
  meta: UncertaintyMeta,
  rows: readonly TaskRepeatRow[],
  condition: string,
): { near: TaskGaps; far: TaskGaps } {
  const cond = byCondition(rows);
  const base = cond.get(meta.baseline) ?? [];
  const other = cond.get(condition) ?? [];
  return {
    near: taskGaps(base.filter(inGroup(NEAR)), other.filter(inGroup(NEAR))),
    far: taskGaps(base.filter(inGroup(FAR)), other.filter(inGroup(FAR))),
  };
}

function withinRepo(near: GroupTasks, far: GroupTasks, opts: BootstrapOptions): WithinRepoDifference {
  const w = withinClusterDifference(near, far, opts);
  return { value: pct(w.estimate), lo: pct(w.lo), hi: pct(w.hi), repos: w.clusters, oneGroup: w.oneGroup };
}

/**
 * far − near from per-task gaps (the pooled one): the task-weighted difference with its repository-clustered and
 * plain intervals, and the difference within repositories. Undefined when a group has no task.
 */
export function farNearOfGaps(near: TaskGaps, far: TaskGaps, opts: BootstrapOptions): FarNearCell | undefined {
  if (near.values.length === 0 || far.values.length === 0) return undefined;
  const d = farMinusNear(near, far, opts);
  return {
    value: pct(d.estimate),
    near: pct(d.near),
    far: pct(d.far),
    plain: { lo: pct(d.task.lo), hi: pct(d.task.hi) },
    cluster: { lo: pct(d.cluster.lo), hi: pct(d.cluster.hi) },
    designEffect: designEffectOf(d.designEffect, d.task.variance),
    byRepo: withinRepo(near, far, opts),
  };
}

/** The repeat count R: every task of a configuration counts R runs. */
export const repeatsOf = (rows: readonly Pick<TaskRepeatRow, "n">[]) => rows.reduce((m, r) => Math.max(m, r.n), 0);

/** Repeat metrics per group × condition at k = R; empty when R < 2 (one run per cell: nothing to repeat). */
export function repeatCells(
  meta: UncertaintyMeta,
  rows: readonly TaskRepeatRow[],
): Record<string, Record<string, RepeatCell>> {
  const r = repeatsOf(rows);
  if (r < 2) return {};
  const cond = byCondition(rows);
  const out: Record<string, Record<string, RepeatCell>> = {};
  for (const grp of [OVERALL, ...meta.groups]) {
    for (const condition of meta.conditions) {
      const tasks: TaskRepeats[] = (cond.get(condition) ?? []).filter(inGroup(grp)).map(({ n, c }) => ({ n, c }));
      if (tasks.length === 0) continue;
      const m = repeatMetrics(tasks, r);
      (out[grp] ??= {})[condition] = {
        repeats: r,
        k: m.k,
        tasks: m.tasks,
        passAtK: pct(m.passAtK),
        passHatK: pct(m.passHatK),
        flipRate: pct(m.flipRate),
        consistency: pct(m.consistency),
      };
    }
  }
  return out;
}

function farNearCell(
  near: ClusteredCell,
  far: ClusteredCell,
  base: TaskRepeatRow[],
  other: TaskRepeatRow[],
  opts: BootstrapOptions,
): FarNearCell {
  const nearGaps = taskGaps(base.filter(inGroup(NEAR)), other.filter(inGroup(NEAR)));
  const farGaps = taskGaps(base.filter(inGroup(FAR)), other.filter(inGroup(FAR)));
  const d = farMinusNear(nearGaps, farGaps, opts);
  return {
    value: far.value - near.value,
    near: near.value,
    far: far.value,
    plain: { lo: pct(d.task.lo), hi: pct(d.task.hi) },
    cluster: { lo: pct(d.cluster.lo), hi: pct(d.cluster.hi) },
    designEffect: designEffectOf(d.designEffect, d.task.variance),
    byRepo: withinRepo(nearGaps, farGaps, opts),
  };
}

/**
 * One configuration's uncertainty from its rows (any scope already applied): rates, gaps, far − near, repeats.
 * `opts`: the bootstrap's reps and seed (both intervals of every cell use the same).
 */
export function configUncertainty(
  meta: UncertaintyMeta,
  configId: string,
  rows: readonly TaskRepeatRow[],
  opts: BootstrapOptions,
): ConfigUncertainty {
  const groups = [OVERALL, ...meta.groups];
  const cond = byCondition(rows);
  const out: ConfigUncertainty = { config_id: configId, rates: {}, gaps: {}, farNear: {}, repeats: {} };
  for (const grp of groups) {
    out.rates[grp] = {};
    out.gaps[grp] = {};
    for (const condition of meta.conditions) {
      const cell = rateCell((cond.get(condition) ?? []).filter(inGroup(grp)), opts);
      if (cell) out.rates[grp][condition] = cell;
    }
  }
  const base = cond.get(meta.baseline) ?? [];
  for (const condition of meta.conditions.filter((c) => c !== meta.baseline)) {
    const other = cond.get(condition) ?? [];
    for (const grp of groups) {
      const b = out.rates[grp]![meta.baseline];
      const o = out.rates[grp]![condition];
      if (!b || !o) continue;
      const [baseRows, otherRows] = [base.filter(inGroup(grp)), other.filter(inGroup(grp))];
      const { values, clusters } = taskGaps(baseRows, otherRows);
      // From the counts, as the leaderboard's gap (lib/queries/leaderboard/model.ts), so the two are equal numbers.
      const [bc, oc] = [countsOf(baseRows), countsOf(otherRows)];
      const value = percentDifference(bc.c, bc.n, oc.c, oc.n);
      out.gaps[grp]![condition] = clusteredCell(value, clusterBootstrap(values, clusters, opts));
    }
    const near = out.gaps[NEAR]?.[condition];
    const far = out.gaps[FAR]?.[condition];
    if (near && far) out.farNear[condition] = farNearCell(near, far, base, other, opts);
  }
  out.repeats = repeatCells(meta, rows);
  return out;
}
