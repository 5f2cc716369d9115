// Trace-signature rates of the two configurations side by side, over all runs and over the runs that
// publish a trajectory (only those can carry a tag).
import { TableExport } from "@/components/site/TableExport";
import type { CompareModel } from "@/lib/queries/compare/model";
import type { SignatureRateRow } from "@/lib/queries/signatures/rates.sql";
import { conditionLabel, fmt } from "@/lib/site/labels";
import { HeaderRow, Table } from "@/components/ui/Table";

const SIGNATURE_LABELS: Record<string, string> = {
  requirement_state_loss: "Requirement-state loss",
  cross_task_interference: "Cross-task interference",
};

function Rate({ r }: { r: SignatureRateRow | undefined }) {
  if (!r) return <span className="text-zinc-500">no runs</span>;
  return (
    <span>
      {r.tagged_runs}/{r.runs} = {fmt(r.rate)} %{" "}
      <span className="text-zinc-500">
        ({r.tagged_runs}/{r.runs_with_trajectory} = {fmt(r.rate_of_inspectable)} % with a trajectory)
      </span>
    </span>
  );
}

export function SignatureRates({
  releaseId,
  model,
  signatures,
}: {
  releaseId: string;
  model: CompareModel;
  signatures: SignatureRateRow[];
}) {
  const keys = [...new Set(signatures.map((s) => `${s.signature}\u0000${s.condition}`))];
  const find = (config: string, signature: string, condition: string) =>
    signatures.find((s) => s.config_id === config && s.signature === signature && s.condition === condition);
  return (
    <section aria-label="signature rates" data-testid="signature-rates" data-export-scope className="space-y-1">
      <h2 className="text-lg font-semibold">Trace signatures</h2>
      <TableExport
        releaseId={releaseId}
        view="compare-signatures"
        subset={`${model.pair.a}-vs-${model.pair.b}`}
        what="trace signatures"
      />
      <Table
        className="w-full border-collapse text-xs tabular-nums"
        caption="Runs of A and B tagged with each trace signature"
      >
        <thead>
          <HeaderRow
            look="ruled"
            className="text-left"
            cellClassName="px-2 py-1 font-medium"
            columns={[
              "Signature",
              "Condition",
              <>A: {model.a?.display_name ?? model.pair.a}</>,
              <>B: {model.b?.display_name ?? model.pair.b}</>,
            ]}
          />
        </thead>
        <tbody>
          {keys.map((k) => {
            const [signature, condition] = k.split("\u0000") as [string, string];
            return (
              <tr
                key={k}
                data-signature={signature}
                data-condition={condition}
                className="border-b border-zinc-100 dark:border-zinc-900"
              >
                <td className="px-2 py-1">{SIGNATURE_LABELS[signature] ?? signature}</td>
                <td className="px-2 py-1">{conditionLabel(condition)}</td>
                {(["a", "b"] as const).map((side) => {
                  const r = find(model.pair[side], signature, condition);
                  return (
                    <td key={side} className="px-2 py-1" data-col={side} data-k={r?.tagged_runs} data-n={r?.runs}>
                      <Rate r={r} />
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </Table>
      <p className="text-xs text-zinc-500">
        Runs tagged with each signature in the release's annotations (a run counts once however many tags it carries).
      </p>
    </section>
  );
}
