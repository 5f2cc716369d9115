// Task Flow of a corpus of sessions and its alignment with a target (seed 002, §3 and Appendix F):
// P_L over session-length bins, P_T over labels of user messages, P_R over directed transitions between
// adjacent messages with START/END edges; S_k = 1 − JSD₂(P_k, Q_k), TFAS = 100·(S_L·S_T·S_R)^(1/3).
// A session is the ordered list of its user messages' labels.

export const LENGTH_BINS = ["1", "2", "3", "4", "5", "6-10", "11+"] as const;
export type LengthBin = (typeof LENGTH_BINS)[number];

/** Not instantiable as repository tasks, so TFAS drops them and transitions skip over them (App. F). */
export const DROPPED_LABELS: readonly string[] = ["greeting", "meta-question", "other"];

export const START = "START";
export const END = "END";

/** Distribution or count table over named events. */
export type Dist = Record<string, number>;

export interface TaskFlowDists {
  length: Dist;
  types: Dist;
  transitions: Dist;
}

export interface FlowCounts extends TaskFlowDists {
  /** Sessions that kept at least one message after filtering (the TFAS corpus). */
  sessions: number;
  /** Messages kept. */
  messages: number;
  /** Messages dropped for their label. */
  dropped: number;
  /** Sessions left with no message. */
  emptySessions: number;
}

export interface TfasScore {
  sL: number;
  sT: number;
  sR: number;
  tfas: number;
}

/** One spelling per label: the paper writes both "META-QUESTION" and "meta-question". */
export function normalizeLabel(label: string): string {
  return label
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
}

/** The paper's bin of a session with `n` messages; undefined for an empty session. */
export function lengthBin(n: number): LengthBin | undefined {
  if (!Number.isInteger(n) || n < 1) return undefined;
  if (n <= 5) return String(n) as LengthBin;
  return n <= 10 ? "6-10" : "11+";
}

export function transitionKey(from: string, to: string): string {
  return `${from}>${to}`;
}

/** Normalized labels with the dropped ones removed, so that their neighbours become adjacent. */
export function retainedLabels(session: readonly string[]): string[] {
  return session.map(normalizeLabel).filter((l) => !DROPPED_LABELS.includes(l));
}

/** START, the retained labels, END as consecutive pairs; an empty session has no edges. */
export function sessionTransitions(session: readonly string[]): [string, string][] {
  const kept = retainedLabels(session);
  if (kept.length === 0) return [];
  const path = [START, ...kept, END];
  return path.slice(1).map((to, i) => [path[i]!, to]);
}

function add(counts: Dist, key: string, n = 1) {
  counts[key] = (counts[key] ?? 0) + n;
}

/** Counts of the three Task Flow distributions over the filtered sessions (what TFAS compares). */
export function flowCounts(sessions: readonly (readonly string[])[]): FlowCounts {
  const out: FlowCounts = {
    length: {},
    types: {},
    transitions: {},
    sessions: 0,
    messages: 0,
    dropped: 0,
    emptySessions: 0,
  };
  for (const session of sessions) {
    const kept = retainedLabels(session);
    out.dropped += session.length - kept.length;
    const bin = lengthBin(kept.length);
    if (!bin) {
      out.emptySessions++;
      continue;
    }
    out.sessions++;
    out.messages += kept.length;
    add(out.length, bin);
    for (const label of kept) add(out.types, label);
    for (const [from, to] of sessionTransitions(session)) add(out.transitions, transitionKey(from, to));
  }
  return out;
}

/** Label counts over every message, dropped labels included (what the Sankey and label chart show). */
export function labelCounts(sessions: readonly (readonly string[])[]): Dist {
  const out: Dist = {};
  for (const session of sessions) for (const label of session) add(out, normalizeLabel(label));
  return out;
}

/** Counts (or weights) scaled to sum to 1; all-zero or empty input gives an empty distribution. */
export function normalize(counts: Dist): Dist {
  const total = Object.values(counts).reduce((s, v) => s + v, 0);
  if (!(total > 0)) return {};
  const out: Dist = {};
  for (const [k, v] of Object.entries(counts)) if (v > 0) out[k] = v / total;
  return out;
}

/**
 * Base-2 Jensen–Shannon divergence of two distributions over named events, in [0, 1]: 0 for identical,
 * 1 for disjoint supports. Inputs are normalized first; an empty side gives NaN (nothing to compare).
 * @throws RangeError on a negative or non-finite weight.
 */
export function jsd2(p: Dist, q: Dist): number {
  for (const [k, v] of [...Object.entries(p), ...Object.entries(q)]) {
    if (!Number.isFinite(v) || v < 0) throw new RangeError(`jsd2: weight of "${k}" is ${v}`);
  }
  const pn = normalize(p);
  const qn = normalize(q);
  if (Object.keys(pn).length === 0 || Object.keys(qn).length === 0) return Number.NaN;
  // Disjoint supports are exactly 1; summing the logs would leave rounding residue (1 − 1e-16).
  if (!Object.keys(pn).some((k) => k in qn)) return 1;
  let d = 0;
  for (const k of new Set([...Object.keys(pn), ...Object.keys(qn)])) {
    const a = pn[k] ?? 0;
    const b = qn[k] ?? 0;
    const m = (a + b) / 2;
    if (a > 0) d += 0.5 * a * Math.log2(a / m);
    if (b > 0) d += 0.5 * b * Math.log2(b / m);
  }
  // Rounding can leave a hair outside [0, 1].
  return Math.min(1, Math.max(0, d));
}

/** S_k = 1 − JSD₂ per component and their geometric mean ×100 (seed 002, eq. 1). */
export function tfas(target: TaskFlowDists, observed: TaskFlowDists): TfasScore {
  const sL = 1 - jsd2(target.length, observed.length);
  const sT = 1 - jsd2(target.types, observed.types);
  const sR = 1 - jsd2(target.transitions, observed.transitions);
  return { sL, sT, sR, tfas: 100 * Math.cbrt(sL * sT * sR) };
}
