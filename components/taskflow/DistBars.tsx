// One distribution beside its target: a row per event with the observed share (blue) and the target share
// (grey). Plain markup, so the shares are in the static HTML.
import { TableExport } from "@/components/site/TableExport";
import { fmt } from "@/lib/site/labels";
import { HeaderRow, Table } from "@/components/ui/Table";

export interface DistRow {
  key: string;
  observed: number;
  target: number | null;
  /** e.g. "dropped for TFAS". */
  note?: string;
}

export function DistBars({
  releaseId,
  subset,
  title,
  rows,
  testId,
  targetName,
}: {
  releaseId: string;
  subset: string;
  title: string;
  rows: DistRow[];
  testId: string;
  targetName: string | null;
}) {
  const max = Math.max(1e-9, ...rows.flatMap((r) => [r.observed, r.target ?? 0]));
  return (
    <figure className="min-w-0 flex-1 overflow-x-auto sm:min-w-72" data-testid={testId} data-export-scope>
      <figcaption className="mb-1 text-sm font-medium">{title}</figcaption>
      <TableExport releaseId={releaseId} view="taskflow" subset={subset} what={title} />
      <Table
        caption={`${title}: observed and ${targetName ?? "target"} share (%) of each event`}
        className="w-full text-xs tabular-nums"
      >
        <thead className="sr-only">
          <HeaderRow columns={["event", "observed %", <>{targetName ?? "target"} %</>]} />
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-key={r.key}>
              <td className="w-48 py-0.5 pr-2 font-mono">
                {r.key.replace(">", " → ")}
                {r.note ? <span className="font-sans text-zinc-500"> ({r.note})</span> : null}
              </td>
              <td className="py-0.5">
                <div className="flex items-center gap-1">
                  <div className="h-2 bg-sky-600 dark:bg-sky-500" style={{ width: `${(80 * r.observed) / max}%` }} />
                  <span data-stat="observed">{fmt(100 * r.observed)}</span>
                </div>
                {r.target !== null ? (
                  <div className="flex items-center gap-1 text-zinc-500">
                    <div className="h-2 bg-zinc-400 dark:bg-zinc-600" style={{ width: `${(80 * r.target) / max}%` }} />
                    <span data-stat="target">{fmt(100 * r.target)}</span>
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </figure>
  );
}
