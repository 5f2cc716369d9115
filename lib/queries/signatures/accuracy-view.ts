// What the pages say of the detectors' measured accuracy (accuracy.sql.ts): per signature, the detector and
// version the tags carry and, when that very version was measured, its precision and recall on each measured set.
// The numbers are strong tags' only; weak tags are never scored, and every text says the cases were planted.
import type { DetectorTrustRow } from "./accuracy.sql";

/** How every number here is labelled: the cases are synthetic, planted for the purpose. */
export const ON_PLANTED = "on planted synthetic cases";

export interface MeasuredSet {
  id: string;
  label: string;
  description: string;
  measuredAt: string;
  planted: number;
  found: number;
  falsePositives: number;
  precision: number | null;
  recall: number | null;
}

export interface SignatureTrust {
  signature: string;
  /** The detector and version the release's tags carry; null: no tag of this signature in the release. */
  detector: string | null;
  version: string | null;
  strongTags: number;
  weakTags: number;
  /** This version's measured sets, in the file's order; empty: this version is not measured yet. */
  sets: MeasuredSet[];
  /** Every "detector version" the accuracy file holds for the signature (this one or others). */
  measuredVersions: string[];
}

/** "v3" stays, "3" becomes "v3": the tags carry either spelling. */
export const versionLabel = (v: string) => (/^v/i.test(v) ? v : `v${v}`);

/** The detector's full name as its tags' author carries it (the inverse of splitting it into name and version). */
export const detectorName = (detector: string, version: string) =>
  version ? `${detector} ${versionLabel(version)}` : detector;

function setOf(r: DetectorTrustRow): MeasuredSet | null {
  if (r.set_id === null) return null;
  return {
    id: r.set_id,
    label: r.set_label ?? r.set_id,
    description: r.set_description ?? "",
    measuredAt: r.measured_at ?? "",
    planted: r.planted ?? 0,
    found: r.found ?? 0,
    falsePositives: r.false_positives ?? 0,
    precision: r.precision,
    recall: r.recall,
  };
}

/** One entry per signature and tagged detector version, in the query's order. */
export function signatureTrust(rows: readonly DetectorTrustRow[]): SignatureTrust[] {
  const out = new Map<string, SignatureTrust>();
  for (const r of rows) {
    const key = [r.signature, r.detector ?? "", r.detector_version ?? ""].join("\u0000");
    let entry = out.get(key);
    if (!entry) {
      entry = {
        signature: r.signature,
        detector: r.detector,
        version: r.detector_version,
        strongTags: r.strong_tags,
        weakTags: r.weak_tags,
        sets: [],
        measuredVersions: r.measured_versions ? r.measured_versions.split(", ") : [],
      };
      out.set(key, entry);
    }
    const set = setOf(r);
    if (set) entry.sets.push(set);
  }
  return [...out.values()];
}

export const ratioText = (x: number | null) => (x === null ? "n/a" : x.toFixed(3));

/** "precision 1.000 (42 found, 0 false positives), recall 1.000 (42 of 42 planted)". */
export function accuracyText(s: MeasuredSet): string {
  return (
    `precision ${ratioText(s.precision)} (${s.found} found, ${s.falsePositives} false positive${s.falsePositives === 1 ? "" : "s"}), ` +
    `recall ${ratioText(s.recall)} (${s.found} of ${s.planted} planted)`
  );
}

/** "the sample's planted forms, measured 2026-12-07". */
export const setText = (s: MeasuredSet) => `${s.label}, measured ${s.measuredAt}`;

/** Why a tagged version shows no numbers: which versions were measured instead, by name. */
export function notMeasuredText(t: SignatureTrust): string {
  const name = t.detector !== null ? detectorName(t.detector, t.version ?? "") : "this detector";
  const others = t.measuredVersions;
  return `The accuracy of ${name} is not measured yet${others.length ? ` (measured: ${others.join(", ")}, another version)` : ""}.`;
}
