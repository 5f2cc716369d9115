// The context-management ablation (Switch-SWE Table 3): one table per native configuration and its variants,
// with each variant's gain over native in every condition and group, and the gap, each with its paired 95%
// interval and exact McNemar p. Bold: the family's highest non-baseline resolution, ties included.
import { LabelTerm, Term } from "@/components/site/Term";
import type { AblationFamily, AblationModel, GainCell } from "@/lib/queries/ablation/model";
import type { GapCell } from "@/lib/queries/leaderboard/model";
import { conditionLabel, fmt, fmtP, groupLabel } from "@/lib/site/labels";
import { TableExport } from "@/components/site/TableExport";
import { RowHeader, Table, Th } from "@/components/ui/Table";

const signed = (v: number) => `${v > 0 ? "+" : ""}${fmt(v)}`;

// Interval, discordant tasks and p are printed, not hidden in a tooltip: readable without hovering.
function Gain({ id, g }: { id: string; g: GainCell }) {
  return (
    <>
      <div className="text-[11px] text-zinc-600 dark:text-zinc-400" data-gain={id}>
        <span data-stat="gain">{signed(g.value)}</span> [{fmt(g.lo)}, {fmt(g.hi)}]
      </div>
      <div className="text-[11px] text-zinc-600 dark:text-zinc-400" data-gain-test={id}>
        <span title="tasks better with the variant / with native">
          {g.variantOnly}/{g.nativeOnly}
        </span>{" "}
        · p = <span data-stat="p">{fmtP(g.p)}</span>
      </div>
    </>
  );
}

function Gap({ g }: { g: GapCell }) {
  return (
    <div className="text-[11px] text-zinc-600 dark:text-zinc-400">
      [{fmt(g.lo)}, {fmt(g.hi)}] · p = <span data-stat="p">{fmtP(g.p)}</span>
    </div>
  );
}

function FamilyTable({
  releaseId,
  family,
  model,
}: {
  releaseId: string;
  family: AblationFamily;
  model: AblationModel;
}) {
  const others = model.conditions.filter((c) => c !== model.baseline);
  const perGroup = model.conditions.length + others.length;
  const th = "px-2 py-1 text-right font-medium";
  return (
    <div className="overflow-x-auto" data-export-scope>
      <TableExport
        releaseId={releaseId}
        view="ablation"
        subset={family.native.config_id}
        what={`ablation of ${family.native.display_name}`}
      />
      <Table
        className="border-collapse text-sm tabular-nums"
        data-family={family.native.config_id}
        caption={
          <>
            {family.native.display_name} and its variants: resolution (%), gain over native with its paired 95%
            interval, discordant tasks and exact McNemar p, and the gap
          </>
        }
      >
        <thead>
          <tr className="border-b border-zinc-200 text-xs dark:border-zinc-800">
            <Th rowSpan={2} className="px-2 py-1 text-left font-medium">
              Configuration
            </Th>
            {model.groups.map((g) => (
              <Th
                key={g}
                colSpan={perGroup}
                scope="colgroup"
                className="border-l border-zinc-200 px-2 py-1 text-center font-semibold dark:border-zinc-800"
              >
                <LabelTerm label={groupLabel(g)} />
              </Th>
            ))}
          </tr>
          <tr className="border-b border-zinc-200 text-xs dark:border-zinc-800">
            {model.groups.map((g) => [
              ...model.conditions.map((c, i) => (
                <Th
                  key={`${g}.${c}`}
                  className={`${th} ${i === 0 ? "border-l border-zinc-200 dark:border-zinc-800" : ""}`}
                >
                  <LabelTerm label={conditionLabel(c)} />
                </Th>
              )),
              ...others.map((c) => (
                <Th key={`${g}.gap.${c}`} className={th}>
                  <Term term="gap" label="the gap">
                    {others.length > 1 ? `Gap ${conditionLabel(c)}` : "Gap"}
                  </Term>
                </Th>
              )),
            ])}
          </tr>
        </thead>
        <tbody>
          {family.members.map((m) => {
            const id = m.row.config.config_id;
            return (
              <tr key={id} data-config={id} className="border-b border-zinc-100 align-top dark:border-zinc-900">
                <RowHeader className="px-2 py-1 text-left font-normal">
                  {m.row.config.display_name}
                  <div className="text-xs text-zinc-500">{m.row.config.variant}</div>
                </RowHeader>
                {model.groups.map((g) => [
                  ...model.conditions.map((c, i) => {
                    const rate = m.row.rates[g]?.[c];
                    const bold = c !== model.baseline && family.best[g]?.[c]?.includes(id);
                    const gain = m.gains[g]?.[c];
                    return (
                      <td
                        key={`${g}.${c}`}
                        data-col={`${g}.${c}`}
                        className={`px-2 py-1 text-right ${i === 0 ? "border-l border-zinc-200 dark:border-zinc-800" : ""}`}
                      >
                        <span
                          data-stat="rate"
                          data-value={rate?.value}
                          data-k={rate?.resolved}
                          data-n={rate?.n}
                          className={bold ? "font-bold" : ""}
                        >
                          {fmt(rate?.value)}
                        </span>
                        {gain ? <Gain id={`${g}.${c}`} g={gain} /> : null}
                      </td>
                    );
                  }),
                  ...others.map((c) => {
                    const gap = m.row.gaps[g]?.[c];
                    return (
                      <td key={`${g}.gap.${c}`} data-col={`${g}.gap.${c}`} className="px-2 py-1 text-right">
                        <span data-stat="gap">{fmt(gap?.value)}</span>
                        {gap ? <Gap g={gap} /> : null}
                      </td>
                    );
                  }),
                ])}
              </tr>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}

export function AblationView({ releaseId, model }: { releaseId: string; model: AblationModel }) {
  if (model.families.length === 0) {
    return (
      <p className="text-sm" data-testid="ablation-empty">
        No configuration of this release is a variant of another (<code>base_config_id</code> in configs.jsonl), so
        there is no ablation to show.
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="ablation-legend">
        Under each variant&apos;s rate: its <Term term="gain">gain</Term> over native with the paired 95% interval, then
        the tasks only the variant / only native resolved and the exact <Term term="mcnemar">McNemar p</Term>.
      </p>
      {model.families.map((f) => (
        <section
          key={f.native.config_id}
          aria-label={`${f.native.display_name} and its variants`}
          className="space-y-1"
        >
          <h2 className="text-base font-semibold">
            {f.native.model} / {f.native.harness}
          </h2>
          <FamilyTable releaseId={releaseId} family={f} model={model} />
        </section>
      ))}
    </div>
  );
}
