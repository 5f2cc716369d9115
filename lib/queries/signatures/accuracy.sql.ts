// How far the tags can be trusted (issue 43): per signature, the detector and version the release's tags carry
// (signature_tags) beside the precision and recall measured for that very version on planted synthetic cases
// (detector_accuracy, from data/detector-accuracy.json). The join is on detector and version, so a detector that
// changed since the bench last ran finds no measured set: its accuracy reads "not measured yet", never the
// earlier version's numbers. The versions the file does hold are listed apart, by name only.
import { defineQuery } from "../../db/query";

export interface DetectorTrustRow {
  signature: string;
  /** The detector and version the release's tags of this signature carry; null: no tag of it in the release. */
  detector: string | null;
  detector_version: string | null;
  strong_tags: number;
  weak_tags: number;
  /** The set this version was measured on; null: this version was not measured. */
  set_id: string | null;
  set_label: string | null;
  set_description: string | null;
  measured_at: string | null;
  /** Planted cases of the set, those found, and strong tags that found none (strong tags only). */
  planted: number | null;
  found: number | null;
  false_positives: number | null;
  /** Null when measured but undefined (no strong tag, no planted case). */
  precision: number | null;
  recall: number | null;
  /** Every "detector version" the accuracy file measured for this signature, comma-joined; null: none. */
  measured_versions: string | null;
}

export const DETECTOR_TRUST_SQL = `
WITH sigs AS (SELECT * FROM (VALUES ('requirement_state_loss', 0), ('cross_task_interference', 1)) v(signature, sig_ord)),
tagged AS (
  SELECT signature, detector, detector_version,
    COUNT(*) FILTER (WHERE strength = 'strong')::INTEGER AS strong_tags,
    COUNT(*) FILTER (WHERE strength = 'weak')::INTEGER AS weak_tags
  FROM signature_tags GROUP BY signature, detector, detector_version
),
measured AS (
  SELECT signature, string_agg(DISTINCT detector || ' ' || detector_version, ', ' ORDER BY detector || ' ' || detector_version)
    AS measured_versions
  FROM detector_accuracy GROUP BY signature
)
SELECT g.signature, t.detector, t.detector_version,
  COALESCE(t.strong_tags, 0)::INTEGER AS strong_tags, COALESCE(t.weak_tags, 0)::INTEGER AS weak_tags,
  a.set_id, a.set_label, a.set_description, a.measured_at,
  a.planted::INTEGER AS planted, a.found::INTEGER AS found, a.false_positives::INTEGER AS false_positives,
  a.precision::DOUBLE AS precision, a.recall::DOUBLE AS recall,
  m.measured_versions
FROM sigs g
LEFT JOIN tagged t ON t.signature = g.signature
LEFT JOIN detector_accuracy a
  ON a.signature = t.signature AND a.detector = t.detector AND a.detector_version = t.detector_version
LEFT JOIN measured m ON m.signature = g.signature
ORDER BY g.sig_ord, t.detector NULLS LAST, t.detector_version NULLS LAST, a.set_order NULLS LAST`;

export const detectorTrustQuery = defineQuery<void, DetectorTrustRow>({
  name: "detector accuracy",
  tables: ["signature_tags", "detector_accuracy"],
  sql: () => DETECTOR_TRUST_SQL,
});
