// What the SQL console says about a result (components/sql/SqlConsole.tsx): the status line, a truncated cell's
// kept text apart from its mark, the export's records and the note for a statement too long for a link.
import type { ConsoleResult } from "../source/console";
import type { ExportRecord } from "../common/csv";
import {
  CELL_CHARS,
  charsText,
  distinctNames,
  LINK_STATEMENT_CHARS,
  RESULT_CHARS,
  truncationMark,
} from "../source/result-bounds";

const count = (n: number) => n.toLocaleString("en-US");

/** "3 rows · 12 ms", with the row cap, the total bound and the truncated cells when they applied. */
export function resultStatus(r: ConsoleResult, rowCap: number): string {
  const n = r.rows.length;
  const parts = [`${count(n)} row${n === 1 ? "" : "s"}`];
  if (r.capped) parts[0] += ` (the first ${count(rowCap)})`;
  if (r.stopped)
    parts[0] += ` kept: the result passed the bound of ${charsText(RESULT_CHARS)} a result holds, so the rows after the first ${count(n)} were not read`;
  if (r.cuts.size > 0)
    parts.push(`${count(r.cuts.size)} cell${r.cuts.size === 1 ? "" : "s"} truncated to ${charsText(CELL_CHARS)}`);
  parts.push(`${Math.round(r.ms)} ms`);
  return parts.join(" · ");
}

/** A cell's text as shown beside its mark: the kept text, and what was cut ("250 characters") or null. */
export function cellParts(r: ConsoleResult, row: number, column: number): { text: string | null; cut: string | null } {
  const v = r.rows[row]![column]!;
  const text = v === null ? null : String(v);
  const cut = r.cuts.get(row * r.columns.length + column) ?? null;
  if (cut === null || text === null) return { text, cut: null };
  return { text: text.slice(0, text.length - truncationMark(cut).length), cut };
}

/** The result as export records: the bounded cells (a truncated one says so), columns with distinct names. */
export function resultRecords(r: ConsoleResult): ExportRecord[] {
  const names = distinctNames(r.columns.map((c) => c.name));
  return r.rows.map((row) => Object.fromEntries(names.map((n, i) => [n, row[i]])));
}

/** Why a statement was run without being written into the address, or null when a link carries it. */
export function linkNote(statement: string): string | null {
  if (statement.length <= LINK_STATEMENT_CHARS) return null;
  return `This statement is ${charsText(statement.length)} long, more than the ${count(LINK_STATEMENT_CHARS)} a link carries: it ran, but the address was not changed, so a link to this page does not hold it (copy the statement instead).`;
}
