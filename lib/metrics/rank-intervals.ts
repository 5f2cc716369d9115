// Rank intervals and tie groups for a leaderboard column (LMArena-style ranks that carry their noise; SWE-bench
// issue #621's exact McNemar ties with the best).
//
// Rank intervals. Input: a configurations × tasks matrix of per-task values (0/1 outcomes, means over repeats in
// [0, 1], or per-task gaps U − S; NaN where a configuration has no value for a task) and each task's stratum (its
// repository). One bootstrap draw resamples the tasks with replacement within each stratum, keeping every
// stratum's size, and that one draw serves every configuration (paired: two configurations are compared on the
// same resampled tasks, so without missing values a configuration at least as good on every task never ranks
// below the other).
// In each draw every configuration gets its mean over the drawn tasks it has values for and a rank.
// Choices:
// - Ranking is competition ranking ("1224"): rank = 1 + the number of configurations strictly better, so tied
//   configurations share the best rank of their group. `higherIsBetter` (default true) says which way is better;
//   pass false for the gap, where smaller is better.
// - Ties are exact equality of the draw's scores, decided in exact arithmetic. Values that are fractions with small
//   denominators (repeat means c/R, gaps of them) are first scaled by their least common denominator into integers
//   (lib/metrics/exact-scale.ts), so a draw's scores are exact integer sums (divided by the drawn count only when a
//   value is missing somewhere): three repeats' thirds tie with whole runs of the same rate, which their
//   floating-point sum (4.999999999999999 for 5) does not. Values that are no such fractions are summed as they
//   are. The point ranks, tie groups' anchors and the draws' ranks all compare these scores.
// - Missing values: a configuration's score is its mean over the drawn tasks it has values for; a draw holding
//   none of its tasks ranks it last, tied with any other such configuration. A configuration with no value at
//   all is left out (NaN rank and interval) and never counts as better than anyone.
// - The point rank is the same ranking of the full-data means. The interval is the pair of type-1 quantiles
//   (inverse of the empirical distribution function, R's quantile type 1) of the configuration's bootstrap ranks
//   at (1 − level)/2 and (1 + level)/2: the smallest rank r with P̂(rank ≤ r) ≥ q, so both ends are ranks that
//   occurred ("1–3").
// - reps defaults to DEFAULT_RANK_REPS (2,000), not DEFAULT_BOOTSTRAP_REPS: ranks are integers, so 2,000 draws
//   put 50 of them in each 2.5% tail, and the cost is configurations × tasks × reps (1,100 × 200 × 2,000 at the
//   ×100 release). The seed defaults to DEFAULT_BOOTSTRAP_SEED, so the result is a pure function of the data
//   (and of the task order: strata are drawn in order of first appearance, each from its own slice of the stream).
// - Speed: one draw costs configurations × distinct drawn tasks multiply-adds, plus a sort to rank. When every
//   value is −1, 0 or 1 (outcomes, gaps of outcomes) the rows are packed eight tasks to a byte and a draw's
//   weighted sums come from 256-entry tables per byte, one lookup per eight tasks; without missing values these
//   sums are integers in [−tasks, tasks] and are ranked by counting instead of sorting. Same ranks either way
//   (tested); 1,100 × 200 × 1,000 takes about 0.2 s.
//
// Tie groups. The best configuration (highest mean, or lowest when !higherIsBetter; the lowest index among equal
// means) anchors group 1. Every other configuration is compared with it by an exact two-sided sign test on the
// per-task differences over the tasks both have values for: b = tasks where the anchor's value is larger, c =
// tasks where it is smaller, p = mcnemarExact(b, c); on 0/1 outcomes this is exactly McNemar's exact test on the
// discordant pairs (on gaps or repeat means it is the sign test). Holm's correction runs over these comparisons;
// those not rejected at alpha (default 0.05) join the anchor's group. The procedure then repeats on the
// configurations left, whose best anchors group 2, and so on until every configuration has a group. The sort key
// orders by group, then by mean (best first), then by input index, so sorting on it keeps every tie group
// together even when a member's mean is below that of a configuration in the next group (the sign test's power
// depends on the number of discordant tasks, not only on the difference of means).

import { commonDenominator } from "./exact-scale";
import { holm } from "./holm";
import { mcnemarExact } from "./mcnemar";
import { DEFAULT_BOOTSTRAP_SEED } from "./paired-interval";
import { fillUniformIndices } from "./prng";

/** Default bootstrap draws for rank intervals (see the header for why not DEFAULT_BOOTSTRAP_REPS). */
export const DEFAULT_RANK_REPS = 2_000;

/** A task's stratum: its repository. */
export type StratumKey = string | number;

/** Per configuration, its per-task values (all rows the same length; NaN = missing). */
export type ConfigTaskMatrix = ReadonlyArray<ArrayLike<number>>;

export interface RankBootstrapOptions {
  /** Number of bootstrap draws (default DEFAULT_RANK_REPS). */
  reps?: number;
  /** PRNG seed (default DEFAULT_BOOTSTRAP_SEED); any number, taken modulo 2^32. */
  seed?: number;
  /** Two-sided coverage of the rank interval, in (0, 1) (default 0.95). */
  level?: number;
  /** True (default) when a larger mean is better (resolution); false for the gap. */
  higherIsBetter?: boolean;
}

export interface RankInterval {
  /** Mean over the configuration's non-missing tasks (NaN when it has none). */
  mean: number;
  /** Competition rank of the full-data mean (1 = best). */
  rank: number;
  /** Lower quantile of the bootstrap ranks (the better end). */
  lo: number;
  /** Upper quantile of the bootstrap ranks (the worse end). */
  hi: number;
}

interface Prepared {
  configs: number;
  tasks: number;
  /** Task-major values (values[t·configs + c]), missing as 0, times `scale`. */
  values: Float64Array;
  /** The values' common denominator when they are fractions (every scaled value an integer), else 1. */
  scale: number;
  /** Task-major 1/0 presence, or null when no value is missing. */
  present: Float64Array | null;
  /** The same values as bit planes when every value is −1, 0 or 1 (or missing); else null. */
  bits: BitPlanes | null;
  /** Per stratum, the indices of its tasks. */
  strata: Int32Array[];
  /** Per configuration, whether it has at least one value. */
  hasData: Uint8Array;
}

/**
 * 0/1 outcomes and gaps of 0/1 outcomes (−1, 0, 1) packed eight tasks to a byte, configuration-major:
 * byte b of configuration c is plane[c·bytes + b] and holds tasks 8b … 8b + 7 (bit t mod 8).
 */
interface BitPlanes {
  bytes: number;
  /** Tasks whose value is 1. */
  pos: Uint8Array;
  /** Tasks whose value is −1, or null when none is. */
  neg: Uint8Array | null;
  /** Tasks with a value, or null when none is missing. */
  present: Uint8Array | null;
}

function prepare(fn: string, matrix: ConfigTaskMatrix, strata: readonly StratumKey[]): Prepared {
  const configs = matrix.length;
  const tasks = strata.length;
  const values = new Float64Array(configs * tasks);
  const present = new Float64Array(configs * tasks);
  const hasData = new Uint8Array(configs);
  let missing = false;
  let trinary = true;
  let negative = false;
  for (let c = 0; c < configs; c++) {
    const row = matrix[c]!;
    if (row.length !== tasks) {
      throw new RangeError(`${fn}: configuration ${c} has ${row.length} values for ${tasks} tasks`);
    }
    for (let t = 0; t < tasks; t++) {
      const v = row[t]!;
      if (Number.isNaN(v)) {
        missing = true;
        continue;
      }
      if (!Number.isFinite(v)) throw new RangeError(`${fn}: value of configuration ${c} on task ${t} is ${v}`);
      if (v !== 0 && v !== 1 && v !== -1) trinary = false;
      if (v === -1) negative = true;
      values[t * configs + c] = v;
      present[t * configs + c] = 1;
      hasData[c] = 1;
    }
  }
  const scale = trinary ? 1 : scaleToIntegers(values, present, tasks);
  const groups = new Map<StratumKey, number[]>();
  strata.forEach((key, t) => {
    const members = groups.get(key);
    if (members) members.push(t);
    else groups.set(key, [t]);
  });
  const presentOrNull = missing ? present : null;
  return {
    configs,
    tasks,
    values,
    scale,
    present: presentOrNull,
    bits: trinary ? packBits(configs, tasks, values, presentOrNull, negative) : null,
    strata: [...groups.values()].map((members) => Int32Array.from(members)),
    hasData,
  };
}

/** Scales the present values by their common denominator in place (see the header); returns it, 1 when none. */
function scaleToIntegers(values: Float64Array, present: Float64Array, tasks: number): number {
  const shown = values.map((v, i) => (present[i] === 1 ? v : Number.NaN));
  const scale = commonDenominator(shown, tasks);
  if (scale === null || scale === 1) return 1;
  for (let i = 0; i < values.length; i++) values[i] = Math.round(values[i]! * scale);
  return scale;
}

function packBits(
  configs: number,
  tasks: number,
  values: Float64Array,
  present: Float64Array | null,
  negative: boolean,
): BitPlanes {
  const bytes = Math.ceil(tasks / 8);
  const pos = new Uint8Array(configs * bytes);
  const neg = negative ? new Uint8Array(configs * bytes) : null;
  const has = present ? new Uint8Array(configs * bytes) : null;
  for (let t = 0; t < tasks; t++) {
    const bit = 1 << (t & 7);
    for (let c = 0; c < configs; c++) {
      const at = c * bytes + (t >> 3);
      const v = values[t * configs + c]!;
      if (v === 1) pos[at]! |= bit;
      else if (v === -1) neg![at]! |= bit;
      if (has && present![t * configs + c] === 1) has[at]! |= bit;
    }
  }
  return { bytes, pos, neg, present: has };
}

/**
 * Per-configuration scores of one weighted draw, into `scores`: sums Σ w·x over the `count` distinct drawn tasks
 * (when nothing is missing) or means Σ w·x / Σ w·present (NaN when the configuration has no drawn value).
 */
function scoreDraw(
  p: Prepared,
  drawn: Int32Array,
  weight: Float64Array,
  count: number,
  scores: Float64Array,
  counts: Float64Array,
): void {
  const { configs, values, present } = p;
  scores.fill(0);
  for (let k = 0; k < count; k++) {
    const t = drawn[k]!;
    const w = weight[t]!;
    const row = t * configs;
    for (let c = 0; c < configs; c++) scores[c] = scores[c]! + w * values[row + c]!;
  }
  if (present === null) return;
  counts.fill(0);
  for (let k = 0; k < count; k++) {
    const t = drawn[k]!;
    const w = weight[t]!;
    const row = t * configs;
    for (let c = 0; c < configs; c++) counts[c] = counts[c]! + w * present[row + c]!;
  }
  for (let c = 0; c < configs; c++) scores[c] = counts[c]! > 0 ? scores[c]! / counts[c]! : Number.NaN;
}

/** LOWEST_BIT[v] = index of v's lowest set bit (v in 1..255). */
const LOWEST_BIT = Uint8Array.from({ length: 256 }, (_, v) => (v === 0 ? 0 : 31 - Math.clz32(v & -v)));

/**
 * The same scores as scoreDraw from the bit planes: for each byte position b a 256-entry table gives the summed
 * weight of the tasks whose bits are set (built in 255 additions per byte), so a configuration's weighted sum is
 * one lookup per eight tasks instead of one multiply-add per drawn task. Exact: the weights are integers.
 * `weight` has at least 8·bytes entries (zero past the last task); `table` has 256·bytes.
 */
function scoreBits(
  bits: BitPlanes,
  configs: number,
  weight: Float64Array,
  table: Int32Array,
  scores: Float64Array,
  counts: Float64Array,
): void {
  const { bytes, pos, neg, present } = bits;
  for (let b = 0; b < bytes; b++) {
    const base = b << 8;
    table[base] = 0;
    for (let v = 1; v < 256; v++) table[base + v] = table[base + (v & (v - 1))]! + weight[(b << 3) + LOWEST_BIT[v]!]!;
  }
  for (let c = 0; c < configs; c++) {
    const row = c * bytes;
    let s = 0;
    for (let b = 0; b < bytes; b++) s += table[(b << 8) + pos[row + b]!]!;
    if (neg !== null) for (let b = 0; b < bytes; b++) s -= table[(b << 8) + neg[row + b]!]!;
    scores[c] = s;
  }
  if (present === null) return;
  for (let c = 0; c < configs; c++) {
    const row = c * bytes;
    let n = 0;
    for (let b = 0; b < bytes; b++) n += table[(b << 8) + present[row + b]!]!;
    counts[c] = n;
    scores[c] = n > 0 ? scores[c]! / n : Number.NaN;
  }
}

/**
 * Competition ranks of integer scores in [−span, span] by counting (no sort), written to out[offset + c·stride];
 * `better` is scratch of 2·span + 2 entries. Same result as rankInto on the same scores.
 */
function rankByCounting(
  scores: Float64Array,
  span: number,
  better: Int32Array,
  higherIsBetter: boolean,
  out: Int32Array,
  offset: number,
  stride: number,
): void {
  const n = scores.length;
  const size = 2 * span + 1;
  better.fill(0);
  for (let c = 0; c < n; c++) better[scores[c]! + span]! += 1;
  // Turn the histogram into "how many are strictly better than this score".
  let seen = 0;
  if (higherIsBetter) {
    for (let i = size - 1; i >= 0; i--) {
      const here = better[i]!;
      better[i] = seen;
      seen += here;
    }
  } else {
    for (let i = 0; i < size; i++) {
      const here = better[i]!;
      better[i] = seen;
      seen += here;
    }
  }
  for (let c = 0; c < n; c++) out[offset + c * stride] = better[scores[c]! + span]! + 1;
}

/**
 * Competition ranks of `scores` (1 + number strictly better; NaN scores rank last, tied) written to
 * out[offset + c·stride]. `sorted` is scratch of the same length.
 */
function rankInto(
  scores: Float64Array,
  sorted: Float64Array,
  higherIsBetter: boolean,
  out: Int32Array,
  offset: number,
  stride: number,
): void {
  const n = scores.length;
  sorted.set(scores);
  sorted.sort(); // numeric, NaN last
  let finite = n;
  while (finite > 0 && Number.isNaN(sorted[finite - 1]!)) finite--;
  for (let c = 0; c < n; c++) {
    const v = scores[c]!;
    let rank: number;
    if (Number.isNaN(v)) {
      rank = finite + 1;
    } else if (higherIsBetter) {
      // Strictly better = strictly larger: finite − (first index with sorted > v).
      let lo = 0;
      let hi = finite;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sorted[mid]! <= v) lo = mid + 1;
        else hi = mid;
      }
      rank = finite - lo + 1;
    } else {
      // Strictly better = strictly smaller: the first index with sorted ≥ v.
      let lo = 0;
      let hi = finite;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sorted[mid]! < v) lo = mid + 1;
        else hi = mid;
      }
      rank = lo + 1;
    }
    out[offset + c * stride] = rank;
  }
}

/**
 * Competition ranks ("1224") of `scores`: 1 + the number of scores strictly better (larger when higherIsBetter,
 * the default; smaller otherwise). NaN scores rank last, tied with each other.
 */
export function competitionRanks(scores: ArrayLike<number>, higherIsBetter = true): number[] {
  const values = Float64Array.from(scores);
  const out = new Int32Array(values.length);
  rankInto(values, new Float64Array(values.length), higherIsBetter, out, 0, 1);
  return Array.from(out);
}

function checkOptions(fn: string, opts: RankBootstrapOptions): Required<RankBootstrapOptions> {
  const reps = opts.reps ?? DEFAULT_RANK_REPS;
  const level = opts.level ?? 0.95;
  const seed = opts.seed ?? DEFAULT_BOOTSTRAP_SEED;
  if (!Number.isSafeInteger(reps) || reps < 1)
    throw new RangeError(`${fn}: reps must be a positive integer (got ${reps})`);
  if (!(level > 0 && level < 1)) throw new RangeError(`${fn}: level must be in (0, 1) (got ${level})`);
  if (!Number.isFinite(seed)) throw new RangeError(`${fn}: seed must be finite (got ${seed})`);
  return { reps, level, seed, higherIsBetter: opts.higherIsBetter ?? true };
}

/**
 * The bootstrap ranks themselves: ranks[c·reps + r] is configuration c's competition rank in draw r (one
 * stratified draw of tasks per r, shared by every configuration). Configurations without any value rank last in
 * every draw. The building block of rankIntervals, exposed for tests and for pairwise "ranks above" shares.
 * @throws RangeError when a row's length differs from strata's, a value is ±Infinity, reps is not a positive
 * integer or the seed is not finite.
 */
export function bootstrapRanks(
  matrix: ConfigTaskMatrix,
  strata: readonly StratumKey[],
  opts: RankBootstrapOptions = {},
): Int32Array {
  const { reps, seed, higherIsBetter } = checkOptions("bootstrapRanks", opts);
  return drawRanks(prepare("bootstrapRanks", matrix, strata), reps, seed, higherIsBetter);
}

function drawRanks(p: Prepared, reps: number, seed: number, higherIsBetter: boolean): Int32Array {
  const { configs, tasks, bits } = p;
  const ranks = new Int32Array(configs * reps);
  if (configs === 0 || tasks === 0) {
    ranks.fill(1);
    return ranks;
  }
  const picks = p.strata.map((members) => new Int32Array(members.length));
  const weight = new Float64Array(Math.max(tasks, 8 * (bits?.bytes ?? 0)));
  const drawn = new Int32Array(tasks);
  const scores = new Float64Array(configs);
  const counts = new Float64Array(configs);
  const sorted = new Float64Array(configs);
  const table = new Int32Array(bits ? bits.bytes << 8 : 0);
  // Integer sums in [−tasks, tasks] when nothing is missing: ranked by counting instead of sorting.
  const counting = bits !== null && bits.present === null;
  const better = new Int32Array(counting ? 2 * tasks + 2 : 0);
  let state = seed | 0;
  for (let r = 0; r < reps; r++) {
    let distinct = 0;
    for (let s = 0; s < p.strata.length; s++) {
      const members = p.strata[s]!;
      const pick = picks[s]!;
      state = fillUniformIndices(state, pick, members.length);
      for (let i = 0; i < pick.length; i++) {
        const t = members[pick[i]!]!;
        if (weight[t] === 0) drawn[distinct++] = t;
        weight[t] = weight[t]! + 1;
      }
    }
    if (bits) scoreBits(bits, configs, weight, table, scores, counts);
    else scoreDraw(p, drawn, weight, distinct, scores, counts);
    for (let k = 0; k < distinct; k++) weight[drawn[k]!] = 0;
    if (counting) rankByCounting(scores, tasks, better, higherIsBetter, ranks, r, reps);
    else rankInto(scores, sorted, higherIsBetter, ranks, r, reps);
  }
  return ranks;
}

/**
 * Type-1 quantile index into `n` sorted draws: the smallest i with (i + 1)/n ≥ q. The factor absorbs the
 * rounding in q·n (1 − 0.95)/2·1000 = 25.00000000000002 must pick the 25th draw, not the 26th.
 */
function type1Index(q: number, n: number): number {
  return Math.min(n - 1, Math.max(0, Math.ceil(q * n * (1 - 1e-12)) - 1));
}

/**
 * Point rank and bootstrap rank interval of every configuration, in input order (see the header for the
 * resampling, tie and missing-value rules). A configuration with no value at all gets NaN in every field.
 * @throws RangeError as bootstrapRanks, or when level is not in (0, 1).
 */
export function rankIntervals(
  matrix: ConfigTaskMatrix,
  strata: readonly StratumKey[],
  opts: RankBootstrapOptions = {},
): RankInterval[] {
  const { reps, level, seed, higherIsBetter } = checkOptions("rankIntervals", opts);
  const p = prepare("rankIntervals", matrix, strata);
  const ranks = drawRanks(p, reps, seed, higherIsBetter);
  const { means, scores } = pointMeans(p);
  const point = competitionRanks(scores, higherIsBetter);
  const loIndex = type1Index((1 - level) / 2, reps);
  const hiIndex = type1Index((1 + level) / 2, reps);
  return means.map((mean, c) => {
    if (!p.hasData[c]) return { mean: Number.NaN, rank: Number.NaN, lo: Number.NaN, hi: Number.NaN };
    const own = ranks.subarray(c * reps, (c + 1) * reps).sort();
    return { mean, rank: point[c]!, lo: own[loIndex]!, hi: own[hiIndex]! };
  });
}

/**
 * Each configuration's mean over its non-missing tasks (NaN when none), and the scores that rank them: the same
 * means times the prepared scale, exact when the values are fractions (see the header).
 */
function pointMeans(p: Prepared): { means: number[]; scores: number[] } {
  const sums = new Float64Array(p.configs);
  const counts = new Float64Array(p.configs);
  const all = new Int32Array(p.tasks).map((_, t) => t);
  const weight = new Float64Array(p.tasks).fill(1);
  scoreDraw(p, all, weight, p.tasks, sums, counts);
  const scores =
    p.present !== null ? Array.from(sums) : Array.from(sums, (s) => (p.tasks > 0 ? s / p.tasks : Number.NaN));
  return { means: scores.map((s) => s / p.scale), scores };
}

export interface TieGroupOptions {
  /** Family-wise level of each round's Holm correction (default 0.05). */
  alpha?: number;
  /** True (default) when a larger mean is better. */
  higherIsBetter?: boolean;
}

export interface TieGroupMember {
  /** 1-based tie group (1 = tied with the best); NaN for a configuration with no value. */
  group: number;
  /** Whether this configuration anchored (was the best of) its group. */
  anchor: boolean;
  /** Mean over the configuration's non-missing tasks. */
  mean: number;
  /** Tasks where the anchor's value is larger (b) and smaller (c), over the tasks both have; 0 for an anchor. */
  b: number;
  c: number;
  /** Exact two-sided p of the comparison with its group's anchor (NaN for an anchor or an excluded row). */
  p: number;
  /** Holm-adjusted p within the round that placed it (NaN for an anchor or an excluded row). */
  adjustedP: number;
  /** 0-based position in the display order: by group, then mean (best first), then input index. */
  sortKey: number;
}

/**
 * Tie groups by exact McNemar (sign) tests against the best with Holm's correction, repeated on the remaining
 * configurations (see the header). Returned in input order.
 * @throws RangeError when rows differ in length, a value is ±Infinity, or alpha is not in (0, 1).
 */
export function tieGroups(matrix: ConfigTaskMatrix, opts: TieGroupOptions = {}): TieGroupMember[] {
  const alpha = opts.alpha ?? 0.05;
  const higherIsBetter = opts.higherIsBetter ?? true;
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`tieGroups: alpha must be in (0, 1) (got ${alpha})`);
  const tasks = matrix[0]?.length ?? 0;
  const p = prepare("tieGroups", matrix, new Array<number>(tasks).fill(0));
  const { means, scores } = pointMeans(p);
  const members: TieGroupMember[] = means.map((mean) => ({
    group: Number.NaN,
    anchor: false,
    mean,
    b: 0,
    c: 0,
    p: Number.NaN,
    adjustedP: Number.NaN,
    sortKey: 0,
  }));
  const better = (a: number, b: number) => (higherIsBetter ? scores[a]! > scores[b]! : scores[a]! < scores[b]!);
  const memo = new Map<number, number>();
  const exact = (b: number, c: number) => {
    const key = b * (tasks + 1) + c;
    let value = memo.get(key);
    if (value === undefined) memo.set(key, (value = mcnemarExact(b, c)));
    return value;
  };
  let remaining = means.map((_, c) => c).filter((c) => p.hasData[c]);
  for (let group = 1; remaining.length > 0; group++) {
    const anchor = remaining.reduce((best, c) => (better(c, best) ? c : best));
    const others = remaining.filter((c) => c !== anchor);
    for (const c of others) {
      const [b, cc] = discordant(p, anchor, c);
      Object.assign(members[c]!, { b, c: cc, p: exact(b, cc) });
    }
    const { adjusted, rejected } = holm(
      others.map((c) => members[c]!.p),
      alpha,
    );
    Object.assign(members[anchor]!, { group, anchor: true });
    others.forEach((c, i) => {
      members[c]!.adjustedP = adjusted[i]!;
      if (!rejected[i]) members[c]!.group = group;
    });
    remaining = others.filter((_, i) => rejected[i]);
  }
  const order = members
    .map((_, c) => c)
    .sort((a, b) => {
      const ga = members[a]!.group;
      const gb = members[b]!.group;
      if (Number.isNaN(ga) !== Number.isNaN(gb)) return Number.isNaN(ga) ? 1 : -1;
      if (ga !== gb) return ga - gb;
      if (better(a, b)) return -1;
      if (better(b, a)) return 1;
      return a - b;
    });
  order.forEach((c, position) => (members[c]!.sortKey = position));
  return members;
}

/** Over tasks where both have values: tasks where `anchor`'s value exceeds `other`'s, and the reverse. */
function discordant(p: Prepared, anchor: number, other: number): [number, number] {
  const { configs, tasks, values, present } = p;
  let b = 0;
  let c = 0;
  for (let t = 0; t < tasks; t++) {
    const row = t * configs;
    if (present !== null && (present[row + anchor] === 0 || present[row + other] === 0)) continue;
    const d = values[row + anchor]! - values[row + other]!;
    if (d > 0) b++;
    else if (d < 0) c++;
  }
  return [b, c];
}
