// How well a detector agrees with human labels, one (run, signature) pair at a time: the detector says present
// when the run carries a strong tag of the signature, the human label says present or absent
// (docs/data-format.md, annotations.jsonl). A rate whose denominator is 0 is unknown (null), never 0: a detector
// that tagged nothing has no precision, not a precision of 0.
import type { Confusion } from "./rogan-gladen";
import { wilsonInterval } from "./wilson";

export interface LabelPair {
  /** The run carries a strong tag of the signature (weak tags are never a positive). */
  detector: boolean;
  /** The human label is present. */
  human: boolean;
}

/** k of n as a proportion with its Wilson 95% interval; value, lo and hi are null when n = 0. */
export interface Rate {
  k: number;
  n: number;
  value: number | null;
  lo: number | null;
  hi: number | null;
}

export interface Agreement extends Confusion {
  /** Pairs counted: tp + fp + fn + tn. */
  n: number;
  /** tp/(tp + fp): of the runs the detector tagged, the share humans call present. */
  precision: Rate;
  /** tp/(tp + fn), the sensitivity: of the runs humans call present, the share the detector tagged. */
  recall: Rate;
  /** tp/(tp + fn), the recall's value under its Rogan–Gladen name; null without a human-present pair. */
  sensitivity: number | null;
  /** tn/(tn + fp): of the runs humans call absent, the share left untagged; null without a human-absent pair. */
  specificity: number | null;
}

export function confusionOf(pairs: Iterable<LabelPair>): Confusion {
  const c: Confusion = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const p of pairs) {
    if (p.detector && p.human) c.tp++;
    else if (p.detector) c.fp++;
    else if (p.human) c.fn++;
    else c.tn++;
  }
  return c;
}

export function rateOf(k: number, n: number): Rate {
  if (n === 0) return { k, n, value: null, lo: null, hi: null };
  const ci = wilsonInterval(k, n);
  return { k, n, value: k / n, lo: ci.lo, hi: ci.hi };
}

/** @throws RangeError (from wilsonInterval) when a count is negative or not finite. */
export function agreementOf(c: Confusion): Agreement {
  const recall = rateOf(c.tp, c.tp + c.fn);
  return {
    ...c,
    n: c.tp + c.fp + c.fn + c.tn,
    precision: rateOf(c.tp, c.tp + c.fp),
    recall,
    sensitivity: recall.value,
    specificity: c.tn + c.fp === 0 ? null : c.tn / (c.tn + c.fp),
  };
}
