"use client";
// CSV and JSON of one table, exactly as shown: `records` is called on click with what the table renders (or, for
// a list fetched page by page, resolves to its rows, with a note when a bound stopped it short).
import { useState } from "react";
import { exportName, toCsv, toJson, type ExportRecord } from "@/lib/common/csv";
import { FormatButtons } from "@/components/ui/FormatButtons";

export function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

export type ExportRecords = ExportRecord[] | { records: ExportRecord[]; note: string | null };

export interface ExportButtonsProps {
  releaseId: string;
  /** The view, in the file name ("cost-table", "ablation" …). */
  view: string;
  /** What is shown (a condition, a group, a filter), in the file name. */
  subset?: string | null;
  /** The table's name, for the buttons' accessible names. */
  what: string;
  /**
   * Called on click; a server component passes `rows` instead (functions do not cross to the client). A list
   * fetched for the export may answer with a note saying what the file leaves out (shown beside the buttons).
   */
  records?: () => ExportRecords | Promise<ExportRecords>;
  rows?: ExportRecord[];
}

export function ExportButtons({ releaseId, view, subset, what, records: get, rows }: ExportButtonsProps) {
  const name = exportName(releaseId, view, subset);
  const records = get ?? (() => rows ?? []);
  const [note, setNote] = useState<string | null>(null);
  const save = async (as: "csv" | "json") => {
    const got = await records();
    const r = Array.isArray(got) ? got : got.records;
    setNote(Array.isArray(got) ? null : got.note);
    if (as === "csv") download(`${name}.csv`, "text/csv", toCsv(r));
    else download(`${name}.json`, "application/json", toJson(r));
  };
  return (
    <span className="inline-flex items-center gap-1 text-xs print:hidden" data-export={view}>
      <span className="text-zinc-500">Export</span>
      <FormatButtons formats={["csv", "json"] as const} verb="Export" what={what} onPick={(as) => void save(as)} />
      {note ? (
        <span role="status" className="text-zinc-600 dark:text-zinc-400" data-testid="export-note">
          {note}
        </span>
      ) : null}
    </span>
  );
}
