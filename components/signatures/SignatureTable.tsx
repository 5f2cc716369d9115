// The signatures page's small ruled tables (detector accuracy, agreement with humans, corrected prevalence):
// one look, a caption for screen readers, and the header row; each table brings its columns and rows.
import type { ReactNode } from "react";
import { HeaderRow, Table, type HeaderRowProps } from "@/components/ui/Table";

/** The padding of every cell of these tables (the rows use it too). */
export const SIGNATURE_CELL = "px-2 py-1";

export function SignatureTable({
  caption,
  columns,
  testId,
  children,
}: {
  caption: string;
  columns: HeaderRowProps["columns"];
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <Table className="w-full border-collapse text-xs tabular-nums" caption={caption} data-testid={testId}>
        <thead>
          <HeaderRow
            look="ruled"
            className="text-left"
            cellClassName={`${SIGNATURE_CELL} font-normal`}
            columns={columns}
          />
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </div>
  );
}
