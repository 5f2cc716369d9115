// The steps index as an analyzer of the build's trajectory pass: one row per step of every trajectory
// (lib/trajectory/steps-index.ts; columns and limits in docs/data-format.md, "Derived tables: the steps
// index"). Bump `version` whenever the rows change, so cached rows are recomputed.
import { STEPS_INDEX_COLUMNS, stepsIndexRows, type StepIndexRow } from "../../../lib/trajectory/steps-index";
import type { Trajectory } from "../../../lib/trajectory/model";
import type { RequestInfo } from "../../../lib/trajectory/segment";

type ColumnType = "VARCHAR" | "INTEGER" | "BIGINT" | "DOUBLE" | "BOOLEAN";

/** What this analyzer reads of the pass's context (a subset of its PassContext). */
interface StepsPassContext {
  runId: string;
  analysis: { schedule: RequestInfo[] | null; focusTaskId: string | null; workspaces: Record<string, string> };
}

export const stepsAnalyzer = {
  table: "steps",
  version: "steps-index v1 (limits 1000/500/240/240)",
  columns: STEPS_INDEX_COLUMNS as Record<keyof StepIndexRow, ColumnType>,
  rows: (t: Trajectory, ctx: StepsPassContext): StepIndexRow[] => stepsIndexRows(t, ctx),
};
