// Scores detector tags against the sample's planted ground truth (data/ground-truth/sample/signatures.jsonl)
// and against a release's human annotations. Pure; the rules (docs/detectors.md, "How it is scored"):
//  - only strong tags count (weak ones are listed apart);
//  - a planted case is found when a tag of its signature on its run points at every one of its evidence
//    steps; a tag on the right run whose steps miss them finds nothing and is a false positive as well;
//  - precision = found cases / (found cases + tags that find no case); recall = found cases / planted cases.

export type SignatureName = "requirement_state_loss" | "cross_task_interference";

export interface TruthCase {
  run_id: string;
  signature: SignatureName;
  form: string;
  /** false: a near miss, which must not be tagged. */
  planted: boolean;
  tool_style: string;
  evidence_steps: number[];
}

export interface DetectedTag {
  run_id: string;
  signature: SignatureName;
  position: number | null;
  steps: number[];
  strength: "strong" | "weak";
  reason_kinds: string[];
  note: string;
}

export interface Counts {
  cases: number;
  found: number;
  falsePositives: number;
  precision: number | null;
  recall: number | null;
}

export interface FormScore {
  signature: SignatureName;
  form: string;
  planted: boolean;
  cases: number;
  /** Planted: cases found. Near miss: cases that drew a tag of their signature (each one is a false positive). */
  hit: number;
  byStyle: Record<string, { cases: number; hit: number }>;
}

export interface FalsePositive {
  tag: DetectedTag;
  /** Why it finds no case: on an unplanted run, on a near miss, or on a planted run pointing elsewhere. */
  context: "unplanted run" | `near miss ${string}` | `wrong evidence for ${string}`;
}

export interface Score {
  bySignature: Record<SignatureName, Counts>;
  byForm: FormScore[];
  falsePositives: FalsePositive[];
  misses: TruthCase[];
  weakTags: number;
}

export const SIGNATURES: SignatureName[] = ["requirement_state_loss", "cross_task_interference"];

const finds = (t: DetectedTag, c: TruthCase) =>
  c.planted &&
  t.run_id === c.run_id &&
  t.signature === c.signature &&
  c.evidence_steps.every((s) => t.steps.includes(s));

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

export function scoreDetectors(truth: readonly TruthCase[], tags: readonly DetectedTag[]): Score {
  const strong = tags.filter((t) => t.strength === "strong");
  const casesByRun = new Map<string, TruthCase[]>();
  for (const c of truth) casesByRun.set(c.run_id, [...(casesByRun.get(c.run_id) ?? []), c]);
  const tagsByRun = new Map<string, DetectedTag[]>();
  for (const t of strong) tagsByRun.set(t.run_id, [...(tagsByRun.get(t.run_id) ?? []), t]);

  const found = new Set<TruthCase>();
  const falsePositives: FalsePositive[] = [];
  for (const t of strong) {
    const cases = (casesByRun.get(t.run_id) ?? []).filter((c) => c.signature === t.signature);
    const hit = cases.filter((c) => finds(t, c));
    hit.forEach((c) => found.add(c));
    if (hit.length > 0) continue;
    const planted = cases.find((c) => c.planted);
    const near = cases.find((c) => !c.planted);
    falsePositives.push({
      tag: t,
      context: planted ? `wrong evidence for ${planted.form}` : near ? `near miss ${near.form}` : "unplanted run",
    });
  }

  const bySignature = {} as Record<SignatureName, Counts>;
  for (const sig of SIGNATURES) {
    const cases = truth.filter((c) => c.planted && c.signature === sig);
    const f = cases.filter((c) => found.has(c)).length;
    const fp = falsePositives.filter((x) => x.tag.signature === sig).length;
    bySignature[sig] = {
      cases: cases.length,
      found: f,
      falsePositives: fp,
      precision: ratio(f, f + fp),
      recall: ratio(f, cases.length),
    };
  }

  const forms = new Map<string, FormScore>();
  for (const c of truth) {
    const key = `${c.signature}\u0000${c.form}`;
    const row =
      forms.get(key) ??
      forms
        .set(key, { signature: c.signature, form: c.form, planted: c.planted, cases: 0, hit: 0, byStyle: {} })
        .get(key)!;
    const hit = c.planted ? found.has(c) : (tagsByRun.get(c.run_id) ?? []).some((t) => t.signature === c.signature);
    row.cases++;
    if (hit) row.hit++;
    const style = (row.byStyle[c.tool_style] ??= { cases: 0, hit: 0 });
    style.cases++;
    if (hit) style.hit++;
  }
  const byForm = [...forms.values()].sort(
    (a, b) =>
      a.signature.localeCompare(b.signature) || Number(b.planted) - Number(a.planted) || a.form.localeCompare(b.form),
  );
  const misses = truth.filter((c) => c.planted && !found.has(c));
  return { bySignature, byForm, falsePositives, misses, weakTags: tags.length - strong.length };
}

export interface AnnotatedCase {
  run_id: string;
  signature: SignatureName;
  /** The annotation's steps as step n's. */
  steps: number[];
  note: string;
}

export interface Disagreement {
  run_id: string;
  signature: SignatureName;
  kind: "annotated, not detected" | "detected, not annotated";
  steps: number[];
  note: string;
}

/**
 * Where strong detector tags and a release's annotations disagree: an annotation no tag of its signature
 * on its run shares a step with, and a tag on a run with no annotation of its signature sharing a step.
 */
export function annotationDisagreements(
  annotations: readonly AnnotatedCase[],
  tags: readonly DetectedTag[],
): Disagreement[] {
  const strong = tags.filter((t) => t.strength === "strong");
  const overlap = (a: AnnotatedCase, t: DetectedTag) =>
    a.run_id === t.run_id && a.signature === t.signature && a.steps.some((s) => t.steps.includes(s));
  const out: Disagreement[] = [];
  for (const a of annotations) {
    if (!strong.some((t) => overlap(a, t)))
      out.push({
        run_id: a.run_id,
        signature: a.signature,
        kind: "annotated, not detected",
        steps: a.steps,
        note: a.note,
      });
  }
  for (const t of strong) {
    if (!annotations.some((a) => overlap(a, t)))
      out.push({
        run_id: t.run_id,
        signature: t.signature,
        kind: "detected, not annotated",
        steps: t.steps,
        note: t.note,
      });
  }
  return out;
}
