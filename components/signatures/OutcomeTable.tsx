// Does a signature go with failure? Resolution of the readable runs of one condition (switched by default)
// with a strong tag, with no tag at all, and with weak tags only, per configuration, as k/n with Wilson 95%.
import { TableExport } from "@/components/site/TableExport";
import type { PrevalenceModel } from "@/lib/queries/signatures/prevalence-model";
import { SIGNATURE_LABELS, SIGNATURES } from "@/lib/queries/signatures/tables";
import { conditionLabel, groupLabel } from "@/lib/site/labels";
import { configsOf } from "./PrevalenceTable";
import { ShareText } from "./ShareText";
import { RowHeader, Table, Th } from "@/components/ui/Table";

const KINDS = [
  { key: "strong", label: "strong tag" },
  { key: "untagged", label: "no tag" },
  { key: "weak", label: "weak only" },
] as const;

export function OutcomeTable(props: {
  releaseId: string;
  model: PrevalenceModel;
  condition: string;
  grp?: string;
  configs?: { id: string; name: string }[];
  exportView: string;
  exportSubset?: string | null;
}) {
  const { releaseId, model, condition, grp = "overall", configs = configsOf(model) } = props;
  const rows = new Map(
    model.outcomes
      .filter((o) => o.condition === condition && o.grp === grp)
      .map((o) => [`${o.config_id}\u0000${o.signature}`, o]),
  );
  const caption = `Resolution of ${conditionLabel(condition)} runs with and without each signature (${groupLabel(grp)})`;
  return (
    <div data-export-scope className="space-y-1" data-testid="prevalence-outcomes">
      <TableExport releaseId={releaseId} view={props.exportView} subset={props.exportSubset} what={caption} />
      <div className="overflow-x-auto">
        <Table
          className="border-collapse text-xs tabular-nums"
          caption={caption}
          captionClassName="mb-1 text-left text-sm font-medium"
        >
          <thead>
            <tr>
              <Th rowSpan={2} className="px-2 text-left font-normal">
                Configuration
              </Th>
              {SIGNATURES.map((s) => (
                <Th
                  key={s}
                  scope="colgroup"
                  colSpan={KINDS.length}
                  className="border-l border-zinc-200 px-2 text-center dark:border-zinc-800"
                >
                  {SIGNATURE_LABELS[s]}: resolved
                </Th>
              ))}
            </tr>
            <tr>
              {SIGNATURES.flatMap((s) =>
                KINDS.map((k, i) => (
                  <Th
                    key={`${s}-${k.key}`}
                    className={`px-2 text-right font-normal ${i === 0 ? "border-l border-zinc-200 dark:border-zinc-800" : ""}`}
                  >
                    {k.label}
                  </Th>
                )),
              )}
            </tr>
          </thead>
          <tbody>
            {configs.map(({ id, name }) => (
              <tr key={id} data-outcome-config={id} className="border-t border-zinc-100 dark:border-zinc-900">
                <RowHeader className="px-2 text-left font-normal">{name}</RowHeader>
                {SIGNATURES.flatMap((s) =>
                  KINDS.map((k, i) => (
                    <td
                      key={`${s}-${k.key}`}
                      data-col={`${s}.${k.key}`}
                      className={`px-2 text-right ${i === 0 ? "border-l border-zinc-200 dark:border-zinc-800" : ""}`}
                    >
                      <ShareText s={rows.get(`${id}\u0000${s}`)?.[k.key]} what="run" />
                    </td>
                  )),
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </div>
  );
}
