"use client";
// Every chart's frame: its title, the picture saved as SVG or PNG, the numbers behind it as CSV/JSON, and those
// numbers as a table a screen reader reads instead of the picture (hidden until "Show as table" is pressed).
// The saved picture is the first <svg> inside the chart with its computed colours inlined (docs/charts.md).
import { useId, useRef, useState } from "react";
import { ExportButtons } from "@/components/site/ExportButtons";
import {
  chartFileName,
  chartTableRecords,
  isTransparent,
  resolveCssVariables,
  resolveCurrentColor,
  standaloneSvg,
  type ChartTable,
} from "@/lib/site/chart-export";
import { cx } from "./Table";
import { FORMAT_BUTTON, FormatButtons } from "./FormatButtons";

export type { ChartTable } from "@/lib/site/chart-export";

/** What a saved SVG keeps of each element's computed style: everything that changes how it is drawn. */
const DRAWN = [
  "fill",
  "fill-opacity",
  "stroke",
  "stroke-width",
  "stroke-dasharray",
  "stroke-opacity",
  "opacity",
  "font-family",
  "font-size",
  "font-weight",
  "text-anchor",
  "dominant-baseline",
  "visibility",
] as const;

/**
 * A computed colour in a form every SVG viewer reads: the page's colours may compute to oklch() (Tailwind's
 * palette), which older viewers drop, so such a colour is painted on a 1 × 1 canvas and read back as rgb().
 */
function portableColor(color: string, seen = new Map<string, string>()): string {
  if (!/^(oklch|oklab|lch|lab|color)\(/i.test(color.trim())) return color;
  const known = seen.get(color);
  if (known) return known;
  const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  if (!ctx) return color;
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
  const rgb = a === 255 ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${((a ?? 0) / 255).toFixed(3)})`;
  seen.set(color, rgb);
  return rgb;
}

function pageBackground(): string {
  for (const el of [document.body, document.documentElement]) {
    const bg = getComputedStyle(el).backgroundColor;
    if (!isTransparent(bg)) return portableColor(bg);
  }
  return document.documentElement.classList.contains("dark") ? "#09090b" : "#ffffff";
}

/** The chart's <svg> as a standalone file in the colours it has now (light or dark). */
function snapshotSvg(svg: SVGSVGElement): { text: string; width: number; height: number } {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const seen = new Map<string, string>();
  const from = [svg, ...svg.querySelectorAll("*")];
  const to = [clone, ...clone.querySelectorAll("*")];
  // Only what differs from the parent's value is written (all but opacity inherit), which keeps the file small.
  const drawn = new Map<Element, Map<string, string>>();
  from.forEach((el, i) => {
    const target = to[i] as SVGElement | undefined;
    if (!target?.style) return;
    const cs = getComputedStyle(el);
    const parent = el === svg ? undefined : drawn.get(el.parentElement!);
    const own = new Map<string, string>();
    for (const p of DRAWN) {
      const v = cs.getPropertyValue(p);
      own.set(p, v);
      // An own attribute is overwritten even when the value is the parent's: a class may have overridden it.
      const same = !el.hasAttribute(p) && (p === "opacity" ? v === "1" : parent?.get(p) === v);
      if (v && !same) target.style.setProperty(p, p === "fill" || p === "stroke" ? portableColor(v, seen) : v);
    }
    drawn.set(el, own);
  });
  // A size in the root's style (recharts: width 100%) would override the file's own width and height.
  clone.style.removeProperty("width");
  clone.style.removeProperty("height");
  const root = getComputedStyle(document.documentElement);
  const box = svg.getBoundingClientRect();
  const width = Math.max(1, Math.round(box.width));
  const height = Math.max(1, Math.round(box.height));
  const markup = resolveCurrentColor(
    resolveCssVariables(new XMLSerializer().serializeToString(clone), (n) => root.getPropertyValue(n)),
    portableColor(getComputedStyle(svg).color),
  );
  const text = standaloneSvg(markup, {
    width,
    height,
    background: pageBackground(),
    fontFamily: getComputedStyle(svg).fontFamily || "sans-serif",
  });
  return { text, width, height };
}

function saveBlob(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The SVG drawn on a canvas at twice its size: a data URL, so nothing is fetched. */
function svgToPng(text: string, width: number, height: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement("canvas");
      canvas.width = width * 2;
      canvas.height = height * 2;
      const ctx = canvas.getContext("2d");
      if (!ctx) return reject(new Error("no canvas"));
      ctx.scale(2, 2);
      ctx.drawImage(img, 0, 0, width, height);
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("PNG encoding failed"))), "image/png");
    };
    img.onerror = () => reject(new Error("the SVG did not load as an image"));
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  });
}

function cellText(v: string | number | null | undefined) {
  return v === null || v === undefined ? (
    <span title="not known for this row">—</span>
  ) : typeof v === "number" ? (
    String(v)
  ) : (
    v
  );
}

function ChartDataTable({ table, id, shown }: { table: ChartTable; id: string; shown: boolean }) {
  const [first, ...rest] = table.columns;
  return (
    <div id={id} className={shown ? "mt-2 max-h-96 overflow-auto" : "sr-only"} data-chart-table="">
      <table className="text-xs">
        <caption className={shown ? "mb-1 text-left text-zinc-600 dark:text-zinc-400" : undefined}>
          {table.caption}
        </caption>
        <thead>
          <tr className="border-b border-zinc-200 text-left dark:border-zinc-800">
            {table.columns.map((c) => (
              <th key={c.key} scope="col" className="px-2 font-medium" data-key={c.key}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r, i) => (
            <tr key={i} className="border-b border-zinc-100 dark:border-zinc-900">
              {first ? (
                <th scope="row" className="px-2 text-left font-normal" data-key={first.key}>
                  {cellText(r[first.key])}
                </th>
              ) : null}
              {rest.map((c) => (
                <td key={c.key} className="px-2 text-right tabular-nums" data-key={c.key}>
                  {cellText(r[c.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ChartFigure(props: {
  releaseId: string;
  /** data-chart attribute and the export file names' view part */
  id: string;
  title: React.ReactNode;
  /** what a screen reader reads instead of the picture; also the CSV/JSON export */
  table: ChartTable;
  children: React.ReactNode;
  className?: string;
}): React.JSX.Element {
  const { releaseId, id, title, table, children, className } = props;
  const chart = useRef<HTMLDivElement>(null);
  const tableId = useId();
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (as: "svg" | "png") => {
    const svg = chart.current?.querySelector("svg");
    if (!svg) return setError("The chart has not drawn yet.");
    try {
      const snap = snapshotSvg(svg);
      const blob =
        as === "svg"
          ? new Blob([snap.text], { type: "image/svg+xml" })
          : await svgToPng(snap.text, snap.width, snap.height);
      saveBlob(chartFileName(releaseId, id, as), blob);
      setError(null);
    } catch (e) {
      setError(`Could not save the picture: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return (
    <figure data-chart={id} className={cx("space-y-2", className)}>
      <figcaption className="text-sm font-semibold">{title}</figcaption>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="inline-flex items-center gap-1 text-xs print:hidden" data-chart-export={id}>
          <span className="text-zinc-500">Picture</span>
          <FormatButtons
            formats={["svg", "png"] as const}
            verb="Save"
            what={table.caption}
            onPick={(as) => void save(as)}
          />
        </span>
        <ExportButtons releaseId={releaseId} view={id} what={table.caption} records={() => chartTableRecords(table)} />
        <button
          type="button"
          className={cx(FORMAT_BUTTON, "print:hidden")}
          aria-expanded={shown}
          aria-controls={tableId}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? "Hide table" : "Show as table"}
        </button>
        {error ? (
          <span role="status" className="text-xs text-red-700 dark:text-red-400">
            {error}
          </span>
        ) : null}
      </div>
      {/* The picture scrolls sideways in its own box on a narrow screen; focusable so a keyboard can scroll it (a
          focusable element inside role="img" would be hidden from assistive technology, so the box is the image). */}
      <div
        ref={chart}
        role="img"
        aria-label={`Chart; its numbers are in the table “${table.caption}” that follows`}
        className="overflow-x-auto"
        tabIndex={0}
      >
        {children}
      </div>
      <ChartDataTable table={table} id={tableId} shown={shown} />
    </figure>
  );
}
