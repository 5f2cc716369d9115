// Trace-signature tags (docs/benchmark.md, "The two trace signatures"): each names its signature, who tagged it, and
// the steps that show the evidence. Annotations from the release and detector findings share this shape, so the
// timeline, the step list and the tagged-steps filter treat them alike.
import type { LedgerFact } from "./ledger";
import type { Step } from "./model";
import type { TaintFact } from "./patch-taint";
import type { Segmentation } from "./segment";
import type { VerdictTest } from "./verdict-test";

/** The two trace signatures (docs/benchmark.md, "The two trace signatures"); the release schema's enum. */
export const SIGNATURES = ["requirement_state_loss", "cross_task_interference"] as const;
export type Signature = (typeof SIGNATURES)[number];

/** What the pages call each signature; every list, filter and chip of signatures reads these. */
export const SIGNATURE_LABELS: Record<Signature, string> = {
  requirement_state_loss: "Requirement-state loss",
  cross_task_interference: "Cross-task interference",
};

/** A signature's name on a compact chip. */
export const SIGNATURE_SHORT_LABELS: Record<Signature, string> = {
  requirement_state_loss: "RSL",
  cross_task_interference: "CTI",
};

export function isSignature(id: unknown): id is Signature {
  return (SIGNATURES as readonly unknown[]).includes(id);
}

/** A signature's name, or the id itself when no signature has it (a value read from a file). */
export function signatureLabel(id: string): string {
  return isSignature(id) ? SIGNATURE_LABELS[id] : id;
}

export interface TagAuthor {
  kind: "human" | "judge" | "detector";
  name?: string;
}

export interface EvidenceReason {
  step: number;
  /**
   * A short machine-readable class of the evidence (the build's signature_tags.reason_kinds): for state loss
   * "earlier-stage-lines", "overwrite", "dropped-requirement", "shell-edit", "verdict-pattern",
   * "later-rewrite", "ledger-lost"; for interference "sibling-path", "sibling-command", "checkout-loop",
   * "multi-checkout-submission", "foreign-identifier", "foreign-file", and from the final patch
   * "patch-foreign-file", "patch-foreign-identifier".
   */
  kind: string;
  text: string;
}

export interface SignatureTag {
  /** Stable within one trajectory view (for keys and URLs). */
  id: string;
  signature: Signature;
  position: number | null;
  /** Evidence steps (n), ascending. */
  steps: number[];
  note: string;
  author: TagAuthor;
  /** Where the tag comes from: the release's annotations.jsonl, or a detector run in the viewer. */
  origin: "annotation" | "detector";
  /** "weak": the detector found a pattern but no edit that shows it (see detect-state-loss.ts). */
  strength: "strong" | "weak";
  reasons: EvidenceReason[];
  /** Step ids an annotation names that the trajectory does not have. */
  unknownStepIds?: number[];
}

export interface DetectorInput {
  steps: readonly Step[];
  segmentation: Segmentation;
  focusTaskId: string;
  /** Checkout path → task id, for all of the session's checkouts. */
  workspaces: Readonly<Record<string, string>>;
  /** The final focus verdict per test; null when the release has none for this run. */
  verdict: readonly VerdictTest[] | null;
  /**
   * Facts about the final focus state from outside the trace (the submitted patch, say). Without it, or
   * where it answers null, the detectors judge the final state by replaying the trace's edits.
   */
  finalState?: FinalStateSource;
  /**
   * The submitted focus patch's taint findings (patch-taint.ts `patchTaintFacts`): files of another task or
   * checkout, names only another task's requests mention. Absent or null: the run has no readable patch, and
   * the cross-task detector reads the trace alone.
   */
  patchTaint?: readonly TaintFact[] | null;
  /**
   * The requirement ledger's facts (ledger.ts `ledgerFacts`): what became of each focus stage's lines in the
   * final state. Absent or null (no stages known): the state-loss detector judges from the trace alone.
   */
  ledger?: readonly LedgerFact[] | null;
}

/** What the final focus state holds, as far as a source can tell. */
export interface FinalStateSource {
  /**
   * Whether the final focus state still has this line (trimmed) anywhere in the focus checkout; `path` is
   * the checkout-relative file it was added to. null: the source cannot say.
   */
  containsLine(line: string, path: string): boolean | null;
}

export interface AnnotationInput {
  signature: Signature;
  position: number | null;
  /** ATIF step ids, as annotations.jsonl writes them. */
  stepIds: number[];
  note: string;
  authorKind: "human" | "judge" | "detector";
  authorName: string | null;
}

/**
 * Annotations name ATIF step ids. Those are matched against the main file's steps (continuation files
 * number their own steps from 1 again, and an annotation cannot say which file it means).
 */
export function annotationTags(annotations: readonly AnnotationInput[], steps: readonly Step[]): SignatureTag[] {
  const byId = new Map<number, number>();
  for (const s of steps) if (s.file === 0 && s.stepId !== null && !byId.has(s.stepId)) byId.set(s.stepId, s.n);
  return annotations.map((a, i) => {
    const found = a.stepIds.map((id) => byId.get(id)).filter((n): n is number => n !== undefined);
    const unknown = a.stepIds.filter((id) => !byId.has(id));
    return {
      id: `annotation-${i}`,
      signature: a.signature,
      position: a.position,
      steps: [...new Set(found)].sort((x, y) => x - y),
      note: a.note,
      author: { kind: a.authorKind, ...(a.authorName ? { name: a.authorName } : {}) },
      origin: "annotation",
      strength: "strong",
      reasons: [],
      ...(unknown.length ? { unknownStepIds: unknown } : {}),
    };
  });
}

/** Evidence step → the tags that point at it. */
export function tagsByStep(tags: readonly SignatureTag[]): Map<number, SignatureTag[]> {
  const out = new Map<number, SignatureTag[]>();
  for (const t of tags)
    for (const n of t.steps) {
      const list = out.get(n);
      if (list) list.push(t);
      else out.set(n, [t]);
    }
  return out;
}

/** One chip of a step row: the first tag of a signature and strength, and how many tags share them. */
interface TagChipGroup {
  tag: SignatureTag;
  count: number;
}

/**
 * A step row's chips: one per signature and strength, in the order first met, however many tags point at the
 * step (a run may hold thousands of annotations on one step, docs/trajectory-explorer.md "Review").
 */
export function chipGroups(tags: readonly SignatureTag[]): TagChipGroup[] {
  const groups = new Map<string, TagChipGroup>();
  for (const tag of tags) {
    const key = `${tag.signature}/${tag.strength}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { tag, count: 1 });
  }
  return [...groups.values()];
}

/** "cross-task-interference detector v2" → name and version; a name with no version keeps it whole. */
export function splitDetectorName(full: string): { detector: string; version: string } {
  const m = /^(.*\S)\s+(v\d+(?:\.\d+)*)$/.exec(full);
  return m ? { detector: m[1]!, version: m[2]! } : { detector: full, version: "" };
}
