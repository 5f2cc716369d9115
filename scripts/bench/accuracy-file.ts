// data/detector-accuracy.json (lib/data/detector-accuracy.ts): the detector bench's scores as one measured set,
// the detectors named as their tags name them, so the data build can publish them beside the tags of the same
// version. Writing replaces the set of the same id and keeps every other set (another ground truth measured
// elsewhere), then checks the whole file with its schema before it is written.
import { writeFileSync } from "node:fs";
import {
  checkDetectorAccuracy,
  DETECTOR_ACCURACY_FORMAT,
  type AccuracySet,
  type DetectorAccuracy,
} from "../../lib/data/detector-accuracy";
import { splitDetectorName } from "../../lib/trajectory/tags";
import { readDetectorAccuracy } from "../build/detector-accuracy";
import { SIGNATURES, type DetectedTag, type Score, type SignatureName, type TruthCase } from "./detector-score";

export interface SetMeta {
  id: string;
  label: string;
  description: string;
  ground_truth: string;
  release: string;
}

/** What the bench measured the set with. */
export interface Measured {
  score: Score;
  tags: readonly DetectedTag[];
  truth: readonly (TruthCase & { what?: string })[];
  runs: number;
  /** Per signature, the full author names its tags carried ("requirement-state-loss detector v3"). */
  detectorNames: Record<SignatureName, string[]>;
  /** The detectors' own names, for a signature no tag of which was written. */
  fallbackNames: Record<SignatureName, string>;
}

function detectorOf(m: Measured, sig: SignatureName): { detector: string; version: string } {
  const names = m.detectorNames[sig];
  if (names.length > 1) throw new Error(`${sig}: tags of several detectors (${names.join(", ")}) in one bench run`);
  return splitDetectorName(names[0] ?? m.fallbackNames[sig]);
}

function formsOf(m: Measured, sig: SignatureName): AccuracySet["signatures"][number]["forms"] {
  return m.score.byForm
    .filter((f) => f.signature === sig)
    .map((f) => ({
      form: f.form,
      kind: f.planted ? ("planted" as const) : ("near miss" as const),
      cases: f.cases,
      hit: f.hit,
      by_tool_style: Object.fromEntries(Object.entries(f.byStyle).sort(([a], [b]) => (a < b ? -1 : 1))),
      what: m.truth.find((c) => c.form === f.form && c.signature === sig)?.what ?? "",
    }));
}

export function accuracySet(m: Measured, meta: SetMeta, measuredAt: string): AccuracySet {
  return {
    ...meta,
    measured_at: measuredAt,
    runs: m.runs,
    signatures: SIGNATURES.map((sig) => {
      const c = m.score.bySignature[sig];
      const { detector, version } = detectorOf(m, sig);
      return {
        signature: sig,
        detector,
        detector_version: version,
        planted: c.cases,
        found: c.found,
        false_positives: c.falsePositives,
        precision: c.precision,
        recall: c.recall,
        weak_tags: m.tags.filter((t) => t.signature === sig && t.strength === "weak").length,
        forms: formsOf(m, sig),
      };
    }),
  };
}

/** `set` in place of the set of its id, or after the others. */
export function withSet(file: DetectorAccuracy | null, set: AccuracySet): DetectorAccuracy {
  const sets = file?.sets ?? [];
  const at = sets.findIndex((s) => s.id === set.id);
  return {
    format: DETECTOR_ACCURACY_FORMAT,
    written_by: "npm run bench -- --only detectors (scripts/bench/detectors.ts); never edited by hand",
    scored: "strong tags only; weak tags are not scored",
    sets: at < 0 ? [...sets, set] : sets.map((s, i) => (i === at ? set : s)),
  };
}

/** Writes `sets` into the file at `path` (each in place of the set of its id), checked, in one write. */
export function writeAccuracyFile(path: string, ...sets: AccuracySet[]): DetectorAccuracy {
  const file = checkDetectorAccuracy(sets.reduce(withSet, readDetectorAccuracy(path)), path);
  writeFileSync(path, JSON.stringify(file, null, 2) + "\n");
  return file;
}
