// A sortable column header: a button inside the th, the th's aria-sort telling the direction. It takes plain sort
// state (`direction`, `onSort`) or a @tanstack/react-table column through `tanstackSort`.
import type { ReactNode } from "react";
import { aligned, type ThProps } from "./Table";

export type SortDirection = "asc" | "desc" | false;

export function ariaSort(direction: SortDirection): "ascending" | "descending" | "none" {
  return direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none";
}

/** What a TanStack column says of its sorting, as SortHeader's props. */
export function tanstackSort(column: {
  getIsSorted: () => SortDirection;
  getToggleSortingHandler: () => ((event: unknown) => void) | undefined;
}): { direction: SortDirection; onSort: ((event: unknown) => void) | undefined } {
  return { direction: column.getIsSorted(), onSort: column.getToggleSortingHandler() };
}

export type SortHeaderProps = Omit<ThProps, "children" | "aria-sort"> & {
  label: ReactNode;
  direction: SortDirection;
  onSort: ((event: unknown) => void) | undefined;
  /** Shown after the button (a glossary term's button, say). */
  after?: ReactNode;
};

export function SortHeader({ label, direction, onSort, after, numeric, className, ...rest }: SortHeaderProps) {
  return (
    <th scope="col" aria-sort={ariaSort(direction)} className={aligned(className, numeric)} {...rest}>
      <button type="button" className="hover:underline" onClick={onSort}>
        {label}
        {direction ? (direction === "desc" ? " ↓" : " ↑") : ""}
      </button>
      {after}
    </th>
  );
}
