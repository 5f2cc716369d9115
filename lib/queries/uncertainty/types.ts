// What the uncertainty views read (docs/benchmark.md, "Intervals that respect clustering" and "Repeats"): per
// configuration, each rate and gap with its plain and its repository-clustered interval, far − near with its
// paired interval, and the repeat metrics where a cell ran more than once. Percent and percentage points.

/** An interval of one estimate, percent or percentage points. */
export interface Span {
  lo: number;
  hi: number;
}

/** A rate or a gap with both intervals (cluster-bootstrap.ts). */
export interface ClusteredCell {
  /** The leaderboard's number: resolution (%) or gap (pp). */
  value: number;
  /** Focus tasks and their repositories. */
  tasks: number;
  repos: number;
  /** Tasks resampled one by one (the leaderboard's own paired bootstrap for a gap). */
  plain: Span;
  /** Repositories resampled. */
  cluster: Span;
  /** var(cluster) / var(plain); NaN when the plain bootstrap does not vary (null once written to JSON). */
  designEffect: number;
}

/**
 * far − near inside repositories (percentage points): each repository with both near and far focus tasks gives its
 * far gap minus its near gap, averaged with every repository weighing the same; the interval resamples those
 * repositories. NaN (null in JSON) when no repository has both groups.
 */
export interface WithinRepoDifference extends Span {
  value: number;
  /** Repositories with both groups, and those with one group only (left out). */
  repos: number;
  oneGroup: number;
}

/** far − near of one configuration's gap under one condition (percentage points). */
export interface FarNearCell {
  /** Task-weighted: the far group's gap minus the near group's. */
  value: number;
  near: number;
  far: number;
  plain: Span;
  cluster: Span;
  designEffect: number;
  /** The same difference inside repositories, each repository equally. */
  byRepo: WithinRepoDifference;
}

/**
 * far − near pooled over configurations: per focus task, the mean of its gap over the configurations that ran it,
 * then far − near of those as for one configuration (with the same intervals).
 */
export interface PooledFarNearCell extends FarNearCell {
  /** Configurations pooled. */
  configs: number;
}

/** Repeat metrics of one configuration × condition × group (pass-k.ts), shares in percent. */
export interface RepeatCell {
  /** Repeats R (every task counts R runs; a missing run is unresolved). */
  repeats: number;
  k: number;
  tasks: number;
  passAtK: number;
  passHatK: number;
  flipRate: number;
  consistency: number;
}

export interface ConfigUncertainty {
  config_id: string;
  /** rates[group][condition] */
  rates: Record<string, Record<string, ClusteredCell>>;
  /** gaps[group][condition], every non-baseline condition */
  gaps: Record<string, Record<string, ClusteredCell>>;
  /** farNear[condition], every non-baseline condition; absent without both groups "near" and "far". */
  farNear: Record<string, FarNearCell>;
  /** repeats[group][condition]; empty when no cell of the configuration ran more than once. */
  repeats: Record<string, Record<string, RepeatCell>>;
}

/** The uncertainty page's data (its model, page.ts), answered by the build. */
export interface UncertaintyPageData {
  baseline: string;
  conditions: string[];
  /** "overall" first, then the release's groups. */
  groups: string[];
  /** Configurations in the leaderboard's order, with the names the page shows. */
  configs: { config_id: string; display_name: string; is_local: boolean }[];
  rows: ConfigUncertainty[];
  /** far − near pooled over every configuration, per non-baseline condition (absent without near and far tasks). */
  pooledFarNear: Record<string, PooledFarNearCell>;
  /** Bootstrap resamples behind every interval here, and the seed. */
  reps: number;
  seed: number;
}
