// Records of a rendered table, for the export buttons of tables that show what they export (every table
// but the leaderboard, whose records come from lib/site/leaderboard-view.ts). Reading what is rendered
// makes "exactly what is shown" true by construction: the rows after filters, the columns shown, in order.
// A cell may carry its unrounded number (data-value) and its counts (data-k, data-n: k of n beside a rate),
// which become their own columns "<column> k" and "<column> n", and numbers inside it marked data-stat.
import type { ExportCell, ExportRecord } from "../common/csv";
import { distinctNames } from "../source/result-bounds";

export interface GridCell {
  text: string;
  colSpan?: number;
  rowSpan?: number;
  value?: string;
  k?: string;
  n?: string;
  /** Numbers inside the cell marked data-stat="<name>" (a gain, its interval, a p-value): own columns. */
  stats?: [string, string][];
}

export interface TableGrid {
  head: GridCell[][];
  body: GridCell[][];
}

/** Column names from (possibly nested) header rows: the distinct header texts above a column, joined. */
export function headerNames(head: GridCell[][]): string[] {
  const grid: string[][] = [];
  head.forEach((row, r) => {
    grid[r] ??= [];
    let c = 0;
    for (const cell of row) {
      while (grid[r][c] !== undefined) c++;
      for (let dr = 0; dr < (cell.rowSpan ?? 1); dr++)
        for (let dc = 0; dc < (cell.colSpan ?? 1); dc++) {
          (grid[r + dr] ??= [])[c + dc] = cell.text;
        }
      c += cell.colSpan ?? 1;
    }
  });
  const width = Math.max(0, ...grid.map((r) => r.length));
  const names: string[] = [];
  for (let c = 0; c < width; c++) {
    const parts: string[] = [];
    for (const row of grid) {
      const t = row[c]?.trim();
      if (t && parts[parts.length - 1] !== t) parts.push(t);
    }
    names.push(parts.join(" · ") || `column ${c + 1}`);
  }
  return distinctNames(names);
}

const NUMBER = /^[+−-]?\d[\d,]*(\.\d+)?$/;

/** A shown value as exported: numbers as numbers (thousands separators and a trailing % or unit dropped). */
export function exportValue(text: string, value?: string): ExportCell {
  const raw = (value ?? text).trim();
  if (raw === "" || raw === "—" || raw === "–") return null;
  const bare = raw.replace(/\s*(%|pp|×|M)$/, "").replace(/^\$/, "");
  if (NUMBER.test(bare)) return Number(bare.replace(/,/g, "").replace("−", "-").replace(/^\+/, ""));
  return raw;
}

export function gridRecords(grid: TableGrid): ExportRecord[] {
  const names = headerNames(grid.head);
  return grid.body.map((row) => {
    const rec: ExportRecord = {};
    let c = 0;
    for (const cell of row) {
      const name = names[c] ?? `column ${c + 1}`;
      rec[name] = exportValue(cell.text, cell.value);
      if (cell.k !== undefined) rec[`${name} k`] = exportValue(cell.k);
      if (cell.n !== undefined) rec[`${name} n`] = exportValue(cell.n);
      for (const [stat, text] of cell.stats ?? []) rec[`${name} ${stat}`] = exportValue(text);
      c += cell.colSpan ?? 1;
    }
    return rec;
  });
}
