"use client";
// The matched pair (one configuration, one focus task, baseline vs the other condition): the two requirement
// ledgers side by side and the difference between the two final patches (docs/compare.md, "Matched pair").
// The patches are read in a parse worker, by range, as on the trajectory page.
import { useEffect, useMemo, useState } from "react";
import type { PaneRun } from "@/lib/queries/trajectory/run";
import type { RunPatchFacts } from "@/lib/queries/trajectory/run";
import { runHref } from "@/lib/site/nav";
import type { LedgerRow } from "@/lib/trajectory/ledger";
import { patchDifference } from "@/lib/trajectory/patch-diff";
import { visibleControls } from "@/lib/trajectory/text-safety";
import { TrajectoryWorker } from "@/lib/trajectory/worker-client";
import { LedgerPanel } from "@/components/trajectory/LedgerPanel";
import type { PatchState } from "@/components/trajectory/PatchPanel";
import { useRunPatch, type PatchContext } from "@/components/trajectory/useRunPatch";
import { HeaderRow, Table } from "@/components/ui/Table";
import { Panel } from "@/components/ui/Panel";

export interface PairSide {
  label: string;
  runId: string | null;
  run: PaneRun | null;
  facts: RunPatchFacts | null;
  /** null while the alignment worker is still reading the trajectory. */
  ledger: LedgerRow[] | null;
}

function contextOf(side: PairSide): PatchContext | null {
  if (!side.facts?.focusTaskId || !side.run) return null;
  return {
    focusTaskId: side.facts.focusTaskId,
    workspaces: side.facts.workspaces,
    requests: side.run.schedule.map((r) => ({ task_id: r.taskId, text: r.text })),
  };
}

/** One side's final patch, read by the pair's worker. */
function useSidePatch(worker: TrajectoryWorker | null, releaseId: string, side: PairSide): PatchState {
  const context = useMemo(() => contextOf(side), [side]);
  return useRunPatch(worker, releaseId, side.runId, side.facts, context, true);
}

export function MatchedPair({ releaseId, left, right }: { releaseId: string; left: PairSide; right: PairSide }) {
  const [worker, setWorker] = useState<TrajectoryWorker | null>(null);
  useEffect(() => {
    const w = new TrajectoryWorker();
    setWorker(w);
    return () => w.terminate();
  }, []);
  const lp = useSidePatch(worker, releaseId, left);
  const rp = useSidePatch(worker, releaseId, right);
  return (
    <section aria-label="matched pair: ledgers and final patches" data-testid="matched-pair" className="space-y-2">
      <div className="grid grid-cols-1 gap-2 lg:grid-cols-2">
        {[left, right].map((s, i) => (
          <LedgerPanel
            key={i}
            testId={i === 0 ? "ledger-left" : "ledger-right"}
            caption={`Requirement ledger · ${s.label}`}
            rows={s.runId === null ? [] : s.ledger}
            step={(n, label) =>
              s.runId ? (
                <a key={`${label}-${n}`} className="underline" href={runHref(releaseId, s.runId, n)}>
                  {label}
                </a>
              ) : (
                label
              )
            }
          />
        ))}
      </div>
      <PatchDifferenceView left={lp} right={rp} leftLabel={left.label} rightLabel={right.label} />
    </section>
  );
}

function stateText(s: PatchState): string | null {
  if (s.status === "loading") return "reading…";
  if (s.status === "none" || s.status === "error") return s.message;
  return null;
}

function PatchDifferenceView({
  left,
  right,
  leftLabel,
  rightLabel,
}: {
  left: PatchState;
  right: PatchState;
  leftLabel: string;
  rightLabel: string;
}) {
  const diff = useMemo(
    () =>
      left.status === "ready" && right.status === "ready" ? patchDifference(left.view.files, right.view.files) : null,
    [left, right],
  );
  return (
    <Panel
      title="Final patches: what differs"
      label="difference between the two final patches"
      heading="h3"
      data-testid="patch-difference"
      data-same={diff ? String(diff.same) : undefined}
    >
      {!diff ? (
        <p className="text-zinc-500">
          {leftLabel}: {stateText(left) ?? "read"} · {rightLabel}: {stateText(right) ?? "read"}
        </p>
      ) : diff.same ? (
        <p>The two final patches add and remove the same lines in the same files.</p>
      ) : (
        <Table
          caption={`Files whose final patch differs: lines only in ${leftLabel} and only in ${rightLabel}`}
          className="w-full table-fixed text-xs"
        >
          <thead>
            <HeaderRow
              look="quiet"
              columns={[{ label: "file", className: "w-1/4" }, <>only in {leftLabel}</>, <>only in {rightLabel}</>]}
            />
          </thead>
          <tbody>
            {diff.files.map((f) => (
              <tr
                key={f.path}
                data-testid="patch-difference-file"
                data-path={f.path}
                data-in={f.in}
                className="border-t border-zinc-100 align-top dark:border-zinc-900"
              >
                <td className="break-all pr-2 font-mono">
                  {visibleControls(f.path)}
                  <span className="block font-sans text-zinc-500">
                    {f.in === "both" ? "in both" : `only in ${f.in === "left" ? leftLabel : rightLabel}`}
                  </span>
                </td>
                {[
                  [f.leftOnly, f.leftRemovesOnly],
                  [f.rightOnly, f.rightRemovesOnly],
                ].map(([adds, dels], i) => (
                  <td key={i} className="pr-2 font-mono" data-testid={i === 0 ? "only-left" : "only-right"}>
                    {adds!.slice(0, 12).map((l, k) => (
                      <div key={`a${k}`} className="break-all text-emerald-800 dark:text-emerald-300">
                        +{visibleControls(l)}
                      </div>
                    ))}
                    {dels!.slice(0, 12).map((l, k) => (
                      <div key={`d${k}`} className="break-all text-rose-800 dark:text-rose-300">
                        −{visibleControls(l)}
                      </div>
                    ))}
                    {adds!.length + dels!.length > 24 ? (
                      <div className="text-zinc-500">… {adds!.length + dels!.length - 24} more</div>
                    ) : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Panel>
  );
}
