// The one way CSV and JSON are written: every export button of the site (components/site/ExportButtons.tsx)
// and the leaderboard's export. Names, conditions and groups come from releases, i.e. from whoever published
// them, so a string cell that a spreadsheet would run as a formula is neutralised by OWASP's rule for CSV
// injection: a cell beginning with =, +, -, @, tab or carriage return gets a leading single quote, and is then
// quoted. Numbers are written as numbers, never prefixed: a gap of -0.5 is a value, and a spreadsheet must
// still sum it. The choice is by type, not by look: the string "-0.5" is prefixed, the number -0.5 is not.

export type ExportCell = string | number | boolean | null | undefined;
export type ExportRecord = Record<string, ExportCell>;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A string cell made inert for spreadsheets; other values unchanged. */
export function neutralise(v: ExportCell): ExportCell {
  return typeof v === "string" && FORMULA_START.test(v) ? `'${v}` : v;
}

/** One cell: empty for null, numbers as they are (non-finite as empty), strings neutralised and quoted when needed. */
export function csvCell(v: ExportCell): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "";
  const s = String(neutralise(v));
  return /[",\n\r]/.test(s) || s !== String(v) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** A header line and one line per row, every cell (header included) through csvCell; "\n" line ends. */
export function csvText(header: readonly string[], rows: readonly (readonly ExportCell[])[]): string {
  const line = (cells: readonly ExportCell[]) => cells.map(csvCell).join(",");
  const lines = [line(header)];
  for (const row of rows) lines.push(line(row));
  return lines.join("\n") + "\n";
}

/** CSV with a header row; `columns` defaults to the keys of the first record, in order. */
export function toCsv(rows: readonly ExportRecord[], columns?: readonly string[]): string {
  const keys = columns ?? Object.keys(rows[0] ?? {});
  if (!keys.length) return "";
  return [keys.map(csvCell).join(","), ...rows.map((r) => keys.map((k) => csvCell(r[k])).join(","))].join("\n") + "\n";
}

/**
 * JSON of the same records; strings neutralised too, since JSON is often opened in spreadsheets as well, and the
 * keys with them (they become the sheet's header row, as the CSV's header cells do). A key whose neutralised
 * form another key already has gets " (2)", so no value is lost.
 */
export function toJson(rows: readonly ExportRecord[]): string {
  return JSON.stringify(
    rows.map((r) => {
      const out: Record<string, ExportCell> = {};
      for (const [k, v] of Object.entries(r)) {
        const key = String(neutralise(k));
        let name = key;
        for (let i = 2; Object.hasOwn(out, name); i++) name = `${key} (${i})`;
        out[name] = neutralise(v ?? null);
      }
      return out;
    }),
    null,
    1,
  );
}

/** "<release>-<view>[-<subset>]", safe as a file name. */
export function exportName(releaseId: string, view: string, subset?: string | null): string {
  const slug = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "");
  return [releaseId, view, subset]
    .filter((p): p is string => !!p)
    .map(slug)
    .filter(Boolean)
    .join("-");
}
