// The one way CSV is written (the leaderboard export today; any later export goes through here too). Names,
// conditions and groups come from releases, i.e. from whoever published them, so a string cell that a
// spreadsheet would run as a formula is neutralised by OWASP's rule for CSV injection
// (https://owasp.org/www-community/attacks/CSV_Injection): a cell beginning with =, +, -, @, tab or carriage
// return gets a leading single quote, and is then quoted. Numbers are written as numbers, never prefixed: a
// gap of -0.5 in a numeric column is a value, not a formula, and a spreadsheet must still sum it. The choice
// is by type, not by look: the string "-0.5" (e.g. a model named so) is prefixed, the number -0.5 is not.

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: empty for null, numbers as they are, strings neutralised and quoted when needed. */
export function csvCell(v: CsvValue): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "";
  if (typeof v === "boolean") return String(v);
  const s = FORMULA_START.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(s) || s !== v ? `"${s.replaceAll('"', '""')}"` : s;
}

/** A header line and one line per row, every cell (header included) through csvCell; "\n" line ends. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const line = (cells: readonly CsvValue[]) => cells.map(csvCell).join(",");
  const lines = [line(header)];
  for (const row of rows) lines.push(line(row));
  return lines.join("\n") + "\n";
}
