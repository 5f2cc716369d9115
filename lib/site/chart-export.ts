// A chart saved as a file (components/ui/ChartFigure.tsx): the SVG on the page draws with CSS variables
// (components/ui/chart.ts) and currentColor, which mean nothing outside the page, so the saved file gets the
// colours the page computed, inlined, a background of the theme it was saved in, and the namespaces a standalone
// SVG needs. The string work is here, pure and tested; reading computed styles off the DOM is the component's.
import { exportName, type ExportRecord } from "@/lib/common/csv";

/** The numbers behind a chart: what a screen reader reads instead of the picture, and the CSV/JSON export. */
export interface ChartTable {
  caption: string;
  columns: { key: string; label: string }[];
  rows: Record<string, string | number | null>[];
}

/** The export's file name: `<release>-<view>.<ext>`, as the table exports name theirs (lib/common/csv.ts). */
export function chartFileName(releaseId: string, view: string, ext: "svg" | "png" | "csv" | "json"): string {
  return `${exportName(releaseId, view)}.${ext}`;
}

/** The table's rows as export records: one key per column, the column's label, in the columns' order. */
export function chartTableRecords(table: ChartTable): ExportRecord[] {
  return table.rows.map((r) => Object.fromEntries(table.columns.map((c) => [c.label, r[c.key] ?? null])));
}

/** The end of the var(...) opened at `open` (the index of its "("), counting nested parentheses; -1 if unclosed. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i;
  }
  return -1;
}

/**
 * Every `var(--name)` / `var(--name, fallback)` replaced by `lookup(name)`, else by its fallback (itself resolved),
 * else by `missing`. A var() left unclosed is cut off, so nothing of the form "var(--" survives.
 */
export function resolveCssVariables(
  text: string,
  lookup: (name: string) => string | undefined,
  missing = "none",
): string {
  let out = "";
  let at = 0;
  for (let i = text.indexOf("var(", at); i >= 0; i = text.indexOf("var(", at)) {
    out += text.slice(at, i);
    const end = closingParen(text, i + 3);
    if (end < 0) return out + missing;
    const inner = text.slice(i + 4, end);
    const comma = inner.indexOf(",");
    const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
    const own = lookup(name)?.trim();
    const fallback = comma < 0 ? "" : inner.slice(comma + 1).trim();
    out += own || (fallback ? resolveCssVariables(fallback, lookup, missing) : missing);
    at = end + 1;
  }
  return out + text.slice(at);
}

/** `currentColor` (any case) replaced by the colour it stood for. */
export function resolveCurrentColor(text: string, color: string): string {
  return text.replace(/currentcolor/gi, color);
}

function escapeAttr(v: string): string {
  return v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

export interface StandaloneOptions {
  width: number;
  height: number;
  /** The page's background colour, drawn as the picture's first shape. */
  background: string;
  fontFamily: string;
}

/** One attribute of an opening tag set (replaced when present). */
function setAttr(tag: string, name: string, value: string): string {
  const re = new RegExp(`\\s${name}="[^"]*"`);
  const attr = ` ${name}="${escapeAttr(value)}"`;
  return re.test(tag) ? tag.replace(re, attr) : tag.replace(/^<svg/, `<svg${attr}`);
}

/**
 * An <svg> element's markup as a file of its own: the namespaces, an explicit size and viewBox, the font, and a
 * background rect before everything it draws.
 */
export function standaloneSvg(markup: string, o: StandaloneOptions): string {
  const open = /^\s*<svg\b[^>]*>/.exec(markup);
  if (!open) throw new Error("not an <svg> element");
  const selfClosed = open[0].endsWith("/>");
  let tag = open[0].trim().replace(/\s*\/>$/, ">");
  tag = setAttr(tag, "xmlns", "http://www.w3.org/2000/svg");
  tag = setAttr(tag, "xmlns:xlink", "http://www.w3.org/1999/xlink");
  tag = setAttr(tag, "width", String(o.width));
  tag = setAttr(tag, "height", String(o.height));
  if (!/\sviewBox="/.test(tag)) tag = setAttr(tag, "viewBox", `0 0 ${o.width} ${o.height}`);
  tag = setAttr(tag, "font-family", o.fontFamily);
  const bg = `<rect x="0" y="0" width="100%" height="100%" fill="${escapeAttr(o.background)}"/>`;
  const rest = markup.slice(open[0].length);
  const body = selfClosed ? "</svg>" : rest;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${tag}${bg}${body}`;
}

/** A transparent or missing background reads as none: the caller then falls back to the theme's own colour. */
export function isTransparent(color: string | null | undefined): boolean {
  if (!color) return true;
  const c = color.replace(/\s+/g, "").toLowerCase();
  return c === "transparent" || c === "rgba(0,0,0,0)" || /^rgba\(.*,0\)$/.test(c);
}
