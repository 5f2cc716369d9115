"use client";
// Export buttons for the table in the same [data-export-scope] element (or the buttons' parent): its
// records are read from what is rendered (lib/site/table-export.ts), so the file holds exactly what is shown.
import { useRef } from "react";
import { gridRecords, type GridCell } from "@/lib/site/table-export";
import { ExportButtons } from "./ExportButtons";

function shownText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
  if (!(node instanceof Element)) return "";
  if (node.getAttribute("aria-hidden") === "true" || node.hasAttribute("data-export-skip")) return "";
  const text = [...node.childNodes].map(shownText).join("");
  // A block inside a cell (a title under an id) reads as a separate word.
  return /^(DIV|P|LI|BR)$/.test(node.tagName) ? ` ${text} ` : text;
}

function cellOf(el: HTMLTableCellElement): GridCell {
  const pick = (name: string) =>
    el.getAttribute(name) ?? el.querySelector(`[${name}]`)?.getAttribute(name) ?? undefined;
  return {
    text: shownText(el).replace(/\s+/g, " ").trim(),
    colSpan: el.colSpan,
    rowSpan: el.rowSpan,
    value: pick("data-value"),
    k: pick("data-k"),
    n: pick("data-n"),
    stats: [...el.querySelectorAll("[data-stat]")].map(
      (e) => [e.getAttribute("data-stat")!, shownText(e).trim()] as [string, string],
    ),
  };
}

export function tableRecords(table: HTMLTableElement) {
  const head = [...table.querySelectorAll<HTMLTableRowElement>(":scope > thead > tr")].map((tr) =>
    [...tr.cells].map(cellOf),
  );
  const width = Math.max(0, ...head.map((r) => r.reduce((s, c) => s + (c.colSpan ?? 1), 0)));
  const body = [...table.querySelectorAll<HTMLTableRowElement>(":scope > tbody > tr")]
    // Expanded detail rows (one cell across the table) and rows marked to skip are not table rows.
    .filter(
      (tr) =>
        !tr.hasAttribute("data-export-skip") &&
        !(tr.cells.length === 1 && tr.cells[0]!.colSpan > 1 && tr.cells[0]!.colSpan >= width),
    )
    .map((tr) => [...tr.cells].map(cellOf));
  return gridRecords({ head, body });
}

export function TableExport(props: { releaseId: string; view: string; subset?: string | null; what: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  return (
    <span ref={ref}>
      <ExportButtons
        {...props}
        records={() => {
          const scope = ref.current?.closest("[data-export-scope]") ?? ref.current?.parentElement;
          const table = scope?.querySelector("table");
          return table ? tableRecords(table) : [];
        }}
      />
    </span>
  );
}
