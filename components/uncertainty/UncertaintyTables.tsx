"use client";
// The tables of the uncertainty page: far − near of each configuration's gap (and pooled over configurations) with its
// paired and its repository-clustered interval and the difference within repositories, each gap's plain against
// clustered interval with the design effect, and the repeat metrics of the cells that ran more than once.
// Cells carry their unrounded numbers (data-value), which the CSV/JSON export writes (TableExport.tsx).
import { TableExport } from "@/components/site/TableExport";
import { HeaderRow, RowHeader, Table, Td } from "@/components/ui/Table";
import { conditionLabel, fmt, groupLabel } from "@/lib/site/labels";
import type { Span } from "@/lib/queries/uncertainty/types";
import { farNearRows, POOLED_ROW, type RepeatRow, type UncertaintyViewModel } from "@/lib/site/uncertainty-view";

const CELL = "px-2 py-0.5";
const NUM = `${CELL} tabular-nums`;

function Num({ v, digits = 1, why }: { v: number | undefined; digits?: number; why: string }) {
  const known = v !== undefined && Number.isFinite(v);
  return (
    <Td numeric className={NUM} data-value={known ? v : undefined} title={known ? undefined : why}>
      {known ? fmt(v, digits) : "—"}
    </Td>
  );
}

function SpanCells({ s, why }: { s: Span | undefined; why: string }) {
  return (
    <>
      <Num v={s?.lo} why={why} />
      <Num v={s?.hi} why={why} />
    </>
  );
}

const INTERVAL_HEAD = [
  { label: "Paired 95%", colSpan: 2, scope: "colgroup", className: "text-center" },
  { label: "Clustered by repository 95%", colSpan: 2, scope: "colgroup", className: "text-center" },
];
const LOW_HIGH = [
  { label: "low", numeric: true },
  { label: "high", numeric: true },
  { label: "low", numeric: true },
  { label: "high", numeric: true },
];
const DEFF_WHY =
  "undefined: one repository (nothing to resample between, so no clustered interval either), or the plain bootstrap does not vary";

/** A table with its CSV/JSON export above it; the export reads the cells' unrounded numbers. */
function ExportedTable(props: {
  releaseId: string;
  testId: string;
  view: string;
  subset?: string;
  what: string;
  caption: string;
  children: React.ReactNode;
}) {
  return (
    <div data-export-scope className="space-y-1" data-testid={props.testId}>
      <TableExport releaseId={props.releaseId} view={props.view} subset={props.subset} what={props.what} />
      <div className="overflow-x-auto">
        <Table
          className="border-collapse text-xs"
          caption={props.caption}
          captionClassName="mb-1 text-left text-sm text-zinc-600 dark:text-zinc-400"
        >
          {props.children}
        </Table>
      </div>
    </div>
  );
}

interface TableProps {
  releaseId: string;
  model: UncertaintyViewModel;
  configs: { id: string; name: string }[];
  condition: string;
}

const WITHIN_HEAD = {
  label: "Within repositories 95%",
  colSpan: 4,
  scope: "colgroup",
  className: "text-center",
  title: "each repository with near and far tasks: its far gap − its near gap; the mean over them, each equally",
};
const WITHIN_COLUMNS = [
  { label: "far − near", numeric: true },
  { label: "low", numeric: true },
  { label: "high", numeric: true },
  { label: "repos", numeric: true },
];

export function FarNearTable({ releaseId, model, configs, condition }: TableProps) {
  const caption = `Far − near: how much larger the gap (${conditionLabel(model.baseline)} − ${conditionLabel(condition)}) is on far focus tasks than on near ones, percentage points; first pooled over every configuration, then each configuration; beside it the difference within repositories, each repository weighing the same`;
  const why = "the release lacks near or far focus tasks for this configuration";
  return (
    <ExportedTable
      releaseId={releaseId}
      testId="far-near-table"
      view="far-near"
      subset={condition}
      what="far − near table"
      caption={caption}
    >
      <thead>
        <HeaderRow
          look="quiet"
          cellClassName={CELL}
          columns={[
            { label: "Configuration", rowSpan: 2 },
            { label: "Near gap", rowSpan: 2, numeric: true },
            { label: "Far gap", rowSpan: 2, numeric: true },
            { label: "Far − near", rowSpan: 2, numeric: true },
            ...INTERVAL_HEAD,
            { label: "Design effect", rowSpan: 2, numeric: true },
            WITHIN_HEAD,
          ]}
        />
        <HeaderRow look="quiet" cellClassName={CELL} columns={[...LOW_HIGH, ...WITHIN_COLUMNS]} />
      </thead>
      <tbody>
        {farNearRows(model, configs, condition).map(({ id, name, cell: d }) => {
          const pooled = id === POOLED_ROW;
          return (
            <tr
              key={id}
              data-config={pooled ? undefined : id}
              data-pooled={pooled ? "yes" : undefined}
              className={
                pooled
                  ? "border-t border-zinc-200 font-medium dark:border-zinc-800"
                  : "border-t border-zinc-100 dark:border-zinc-900"
              }
            >
              <RowHeader className={`${CELL} text-left font-normal`}>{name}</RowHeader>
              <Num v={d?.near} why={why} />
              <Num v={d?.far} why={why} />
              <Num v={d?.value} why={why} />
              <SpanCells s={d?.plain} why={why} />
              <SpanCells s={d?.cluster} why={why} />
              <Num v={d?.designEffect} digits={2} why={d ? DEFF_WHY : why} />
              <Num v={d?.byRepo.value} why={d ? WITHIN_WHY : why} />
              <SpanCells s={d?.byRepo} why={d ? WITHIN_WHY : why} />
              <Num v={d?.byRepo.repos} digits={0} why={why} />
            </tr>
          );
        })}
      </tbody>
    </ExportedTable>
  );
}

const WITHIN_WHY = "no repository has both near and far focus tasks";

export function DesignEffectTable({ releaseId, model, configs, condition }: TableProps) {
  const caption = `Each gap's paired interval (focus tasks resampled) beside its interval clustered by repository; the design effect is the clustered variance over the plain one. Estimated from G repositories it is itself noisy (relative standard error about √(2/(G − 1)): a third with 19 repositories), so a value near 1 is no evidence either way; with one repository there is none ("—")`;
  return (
    <ExportedTable
      releaseId={releaseId}
      testId="design-effect-table"
      view="design-effect"
      subset={condition}
      what="design effect table"
      caption={caption}
    >
      <thead>
        <HeaderRow
          look="quiet"
          cellClassName={CELL}
          columns={[
            { label: "Configuration", rowSpan: 2 },
            { label: "Group", rowSpan: 2 },
            { label: "Gap", rowSpan: 2, numeric: true },
            ...INTERVAL_HEAD,
            { label: "Design effect", rowSpan: 2, numeric: true },
            { label: "Tasks", rowSpan: 2, numeric: true },
            { label: "Repositories", rowSpan: 2, numeric: true },
          ]}
        />
        <HeaderRow look="quiet" cellClassName={CELL} columns={LOW_HIGH} />
      </thead>
      <tbody>
        {configs.flatMap((c) =>
          model.groups.map((g, gi) => {
            const d = model.byConfig[c.id]?.gaps[g]?.[condition];
            const why = `no ${g} focus task with both conditions`;
            return (
              <tr
                key={`${c.id}-${g}`}
                data-config={c.id}
                data-group={g}
                className={gi === 0 ? "border-t border-zinc-200 dark:border-zinc-800" : undefined}
              >
                <RowHeader className={`${CELL} text-left font-normal`}>
                  {gi === 0 ? c.name : <span className="sr-only">{c.name}</span>}
                </RowHeader>
                <Td className={`${CELL} text-zinc-600 dark:text-zinc-400`}>{groupLabel(g)}</Td>
                <Num v={d?.value} why={why} />
                <SpanCells s={d?.plain} why={why} />
                <SpanCells s={d?.cluster} why={why} />
                <Num v={d?.designEffect} digits={2} why={d ? DEFF_WHY : why} />
                <Num v={d?.tasks} digits={0} why={why} />
                <Num v={d?.repos} digits={0} why={why} />
              </tr>
            );
          }),
        )}
      </tbody>
    </ExportedTable>
  );
}

export function RepeatsTable({ releaseId, rows }: { releaseId: string; rows: RepeatRow[] }) {
  if (!rows.length)
    return (
      <p className="text-sm text-zinc-500" data-testid="repeats-none">
        No cell of the shown configurations ran more than once: pass@k, pass^k, the flip rate and the outcome
        consistency need repeats.
      </p>
    );
  const why = "not defined for this cell";
  return (
    <ExportedTable
      releaseId={releaseId}
      testId="repeats-table"
      view="repeats"
      what="repeats table"
      caption="Cells run more than once: pass@k (some repeat resolves the task), pass^k (every one of k does), the share of tasks whose outcome flips between repeats and the outcome consistency, percent"
    >
      <thead>
        <HeaderRow
          look="quiet"
          cellClassName={CELL}
          columns={[
            "Configuration",
            "Condition",
            "Group",
            { label: "Repeats", numeric: true },
            { label: "k", numeric: true },
            { label: "Tasks", numeric: true },
            { label: "pass@k", numeric: true },
            { label: "pass^k", numeric: true },
            { label: "Flip rate", numeric: true },
            { label: "Consistency", numeric: true },
          ]}
        />
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr
            key={`${r.id}-${r.condition}-${r.group}`}
            data-config={r.id}
            className="border-t border-zinc-100 dark:border-zinc-900"
          >
            <RowHeader className={`${CELL} text-left font-normal`}>{r.name}</RowHeader>
            <Td className={CELL}>{conditionLabel(r.condition)}</Td>
            <Td className={CELL}>{groupLabel(r.group)}</Td>
            <Num v={r.cell.repeats} digits={0} why={why} />
            <Num v={r.cell.k} digits={0} why={why} />
            <Num v={r.cell.tasks} digits={0} why={why} />
            <Num v={r.cell.passAtK} why={why} />
            <Num v={r.cell.passHatK} why={why} />
            <Num v={r.cell.flipRate} why={why} />
            <Num v={r.cell.consistency} why={why} />
          </tr>
        ))}
      </tbody>
    </ExportedTable>
  );
}
