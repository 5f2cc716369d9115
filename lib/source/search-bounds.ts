// The search's hits under the bounds every result has (lib/source/result-bounds.ts): each text of a hit at most
// CELL_CHARS (the steps index already clips commands, paths and excerpts far below it, lib/trajectory/
// steps-index.ts STEP_LIMITS; tool names, checkouts and ids come unclipped from the trajectories), and an export
// at most RESULT_CHARS in all, fetched page by page so that no more than that is ever read.
import type { StepHitRow } from "../queries/search/sql";
import type { ExportRecord } from "../common/csv";
import { boundText, cellChars, ResultBudget, RESULT_CHARS } from "./result-bounds";

/** A hit with each of its texts bounded to CELL_CHARS (a cut one ends with its truncation mark). */
export function boundHit(h: StepHitRow): StepHitRow {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(h)) out[k] = typeof v === "string" ? boundText(v).text : v;
  return out as unknown as StepHitRow;
}

/** A hit as the export writes it: every column but the paging keys. */
export function hitRecord({ run: _run, run_steps: _steps, ...h }: StepHitRow): ExportRecord {
  return { ...h };
}

/** The hits an export keeps, page by page, while their records' characters stay within `total`. */
export class BoundedHits {
  readonly records: ExportRecord[] = [];
  /** A hit did not fit: the records are those before it, and no further page is read. */
  stopped = false;
  private readonly budget: ResultBudget;

  constructor(total = RESULT_CHARS) {
    this.budget = new ResultBudget(total);
  }

  /** Adds a page of hits while they fit; false once one did not. */
  add(page: readonly StepHitRow[]): boolean {
    for (const h of page) {
      const rec = hitRecord(boundHit(h));
      if (!this.budget.take(Object.values(rec).reduce<number>((a, v) => a + cellChars(v), 0))) {
        this.stopped = true;
        return false;
      }
      this.records.push(rec);
    }
    return true;
  }
}
