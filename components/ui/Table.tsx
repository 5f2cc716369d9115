// The table of every view: a caption (sr-only unless asked), column headers with scope="col", row headers with
// scope="row", numeric cells aligned right, and the sortable header (SortHeader.tsx). Styling stays the view's:
// a primitive adds only what the markup means (scope, alignment), never a look of its own.
import { isValidElement, type ComponentProps, type ReactNode } from "react";

/** Joins class names, leaving out the empty ones. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}

/** A numeric cell is right-aligned; the view's own left/centre alignment gives way to it. */
export function aligned(className: string | undefined, numeric: boolean | undefined): string | undefined {
  if (!numeric) return className;
  return cx(className?.replace(/\btext-(left|center)\b/g, "").trim(), "text-right");
}

export type TableProps = ComponentProps<"table"> & {
  /** What the table holds, for a screen reader (and shown when `captionClassName` is given). */
  caption: ReactNode;
  /** Classes of a visible caption; without them the caption is sr-only. */
  captionClassName?: string;
};

export function Table({ caption, captionClassName, children, ...rest }: TableProps) {
  return (
    <table {...rest}>
      <caption className={captionClassName ?? "sr-only"}>{caption}</caption>
      {children}
    </table>
  );
}

export type ThProps = ComponentProps<"th"> & { numeric?: boolean };

/** A column header (scope="col"). */
export function Th({ numeric, className, scope = "col", ...rest }: ThProps) {
  return <th scope={scope} className={aligned(className, numeric)} {...rest} />;
}

/** A row header: the cell that names its row (scope="row"). */
export function RowHeader({ numeric, className, ...rest }: ThProps) {
  return <th scope="row" className={aligned(className, numeric)} {...rest} />;
}

export type TdProps = ComponentProps<"td"> & { numeric?: boolean };

export function Td({ numeric, className, ...rest }: TdProps) {
  return <td className={aligned(className, numeric)} {...rest} />;
}

/** One column header of a HeaderRow: its label and what its th carries besides. */
export type Column = Omit<ThProps, "children"> & { label: ReactNode; key?: string };

function isColumn(c: ReactNode | Column): c is Column {
  return typeof c === "object" && c !== null && !isValidElement(c) && !Array.isArray(c) && "label" in c;
}

/** The header looks the views share: a rule under the row, or grey labels of normal weight. */
const LOOKS = {
  ruled: { row: "border-b border-zinc-200 dark:border-zinc-800", cell: undefined },
  quiet: { row: "text-left text-zinc-500", cell: "font-normal" },
} as const;

export interface HeaderRowProps {
  /** The headers, in order: a label, or a Column for one that is numeric or carries attributes. */
  columns: (ReactNode | Column)[];
  look?: keyof typeof LOOKS;
  /** Classes of every header cell of the row (a Column's own classes are added). */
  cellClassName?: string;
  className?: string;
}

/** A row of column headers, written once rather than one th a column. */
export function HeaderRow({ columns, look, cellClassName: cellOwn, className }: HeaderRowProps) {
  const cellClassName = cx(look && LOOKS[look].cell, cellOwn) || undefined;
  return (
    <tr className={cx(look && LOOKS[look].row, className) || undefined}>
      {columns.map((c, i) => {
        if (!isColumn(c))
          return (
            <Th key={i} className={cellClassName}>
              {c}
            </Th>
          );
        const { label, key, className: own, ...th } = c;
        return (
          <Th key={key ?? i} className={cx(cellClassName, own)} {...th}>
            {label}
          </Th>
        );
      })}
    </tr>
  );
}
