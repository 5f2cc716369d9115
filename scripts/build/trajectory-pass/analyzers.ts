// Every analyzer the trajectory pass runs (scripts/build/trajectory-pass/types.ts). Adding one here adds a
// derived table to every release build; its version joins the cache key, so old results are not reused.
import { signatureTagsAnalyzer } from "./signature-tags";
import { stepsAnalyzer } from "./steps-analyzer";
import type { PassAnalyzer } from "./types";

export const ANALYZERS: readonly PassAnalyzer[] = [signatureTagsAnalyzer, stepsAnalyzer];

// v3: the run's patch is read too (its hash in the key, its taint findings and the focus stages in the context),
// and entries hold each table's rows as NDJSON text.
const PASS_VERSION = "trajectory pass v3";

/** The pass's own version (reading, run_analysis) and every analyzer's, as one cache-key part. */
export const VERSIONS_KEY = [PASS_VERSION, ...ANALYZERS.map((a) => `${a.table}@${a.version}`)].join("|");
