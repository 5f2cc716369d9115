// The steps index as an analyzer of the build's trajectory pass: one row per step of every trajectory
// (lib/trajectory/steps-index.ts; columns and limits in docs/data-format.md, "Derived tables: the steps
// index"). Bump `version` whenever the rows change, so cached rows are recomputed.
import { STEPS_INDEX_COLUMNS, stepsIndexRows, type StepIndexRow } from "../../../lib/trajectory/steps-index";
import type { PassAnalyzer } from "./types";

export const stepsAnalyzer: PassAnalyzer<StepIndexRow> = {
  table: "steps",
  version: "steps-index v1 (limits 1000/500/240/240)",
  columns: STEPS_INDEX_COLUMNS,
  bulky: true,
  rows: (t, ctx) => stepsIndexRows(t, ctx),
};
