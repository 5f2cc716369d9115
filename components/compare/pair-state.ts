// What the compare page has for one (A, B, condition): filled in step by step as the loader's parts arrive.
import type { CompareCostRow } from "@/lib/queries/compare/sql";
import type { CompareModel } from "@/lib/queries/compare/model";
import type { SignatureRateRow } from "@/lib/queries/signatures/rates.sql";
import type { PrevalenceModel } from "@/lib/queries/signatures/prevalence-model";

/** A panel's rows, or why it has none. */
export interface Loaded<T> {
  rows?: T;
  error?: string;
}

/** What has arrived for one (A, B, condition). */
export interface PairState {
  model?: CompareModel;
  /** The model's bootstrap intervals are in. */
  intervals?: boolean;
  error?: string;
  cost?: Loaded<CompareCostRow[]>;
  signatures?: Loaded<SignatureRateRow[]>;
  /** Detector prevalence of a published pair; null for a pair with a local configuration (never analysed). */
  prevalence?: Loaded<PrevalenceModel | null>;
  /** Local runs of the pair on sessions the published release does not have. */
  unmatched?: number;
  /**
   * Where the 2×2's counts came from. static: the build's answers (lib/queries/ahead.ts); duckdb: a query engine
   * in the page.
   */
  origin?: "static" | "duckdb";
}
