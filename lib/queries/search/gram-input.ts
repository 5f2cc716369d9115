// The n-gram index's input (gram-build.ts) read from the steps index's four tables (index-tables.ts) on any
// DuckDB: the build's, and the tests'.
import type { Db } from "../../db/types";
import type { GramText } from "./gram-build-texts";
import type { GramContextRow, GramInput, GramRunRow, GramStepColumns } from "./gram-build";
import { ROW_FIELDS } from "./gram-files";
import { STEP_CONTEXTS, STEP_INDEX, STEP_RUNS, STEP_TEXTS } from "./index-tables";

/** step_index's rows as the build reads them (integers, null for a missing position or text). */
export type StepIndexRow = Record<"run" | (typeof ROW_FIELDS)[number], number | null>;

export const STEP_INDEX_ROWS_SQL = `SELECT run, ${ROW_FIELDS.join(", ")} FROM ${STEP_INDEX} ORDER BY run, step`;

export const STEP_TEXT_ROWS_SQL = `SELECT id, field, text, hay FROM ${STEP_TEXTS} ORDER BY id`;

/** step_index's rows as columns, -1 for null. */
export function stepColumns(rows: readonly StepIndexRow[]): GramStepColumns {
  const cols = Object.fromEntries(
    (["run", ...ROW_FIELDS] as const).map((c) => [c, new Int32Array(rows.length)]),
  ) as GramStepColumns;
  rows.forEach((r, g) => {
    for (const c of ["run", ...ROW_FIELDS] as const) cols[c][g] = r[c] ?? -1;
  });
  return cols;
}

/** The texts as step_texts numbers them (ids 0…n−1), checked to be that. */
export function gramTexts(rows: readonly { id: number; field: string; text: string; hay: string }[]): GramText[] {
  return rows.map((r, i) => {
    if (r.id !== i) throw new Error(`step_texts: id ${r.id} at position ${i}; the ids must be 0…n−1 in order`);
    return { field: r.field as GramText["field"], text: r.text, hay: r.hay };
  });
}

export async function gramInput(
  db: Db,
  steps?: readonly StepIndexRow[],
  texts?: readonly { id: number; field: string; text: string; hay: string }[],
): Promise<GramInput> {
  return {
    texts: gramTexts(texts ?? (await db.query(STEP_TEXT_ROWS_SQL))),
    steps: stepColumns(steps ?? (await db.query<StepIndexRow>(STEP_INDEX_ROWS_SQL))),
    runs: await db.query<GramRunRow>(
      `SELECT run_id, config_id, display_name, condition, task_group, focus_task_id, repo, resolved FROM ${STEP_RUNS} ORDER BY run`,
    ),
    contexts: await db.query<GramContextRow>(
      `SELECT request_kind, task_id, checkout, other_checkout, source, tools FROM ${STEP_CONTEXTS} ORDER BY ctx`,
    ),
  };
}
