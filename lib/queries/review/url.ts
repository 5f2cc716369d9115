// The review page's state in the URL: the audit sample's seed and how many runs per stratum (`?seed=abc&k=2`), so
// an audit is a link that draws the same runs for whoever opens it.
import { DEFAULT_AUDIT_K } from "../../metrics/audit-sample";

export interface ReviewPageUrl {
  /** null: no sample drawn yet. */
  seed: string | null;
  k: number;
}

/** Runs per stratum a URL may ask for. */
export const MAX_AUDIT_K = 20;
/** Longer seeds are refused (a seed is a short word or number). */
const MAX_SEED = 100;

export function parseReviewUrl(search: string): ReviewPageUrl {
  const p = new URLSearchParams(search);
  const seed = p.get("seed");
  const k = Number(p.get("k"));
  return {
    seed: seed && seed.length <= MAX_SEED ? seed : null,
    k: Number.isInteger(k) && k >= 1 && k <= MAX_AUDIT_K ? k : DEFAULT_AUDIT_K,
  };
}

export function serializeReviewUrl(s: ReviewPageUrl): string {
  const p = new URLSearchParams();
  if (s.seed !== null) p.set("seed", s.seed);
  if (s.k !== DEFAULT_AUDIT_K) p.set("k", String(s.k));
  const text = p.toString();
  return text ? `?${text}` : "";
}

/** A fresh seed: eight base-36 characters from the browser's random source. */
export function newSeed(random: () => number = Math.random): string {
  return Array.from({ length: 8 }, () => Math.floor(random() * 36).toString(36)).join("");
}
