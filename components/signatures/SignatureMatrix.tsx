// One signature's matrix: a row per configuration and condition, a column per group, each cell the share
// of readable runs with the chosen strength of tag; a cell with runs is a button that opens them.
import type { PrevalenceCell } from "@/lib/queries/signatures/prevalence-model";
import { SIGNATURE_LABELS } from "@/lib/queries/signatures/tables";
import { conditionLabel, groupLabel } from "@/lib/site/labels";
import type { SignaturesUrlState } from "@/lib/queries/signatures/url";
import { TableExport } from "@/components/site/TableExport";
import { RowHeader, Table, Th } from "@/components/ui/Table";
import { ShareText } from "./ShareText";

type Cell = NonNullable<SignaturesUrlState["cell"]>;

/** The key of a matrix cell in the map of the model's cells. */
export const cellKey = (config: string, condition: string, grp: string, signature: string) =>
  [config, condition, grp, signature].join("\u0000");

interface MatrixProps {
  releaseId: string;
  sig: string;
  subsetName: string | null;
  strength: SignaturesUrlState["strength"];
  /** The opened cell. */
  cell: Cell | null;
  shownConfigs: { id: string; name: string }[];
  shownConditions: string[];
  shownGroups: string[];
  cells: Map<string, PrevalenceCell>;
  onCell: (cell: Cell | null) => void;
}

export function SignatureMatrix(props: MatrixProps) {
  const { releaseId, sig, subsetName, shownConfigs, shownConditions, shownGroups } = props;
  return (
    <div data-export-scope className="space-y-1" data-matrix={sig}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold">{SIGNATURE_LABELS[sig]}</h2>
        <TableExport
          releaseId={releaseId}
          view={`signatures-${sig.replaceAll("_", "-")}`}
          subset={subsetName}
          what={`${SIGNATURE_LABELS[sig]} matrix`}
        />
      </div>
      <Table
        className="w-full table-fixed border-collapse text-xs tabular-nums"
        caption={
          <>
            {SIGNATURE_LABELS[sig]}: share of readable runs with a {props.strength} tag, per configuration, condition
            and group
          </>
        }
      >
        <thead>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <Th className="w-[32%] px-1 py-1 text-left font-normal">Configuration</Th>
            {shownGroups.map((g) => (
              <Th key={g} className="px-1 py-1 text-right font-normal">
                {groupLabel(g)}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shownConfigs.flatMap(({ id, name }) =>
            shownConditions.map((cond) => (
              <tr
                key={`${id}-${cond}`}
                data-matrix-row={`${id}.${cond}`}
                className="border-b border-zinc-100 dark:border-zinc-900"
              >
                <RowHeader className="px-1 py-1 text-left align-top font-normal [overflow-wrap:anywhere]">
                  {name} <span className="block text-zinc-500">{conditionLabel(cond)}</span>
                </RowHeader>
                {shownGroups.map((g) => (
                  <MatrixCell key={g} {...props} id={id} name={name} cond={cond} g={g} />
                ))}
              </tr>
            )),
          )}
        </tbody>
      </Table>
    </div>
  );
}

function MatrixCell({
  sig,
  strength,
  cell,
  cells,
  onCell,
  id,
  name,
  cond,
  g,
}: MatrixProps & { id: string; name: string; cond: string; g: string }) {
  const c = cells.get(cellKey(id, cond, g, sig));
  const s = strength === "strong" ? c?.strong : c?.weak;
  const open = cell?.config === id && cell.condition === cond && cell.grp === g && cell.signature === sig;
  return (
    <td className="px-1 py-1 text-right align-top" data-cell={`${id}.${cond}.${g}`} data-k={s?.k} data-n={s?.n}>
      {s && s.n > 0 ? (
        <button
          type="button"
          aria-pressed={open}
          className={`w-full rounded px-0.5 text-right hover:bg-zinc-100 dark:hover:bg-zinc-800 ${open ? "ring-2 ring-sky-600 dark:ring-sky-400" : ""}`}
          onClick={() => onCell(open ? null : { config: id, condition: cond, grp: g, signature: sig })}
        >
          <span className="sr-only" data-export-skip>
            Open the runs of {SIGNATURE_LABELS[sig]}, {name}, {conditionLabel(cond)}, {groupLabel(g)}:{" "}
          </span>
          <ShareText s={s} />
        </button>
      ) : (
        <ShareText s={s} />
      )}
    </td>
  );
}
