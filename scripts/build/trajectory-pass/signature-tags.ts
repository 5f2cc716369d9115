// The detectors' tags as the derived `signature_tags` table (lib/trajectory/tag-rows.ts).
import { CROSS_TASK_DETECTOR } from "../../../lib/trajectory/detect-cross-task";
import { STATE_LOSS_DETECTOR } from "../../../lib/trajectory/detect-state-loss";
import { signatureTagRows, type SignatureTagRow } from "../../../lib/trajectory/tag-rows";
import { SIGNATURE_TAGS_COLUMNS } from "../../../lib/queries/signatures/tables";
import type { PassAnalyzer } from "./types";

export const signatureTagsAnalyzer: PassAnalyzer<SignatureTagRow> = {
  table: "signature_tags",
  // The detectors' own version strings: a detector change invalidates every cached tag.
  version: `${STATE_LOSS_DETECTOR}; ${CROSS_TASK_DETECTOR}; rows v1`,
  columns: SIGNATURE_TAGS_COLUMNS,

  rows: (t, ctx) => signatureTagRows(ctx.runId, t, ctx.analysis),
};
