// Detector prevalence per configuration × locality group: for each signature, the share of readable runs
// with a strong tag under each condition (weak-only runs counted beside it) and the condition − baseline
// difference paired over focus tasks. Rendered at build time from the prevalence model (the numbers are
// in the static HTML) and, on the signatures page, from the browser's run of the same SQL.
import { TableExport } from "@/components/site/TableExport";
import type { PrevalenceModel } from "@/lib/queries/signatures/prevalence-model";
import { SIGNATURE_LABELS, SIGNATURES } from "@/lib/queries/signatures/tables";
import { conditionLabel, groupLabel } from "@/lib/site/labels";
import { DiffText } from "./DiffText";
import { ShareText } from "./ShareText";
import { RowHeader, Table, Th } from "@/components/ui/Table";

export interface PrevalenceTableProps {
  releaseId: string;
  model: PrevalenceModel;
  /** Configurations in display order (id, name); absent: every configuration of the model. */
  configs?: { id: string; name: string }[];
  /** Groups shown (absent: all of the model's, overall first). */
  groups?: string[];
  exportView: string;
  exportSubset?: string | null;
  caption: string;
}

export function configsOf(model: PrevalenceModel): { id: string; name: string }[] {
  return [...new Map(model.cells.map((c) => [c.config_id, c.display_name])).entries()].map(([id, name]) => ({
    id,
    name,
  }));
}

export function PrevalenceTable({
  releaseId,
  model,
  configs = configsOf(model),
  groups = model.groups,
  exportView,
  exportSubset,
  caption,
}: PrevalenceTableProps) {
  const cellKey = (...p: string[]) => p.join("\u0000");
  const cells = new Map(model.cells.map((c) => [cellKey(c.config_id, c.condition, c.grp, c.signature), c]));
  const diffs = new Map(model.diffs.map((d) => [cellKey(d.config_id, d.condition, d.grp, d.signature), d]));
  const others = model.conditions.filter((c) => c !== model.baseline);
  const perSignature = model.conditions.length + others.length;
  return (
    <div data-export-scope className="space-y-1">
      <TableExport releaseId={releaseId} view={exportView} subset={exportSubset} what={caption} />
      <div className="overflow-x-auto">
        <Table className="border-collapse text-xs tabular-nums" data-testid="prevalence-table" caption={caption}>
          <thead>
            <tr>
              <Th rowSpan={2} className="px-2 text-left font-normal">
                Configuration
              </Th>
              <Th rowSpan={2} className="px-2 text-left font-normal">
                Group
              </Th>
              {SIGNATURES.map((s) => (
                <Th
                  key={s}
                  scope="colgroup"
                  colSpan={perSignature}
                  className="border-l border-zinc-200 px-2 text-center dark:border-zinc-800"
                >
                  {SIGNATURE_LABELS[s]}
                </Th>
              ))}
            </tr>
            <tr>
              {SIGNATURES.flatMap((s) => [
                ...model.conditions.map((c, i) => (
                  <Th
                    key={`${s}-${c}`}
                    className={`px-2 text-right font-normal ${i === 0 ? "border-l border-zinc-200 dark:border-zinc-800" : ""}`}
                  >
                    {conditionLabel(c)}
                  </Th>
                )),
                ...others.map((c) => (
                  <Th key={`${s}-${c}-diff`} className="px-2 text-right font-normal">
                    {conditionLabel(c)} − {conditionLabel(model.baseline)}
                  </Th>
                )),
              ])}
            </tr>
          </thead>
          <tbody>
            {configs.flatMap(({ id, name }) =>
              groups.map((g, gi) => (
                <tr
                  key={`${id}-${g}`}
                  data-prevalence-config={id}
                  data-group={g}
                  className={gi === 0 ? "border-t border-zinc-200 dark:border-zinc-800" : ""}
                >
                  <RowHeader className="px-2 text-left align-top font-normal">
                    {gi === 0 ? name : <span className="sr-only">{name}</span>}
                  </RowHeader>
                  <td className="px-2 align-top text-zinc-600 dark:text-zinc-400">{groupLabel(g)}</td>
                  {SIGNATURES.flatMap((s) => [
                    ...model.conditions.map((c, i) => {
                      const cell = cells.get(cellKey(id, c, g, s));
                      return (
                        <td
                          key={`${s}-${c}`}
                          data-col={`${c}.${s}`}
                          className={`px-2 text-right align-top ${i === 0 ? "border-l border-zinc-200 dark:border-zinc-800" : ""}`}
                        >
                          <ShareText s={cell?.strong} />{" "}
                          {cell && cell.weak_runs > 0 ? (
                            <span className="block text-zinc-500">
                              + <span data-stat="weak only">{cell.weak_runs}</span> weak only
                            </span>
                          ) : null}{" "}
                          {cell && cell.unreadable_runs > 0 ? (
                            <span className="block text-amber-700 dark:text-amber-400">
                              <span data-stat="unreadable">{cell.unreadable_runs}</span> unreadable
                            </span>
                          ) : null}
                        </td>
                      );
                    }),
                    ...others.map((c) => (
                      <td key={`${s}-${c}-diff`} data-col={`${c}-diff.${s}`} className="px-2 text-right align-top">
                        <DiffText d={diffs.get(cellKey(id, c, g, s))} />
                      </td>
                    )),
                  ])}
                </tr>
              )),
            )}
          </tbody>
        </Table>
      </div>
    </div>
  );
}
