// The review page's audit sample (docs/trajectory-explorer.md, "Review"): k runs drawn at random from every
// (configuration, condition) stratum, so the detectors are checked on every configuration and condition rather
// than on the runs a reader happened to open. Each stratum draws from its own generator, seeded by the text seed
// and the stratum, so adding a configuration to a release leaves the other strata's samples as they were.
import { mulberry32, seedFromText } from "./prng";

/** A run that can be audited: it publishes a trajectory. */
export interface AuditRun {
  run_id: string;
  config_id: string;
  condition: string;
}

export interface Stratum {
  config_id: string;
  condition: string;
}

export interface StratumSample extends Stratum {
  /** `<config_id>/<condition>`, as annotations.jsonl's review.audit.stratum writes it. */
  stratum: string;
  /** Distinct runs of the stratum to draw from. */
  available: number;
  /** The drawn run ids, min(k, available) of them, in the order drawn. */
  runs: string[];
}

/** Samples per stratum when the URL names none. */
export const DEFAULT_AUDIT_K = 2;

export function stratumKey(s: Stratum): string {
  return `${s.config_id}/${s.condition}`;
}

/** `count` distinct items of `items`, by a partial Fisher–Yates shuffle of a copy. */
function draw<T>(items: readonly T[], count: number, next: () => number): T[] {
  const pool = [...items];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(next() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

/**
 * k runs of every stratum: the strata given (every configuration × condition, so an empty one is listed too),
 * then any other stratum the runs have. The runs' order does not matter: each stratum's ids are sorted first.
 */
export function auditSample(
  runs: readonly AuditRun[],
  strata: readonly Stratum[],
  seed: string,
  k: number = DEFAULT_AUDIT_K,
): StratumSample[] {
  const byStratum = new Map<string, { stratum: Stratum; ids: Set<string> }>();
  const add = (s: Stratum) => {
    const key = stratumKey(s);
    if (!byStratum.has(key))
      byStratum.set(key, { stratum: { config_id: s.config_id, condition: s.condition }, ids: new Set() });
    return byStratum.get(key)!;
  };
  for (const s of strata) add(s);
  for (const r of runs) add(r).ids.add(r.run_id);
  const count = Math.max(0, Math.floor(k));
  return [...byStratum].map(([key, { stratum, ids }]) => {
    const sorted = [...ids].sort();
    const next = mulberry32(seedFromText(`${seed}\n${key}`));
    return { ...stratum, stratum: key, available: sorted.length, runs: draw(sorted, count, next) };
  });
}
