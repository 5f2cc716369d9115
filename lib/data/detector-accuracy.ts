// The detectors' measured accuracy, data/detector-accuracy.json: written by `npm run bench -- --only detectors`
// (scripts/bench/accuracy-file.ts), read by the data build (scripts/build/detector-accuracy.ts), which publishes
// it as the derived table `detector_accuracy` (docs/data-format.md, "What the build publishes").
// The file is a list of measured sets, each one ground truth with its own date and, per signature, the detector
// and version it measured as the tags carry them (signature_tags.detector, .detector_version): a second planted
// set is one more entry, and a version the file does not name has no accuracy, whatever another version scored.
import { z } from "zod";
import { SIGNATURES } from "../trajectory/tags";

export const DETECTOR_ACCURACY_FORMAT = "detector-accuracy v1";

const count = z.number().int().min(0);
/** found / (found + false positives) or found / planted; null when the denominator is 0. */
const ratio = z.number().min(0).max(1).nullable();

const formSchema = z.strictObject({
  form: z.string().min(1),
  kind: z.enum(["planted", "near miss"]),
  cases: count,
  /** Planted: the cases found. Near miss: the cases that drew a strong tag (each a false positive). */
  hit: count,
  by_tool_style: z.record(z.string(), z.strictObject({ cases: count, hit: count })),
  /** What the trace of this form shows (the generator's description). */
  what: z.string(),
});

const signatureSchema = z.strictObject({
  signature: z.enum(SIGNATURES),
  detector: z.string().min(1),
  detector_version: z.string().min(1),
  planted: count,
  found: count,
  false_positives: count,
  precision: ratio,
  recall: ratio,
  /** Weak tags the detector wrote on the set: never scored. */
  weak_tags: count,
  forms: z.array(formSchema),
});

const setSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  /** How the pages name the set: "the sample's planted forms". */
  label: z.string().min(1),
  description: z.string().min(1),
  measured_at: z.iso.date(),
  /** The ground truth's file and the release its runs belong to. */
  ground_truth: z.string().min(1),
  release: z.string().min(1),
  /** Trajectories the detectors read. */
  runs: count,
  signatures: z.array(signatureSchema),
});

type SignatureAccuracy = z.infer<typeof signatureSchema>;

const near = (a: number | null, b: number | null) => (a === null ? b === null : b !== null && Math.abs(a - b) < 1e-9);
const share = (k: number, n: number) => (n === 0 ? null : k / n);

/** What a signature's numbers must satisfy: the ratios are those of its counts, a form's hits within its cases. */
function countsAgree(s: SignatureAccuracy): string | null {
  if (s.found > s.planted) return "found exceeds planted";
  if (!near(s.precision, share(s.found, s.found + s.false_positives))) return "precision is not found / (found + false positives)";
  if (!near(s.recall, share(s.found, s.planted))) return "recall is not found / planted";
  if (s.forms.some((f) => f.hit > f.cases)) return "a form has more hits than cases";
  return null;
}

export const detectorAccuracySchema = z
  .strictObject({
    format: z.literal(DETECTOR_ACCURACY_FORMAT),
    written_by: z.string(),
    /** What precision and recall count (strong tags only). */
    scored: z.string(),
    sets: z.array(setSchema),
  })
  .superRefine((file, ctx) => {
    const ids = file.sets.map((s) => s.id);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", message: "set ids repeat", path: ["sets"] });
    file.sets.forEach((set, i) =>
      set.signatures.forEach((s, j) => {
        const wrong = countsAgree(s);
        if (wrong) ctx.addIssue({ code: "custom", message: wrong, path: ["sets", i, "signatures", j] });
      }),
    );
  });

export type DetectorAccuracy = z.infer<typeof detectorAccuracySchema>;
export type AccuracySet = z.infer<typeof setSchema>;

/** The file's value checked; an Error naming `where` and the first problems otherwise. */
export function checkDetectorAccuracy(value: unknown, where: string): DetectorAccuracy {
  const parsed = detectorAccuracySchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(file)"}: ${i.message}`);
  throw new Error(`${where}: not a detector accuracy file (${issues.join("; ")})`);
}

/** One row of the derived table `detector_accuracy` per set × signature (columns: signatures/tables.ts). */
export interface DetectorAccuracyRow {
  [column: string]: string | number | null;
  detector: string;
  detector_version: string;
  signature: string;
  set_id: string;
  /** The set's place in the file: the pages list sets in this order. */
  set_order: number;
  set_label: string;
  set_description: string;
  planted: number;
  found: number;
  false_positives: number;
  weak_tags: number;
  precision: number | null;
  recall: number | null;
  measured_at: string;
}

export function detectorAccuracyRows(file: DetectorAccuracy): DetectorAccuracyRow[] {
  return file.sets.flatMap((set, i) =>
    set.signatures.map((s) => ({
      detector: s.detector,
      detector_version: s.detector_version,
      signature: s.signature,
      set_id: set.id,
      set_order: i,
      set_label: set.label,
      set_description: set.description,
      planted: s.planted,
      found: s.found,
      false_positives: s.false_positives,
      weak_tags: s.weak_tags,
      precision: s.precision,
      recall: s.recall,
      measured_at: set.measured_at,
    })),
  );
}
