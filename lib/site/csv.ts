// CSV and JSON of a table as shown, for every export button of the site (components/site/ExportButtons.tsx).
// Text from releases is untrusted: a string cell that a spreadsheet would read as a formula (= + - @, tab,
// CR) gets a leading single quote. Numbers are written as numbers, so a negative gap stays a number.

export type ExportCell = string | number | boolean | null | undefined;
export type ExportRecord = Record<string, ExportCell>;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A string cell made inert for spreadsheets; other values unchanged. */
export function neutralise(v: ExportCell): ExportCell {
  return typeof v === "string" && FORMULA_START.test(v) ? `'${v}` : v;
}

function csvCell(v: ExportCell): string {
  if (v === null || v === undefined) return "";
  const s = String(neutralise(v));
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** CSV with a header row; `columns` defaults to the keys of the first record, in order. */
export function toCsv(rows: readonly ExportRecord[], columns?: readonly string[]): string {
  const keys = columns ?? Object.keys(rows[0] ?? {});
  if (!keys.length) return "";
  return [keys.map(csvCell).join(","), ...rows.map((r) => keys.map((k) => csvCell(r[k])).join(","))].join("\n") + "\n";
}

/** JSON of the same records; strings neutralised too, since JSON is often opened in spreadsheets as well. */
export function toJson(rows: readonly ExportRecord[]): string {
  return JSON.stringify(rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, neutralise(v ?? null)]))), null, 1);
}

/** "<release>-<view>[-<subset>]", safe as a file name. */
export function exportName(releaseId: string, view: string, subset?: string | null): string {
  const slug = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "");
  return [releaseId, view, subset].filter((p): p is string => !!p).map(slug).filter(Boolean).join("-");
}
