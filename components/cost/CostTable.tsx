// Table 2: mean per run under the three scopes, with the ratios against the whole baseline session.
import { Term } from "@/components/site/Term";
import type { GlossaryKey } from "@/lib/site/glossary";
import { LocalBadge } from "@/components/local/LocalBadge";
import type { ScopeCell, Table2Row } from "@/lib/queries/cost/view";
import { calls, millions, ratio, usd } from "./format";
import { RowHeader, Table, Th } from "@/components/ui/Table";

export interface ScopeLabels {
  base: string;
  all: string;
  focus: string;
}

type Fmt = (v: number | null | undefined) => string;

function Cells({ measure, cell, f, ratios }: { measure: string; cell: ScopeCell; f: Fmt; ratios: boolean }) {
  const td = "px-2 py-1 text-right";
  return (
    <>
      <td className={`${td} border-l border-zinc-200 dark:border-zinc-800`} data-col={`${measure}.base`}>
        {f(cell.base)}
      </td>
      <td className={td} data-col={`${measure}.all`}>
        {f(cell.all)}
      </td>
      <td className={td} data-col={`${measure}.focus`}>
        {f(cell.focus)}
      </td>
      {ratios ? (
        <>
          <td className={`${td} text-zinc-600 dark:text-zinc-400`} data-col={`${measure}.all_ratio`}>
            {ratio(cell.allRatio)}
          </td>
          <td className={`${td} text-zinc-600 dark:text-zinc-400`} data-col={`${measure}.focus_ratio`}>
            {ratio(cell.focusRatio)}
          </td>
        </>
      ) : null}
    </>
  );
}

export function CostTable({
  rows,
  labels,
  tokensTitle,
  showCost,
}: {
  rows: Table2Row[];
  labels: ScopeLabels;
  tokensTitle: string;
  showCost: boolean;
}) {
  const groups: { title: string; ratios: boolean; testId?: string; term?: GlossaryKey }[] = [
    { title: tokensTitle, ratios: true, testId: "tokens-header" },
    { title: "Model calls", ratios: true, term: "model_calls" },
    { title: "Tool calls", ratios: false, term: "tool_calls" },
    ...(showCost ? [{ title: "Cost (USD)", ratios: false }] : []),
  ];
  const th = "px-2 py-1 text-right font-medium";
  return (
    <div className="overflow-x-auto">
      <Table
        caption="Mean usage per run under the three scopes, and the ratios against the whole baseline session"
        className="w-full border-collapse text-xs tabular-nums"
        data-testid="cost-table"
      >
        <thead>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <Th rowSpan={2} className="px-2 py-1 text-left font-medium">
              Configuration
            </Th>
            {groups.map((g) => (
              <Th
                key={g.title}
                colSpan={g.ratios ? 5 : 3}
                className="border-l border-zinc-200 px-2 py-1 text-center font-semibold dark:border-zinc-800"
                data-testid={g.testId}
              >
                {g.term ? <Term term={g.term}>{g.title}</Term> : g.title}
              </Th>
            ))}
            <Th rowSpan={2} className={th} title="runs that exist: baseline / condition">
              Runs
            </Th>
          </tr>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            {groups.map((g, i) => (
              <Sub key={g.title} labels={labels} ratios={g.ratios} terms={i === 0} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.config.config_id}
              data-config={r.config.config_id}
              className="border-b border-zinc-100 dark:border-zinc-900"
            >
              <td className="px-2 py-1 text-left">
                {r.config.display_name}
                <LocalBadge show={r.config.is_local} />
              </td>
              <Cells measure="tokens" cell={r.tokens} f={millions} ratios />
              <Cells measure="model_calls" cell={r.model_calls} f={calls} ratios />
              <Cells measure="tool_calls" cell={r.tool_calls} f={calls} ratios={false} />
              {showCost ? <Cells measure="cost_usd" cell={r.cost_usd} f={usd} ratios={false} /> : null}
              <td className="px-2 py-1 text-right text-zinc-500" data-col="runs">
                {r.baseRuns} / {r.runs}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

/** The scope headers; the first block of columns carries their definitions, the others repeat the names. */
function Sub({ labels, ratios, terms }: { labels: ScopeLabels; ratios: boolean; terms: boolean }) {
  const th = "px-2 py-1 text-right font-normal";
  const named = (term: GlossaryKey, label: string) => (terms ? <Term term={term}>{label}</Term> : label);
  return (
    <>
      <RowHeader className={`${th} border-l border-zinc-200 dark:border-zinc-800`}>
        {named("unint_scope", labels.base)}
      </RowHeader>
      <RowHeader className={th}>{named("switch_all", labels.all)}</RowHeader>
      <RowHeader className={th}>{named("switch_focus", labels.focus)}</RowHeader>
      {ratios ? (
        <>
          <RowHeader className={th}>
            {labels.all}/{labels.base}
          </RowHeader>
          <RowHeader className={th}>
            {labels.focus}/{labels.base}
          </RowHeader>
        </>
      ) : null}
    </>
  );
}
