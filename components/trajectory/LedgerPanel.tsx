// The requirement ledger beside the verdict (lib/trajectory/ledger.ts): per focus stage, the requests that
// asked it, the steps that edited for it, later edits that changed or removed those lines, its F2P tests in
// the final verdict, and a status. Step references are links (the caller decides where they go).
import type { ReactNode } from "react";
import type { LedgerRow, LedgerStatus } from "@/lib/trajectory/ledger";
import { HeaderRow, Table, Td } from "@/components/ui/Table";
import { Panel } from "@/components/ui/Panel";

const STATUS: Record<LedgerStatus, { label: string; cls: string }> = {
  kept: { label: "kept", cls: "text-emerald-800 dark:text-emerald-300" },
  lost: { label: "lost", cls: "font-semibold text-rose-800 dark:text-rose-300" },
  never_implemented: { label: "never implemented", cls: "text-amber-800 dark:text-amber-300" },
  unknown: { label: "unknown (no trajectory)", cls: "text-zinc-500" },
};

export type StepLink = (n: number, label: string) => ReactNode;

function list(items: ReactNode[]): ReactNode {
  if (items.length === 0) return <span className="text-zinc-500">—</span>;
  return items.map((x, i) => (
    <span key={i}>
      {i > 0 ? ", " : ""}
      {x}
    </span>
  ));
}

export function LedgerPanel({
  rows,
  step,
  caption,
  testId = "ledger",
}: {
  rows: LedgerRow[] | null;
  step: StepLink;
  caption?: string;
  testId?: string;
}) {
  return (
    <Panel title={caption ?? "Requirement ledger"} label={caption ?? "requirement ledger"} data-testid={testId}>
      {rows === null ? (
        <p className="text-zinc-500">Reading the focus stages and their edits…</p>
      ) : rows.length === 0 ? (
        <p className="text-zinc-500">The release names no stage for the focus task.</p>
      ) : (
        <div className="overflow-x-auto">
          <Table
            caption="Each focus stage: when it was asked, when its lines were edited, and its F2P tests"
            className="w-full text-xs tabular-nums"
          >
            <thead>
              <HeaderRow
                look="quiet"
                columns={[
                  { label: "stage", className: "pr-2" },
                  { label: "asked at", className: "pr-2" },
                  { label: "edited at", className: "pr-2" },
                  { label: "later edits of its lines", className: "pr-2" },
                  { label: "F2P passed", className: "pr-2 text-right" },
                  "status",
                ]}
              />
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr
                  key={r.stage}
                  data-testid="ledger-row"
                  data-stage={r.stage}
                  data-status={r.status}
                  className="border-t border-zinc-100 align-top dark:border-zinc-900"
                >
                  <td className="pr-2">{r.stage}</td>
                  <td className="pr-2" data-testid="ledger-requests">
                    {list(
                      r.requests.map((q) =>
                        q.step !== null ? (
                          step(q.step, `request ${q.position}`)
                        ) : (
                          <span key={q.position} className="text-zinc-500">
                            request {q.position}
                            {q.ran ? "" : " (not run)"}
                          </span>
                        ),
                      ),
                    )}
                  </td>
                  <td className="pr-2" data-testid="ledger-edits">
                    {list(r.edits.map((e) => step(e.step, `step ${e.step}`)))}
                  </td>
                  <td className="pr-2" data-testid="ledger-changes">
                    {list(
                      r.changes.map((c) => (
                        <span key={c.step} data-kind={c.kind} data-step={c.step}>
                          {step(c.step, `step ${c.step}`)} {c.kind} ({c.removed.length} line
                          {c.removed.length === 1 ? "" : "s"} removed
                          {c.stage !== null ? `, stage ${c.stage}` : c.taskId ? `, during ${c.taskId}` : ""})
                        </span>
                      )),
                    )}
                    {r.lines === "kept" ? <span className="text-zinc-500"> (kept)</span> : null}
                  </td>
                  <Td numeric className="pr-2" data-testid="ledger-tests">
                    {r.tests === null
                      ? "unknown"
                      : r.tests.total === 0
                        ? "none"
                        : r.tests.notRun === r.tests.total
                          ? "not run"
                          : `${r.tests.passed}/${r.tests.total}`}
                  </Td>
                  <td className={STATUS[r.status].cls} title={r.reason} data-testid="ledger-status">
                    {STATUS[r.status].label}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <ul className="mt-1 list-none text-xs text-zinc-600 dark:text-zinc-400" data-testid="ledger-reasons">
            {rows.map((r) => (
              <li key={r.stage}>
                Stage {r.stage}: {r.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Panel>
  );
}
