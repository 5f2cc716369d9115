"use client";
// One focus task, two runs, one scroll: each aligned request is one row of a two-column grid, so focus
// request k on the left sits level with focus request k on the right however many steps either side took,
// and both panes scroll together. Interruption work between two focus requests is one collapsed band.
import Link from "next/link";
import { useMemo, useState } from "react";
import { runOf, type CompareModel } from "@/lib/queries/compare/model";
import type { CompareRunRow } from "@/lib/queries/compare/sql";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import type { PaneMode } from "@/lib/queries/compare/url";
import type { PaneRun } from "@/lib/queries/trajectory/run";
import { conditionLabel } from "@/lib/site/labels";
import { runHref } from "@/lib/site/nav";
import type { BandRow, FocusRow } from "@/lib/trajectory/align";
import type { PaneResult } from "@/lib/trajectory/align-protocol";
import type { FocusComparison } from "@/lib/trajectory/divergence";
import type { StepRow } from "@/lib/trajectory/rows";
import type { Segment } from "@/lib/trajectory/segment";
import { CommandLine } from "@/components/trajectory/CommandLine";
import { Badge } from "@/components/ui/Badge";
import { DivergenceNav } from "./DivergenceNav";
import { MatchedPair, type PairSide } from "./MatchedPair";
import { useAlignedRuns } from "./useAlignedRuns";
import { useFocusScroll } from "./useFocusScroll";

const STEP_CAP = 8;

export interface TwoPaneProps {
  releaseId: string;
  model: CompareModel;
  task: string;
  pane: PaneMode;
  k: number | null;
  submitText: string | null;
  onPane: (pane: PaneMode) => void;
  onK: (k: number) => void;
  onClose: () => void;
}

interface Side {
  label: string;
  runId: string | null;
  run: PaneRun | null;
  pane: PaneResult | null;
  segments: Map<number, Segment>;
}

function sidesFor(model: CompareModel, task: string, pane: PaneMode) {
  const { a, b, condition, baseline, gapCondition } = model.pair;
  const name = (id: string, which: string) => `${which}: ${(which === "A" ? model.a : model.b)?.display_name ?? id}`;
  if (pane === "ab") {
    return [
      { label: `${name(a, "A")} · ${conditionLabel(condition)}`, run: runOf(model.runs, a, task, condition) },
      { label: `${name(b, "B")} · ${conditionLabel(condition)}`, run: runOf(model.runs, b, task, condition) },
    ];
  }
  const config = pane === "a" ? a : b;
  const which = pane === "a" ? "A" : "B";
  return [
    { label: `${name(config, which)} · ${conditionLabel(baseline)}`, run: runOf(model.runs, config, task, baseline) },
    {
      label: `${name(config, which)} · ${conditionLabel(gapCondition)}`,
      run: runOf(model.runs, config, task, gapCondition),
    },
  ];
}

function bySegment(pane: PaneResult | null): Map<number, Segment> {
  const out = new Map<number, Segment>();
  for (const s of pane?.segments ?? []) if (s.position !== null) out.set(s.position, s);
  return out;
}

/** One pane's side: the chosen run with what was read of it and its alignment. */
function sideOf(chosen: Chosen[number], run: PaneRun | null, pane: PaneResult | null): Side {
  return { label: chosen.label, runId: chosen.run?.run_id ?? null, run, pane, segments: bySegment(pane) };
}

type Chosen = ReturnType<typeof sidesFor>;

/** A local run is aligned like a published one: its file comes from the files the user picked. */
export function TwoPane(props: TwoPaneProps) {
  const { model, task, pane } = props;
  const chosen = useMemo(() => sidesFor(model, task, pane), [model, task, pane]);
  return <AlignedPanes {...props} chosen={chosen} />;
}

function PaneTitle({ model, task, pane, onPane, onClose }: TwoPaneProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 className="text-lg font-semibold">
        {task}:{" "}
        {pane === "ab"
          ? `A vs B under ${conditionLabel(model.condition)}`
          : `${pane.toUpperCase()}, ${model.baseline} vs ${model.gapCondition}`}
      </h2>
      <span className="ml-auto flex flex-wrap gap-1 text-sm">
        {(["ab", "a", "b"] as const).map((m) => (
          <button key={m} type="button" className="btn" aria-pressed={m === pane} onClick={() => onPane(m)}>
            {m === "ab"
              ? "A vs B"
              : `${m.toUpperCase()}: ${conditionLabel(model.baseline)} vs ${conditionLabel(model.gapCondition)}`}
          </button>
        ))}
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </span>
    </div>
  );
}

function Outcome({ run }: { run: Pick<CompareRunRow, "resolved" | "failure_class"> }) {
  return run.resolved ? (
    <span className="text-emerald-700 dark:text-emerald-400">resolved</span>
  ) : (
    <span className="text-rose-700 dark:text-rose-400">unresolved ({run.failure_class})</span>
  );
}

function AlignedPanes(props: TwoPaneProps & { chosen: Chosen }) {
  const { releaseId, task, pane, chosen } = props;
  const source = useReleaseSource();
  const data = useAlignedRuns(chosen[0]!.run?.run_id ?? null, chosen[1]!.run?.run_id ?? null, props.submitText);
  const result = data.result;
  const sides: [Side, Side] = useMemo(
    () => [sideOf(chosen[0]!, data.left, result?.left ?? null), sideOf(chosen[1]!, data.right, result?.right ?? null)],
    [chosen, data.left, data.right, result],
  );
  const divergence = result?.divergence ?? null;
  const comparisons = useMemo(() => new Map((divergence?.focus ?? []).map((c) => [c.k, c])), [divergence]);
  const focusCount = result ? result.rows.filter((r) => r.kind === "focus").length : 0;
  const { box, go } = useFocusScroll(result, props.k, props.onK);
  /** One side as the matched pair reads it; its ledger is null while the alignment is still read. */
  const pairSide = (
    i: 0 | 1,
    run: PairSide["run"],
    facts: PairSide["facts"],
    aligned: { ledger?: PairSide["ledger"] } | undefined,
  ): PairSide => ({
    label: chosen[i]!.label,
    runId: sides[i].runId,
    run,
    facts,
    ledger: aligned ? (aligned.ledger ?? []) : null,
  });

  return (
    <section
      aria-label="two runs side by side"
      data-testid="two-pane"
      data-task={task}
      data-pane={pane}
      data-ready={result ? "true" : undefined}
      data-local={chosen.some((c) => source.origin(c.run?.run_id) === "local") || undefined}
      className="space-y-2 rounded border border-zinc-300 p-3 dark:border-zinc-700"
    >
      <PaneTitle {...props} />

      <div className="grid grid-cols-2 gap-2 text-xs">
        {sides.map((s, i) => (
          <SideHeader key={i} releaseId={releaseId} side={s} which={i === 0 ? "left" : "right"} />
        ))}
      </div>

      {pane !== "ab" && (data.left || data.right) ? (
        <MatchedPair
          releaseId={releaseId}
          left={pairSide(0, data.left, data.leftFacts, result?.left)}
          right={pairSide(1, data.right, data.rightFacts, result?.right)}
        />
      ) : null}

      {data.error ? <p className="text-sm text-rose-700">Could not load the runs: {data.error}</p> : null}
      {!result && !data.error ? <p className="text-sm text-zinc-500">Reading both trajectories…</p> : null}

      {result && divergence ? (
        <DivergenceNav divergence={divergence} comparisons={comparisons} k={props.k} focusCount={focusCount} go={go} />
      ) : null}

      {result ? (
        <div
          ref={box}
          data-testid="aligned"
          className="relative max-h-[75vh] overflow-auto rounded border border-zinc-200 dark:border-zinc-800"
        >
          {result.rows.map((row, i) =>
            row.kind === "focus" ? (
              <FocusLine
                key={i}
                releaseId={releaseId}
                row={row}
                sides={sides}
                comparison={comparisons.get(row.k)}
                current={props.k === row.k}
                first={divergence?.first === row.k}
              />
            ) : (
              <BandLine key={i} releaseId={releaseId} row={row} sides={sides} />
            ),
          )}
        </div>
      ) : null}
    </section>
  );
}

function SideHeader({ releaseId, side, which }: { releaseId: string; side: Side; which: "left" | "right" }) {
  const h = side.run?.header ?? null;
  const source = useReleaseSource();
  const local = source.origin(side.runId) === "local";
  return (
    <div
      data-testid={`pane-${which}`}
      data-run={side.runId ?? undefined}
      className="rounded bg-zinc-50 p-2 dark:bg-zinc-900"
    >
      <p className="font-semibold">{side.label}</p>
      {side.runId === null ? (
        <p className="text-zinc-500">No run: counts as unresolved.</p>
      ) : (
        <p>
          <Link
            href={runHref(releaseId, side.runId)}
            prefetch={local ? false : undefined}
            className="underline"
            data-testid={local ? "local-run-open" : undefined}
          >
            {source.shownId(side.runId)}
          </Link>{" "}
          {local ? <Badge tone="local">local</Badge> : null} {h ? <Outcome run={h} /> : null}
        </p>
      )}
      {h && !h.trajectory ? (
        <p className="text-zinc-500" data-testid={local ? "local-run-note" : undefined}>
          {local ? "Your release names no trajectory file for it" : "This run publishes no trajectory"}: requests from
          the schedule only, actions not compared.
        </p>
      ) : null}
      {side.pane?.error ? <p className="text-rose-700">The trajectory could not be read: {side.pane.error}</p> : null}
      {side.pane && side.pane.mismatches.length > 0 ? (
        <p className="text-amber-700 dark:text-amber-400">
          {side.pane.mismatches.length} step/schedule mismatch(es): see the run&apos;s own page.
        </p>
      ) : null}
    </div>
  );
}

function StateBadge({ label, state }: { label: string; state: string }) {
  return (
    <Badge
      tone={state === "differ" ? "bad" : state === "same" ? "good" : "neutral"}
      data-badge={label}
      data-state={state}
    >
      {label} {state}
    </Badge>
  );
}

function FocusLine({
  releaseId,
  row,
  sides,
  comparison,
  current,
  first,
}: {
  releaseId: string;
  row: FocusRow;
  sides: [Side, Side];
  comparison: FocusComparison | undefined;
  current: boolean;
  first: boolean;
}) {
  return (
    <div
      role="group"
      aria-label={`focus request ${row.k + 1}`}
      data-kind="focus"
      data-k={row.k}
      data-current={current || undefined}
      data-first-divergence={first || undefined}
      className={`border-b border-zinc-200 dark:border-zinc-800 ${current ? "bg-amber-50 dark:bg-amber-950/40" : ""}`}
    >
      <div className="flex flex-wrap items-center gap-2 px-2 pt-1 text-xs">
        <span className="font-semibold">
          Focus request {row.k + 1} · {row.isSubmit ? "finalization" : `stage ${row.stage}`}
        </span>
        {first ? <Badge tone="alert">first divergence</Badge> : null}
        {row.mismatch ? <span className="text-amber-700">the two schedules disagree on this request</span> : null}
        {comparison ? (
          <>
            <StateBadge label="actions" state={comparison.actions} />
            <StateBadge label="tests" state={comparison.tests} />
          </>
        ) : null}
      </div>
      {comparison?.actions === "differ" ? (
        <div
          className="grid grid-cols-2 gap-2 px-2 pt-1 font-mono text-[11px]"
          data-testid="first-differing-action"
          title={`action ${(comparison.actionIndex ?? 0) + 1} of the request`}
        >
          <Badge tone="faint" className="truncate">
            {comparison.leftAction ?? "(no further action)"}
          </Badge>
          <Badge tone="faint" className="truncate">
            {comparison.rightAction ?? "(no further action)"}
          </Badge>
        </div>
      ) : null}
      <div className="grid grid-cols-2 gap-2 p-2">
        <RequestCell releaseId={releaseId} side={sides[0]} which="left" position={row.left} k={row.k} />
        <RequestCell releaseId={releaseId} side={sides[1]} which="right" position={row.right} k={row.k} />
      </div>
    </div>
  );
}

function BandLine({ releaseId, row, sides }: { releaseId: string; row: BandRow; sides: [Side, Side] }) {
  return (
    <div
      data-kind="band"
      data-before-k={row.beforeK}
      className="grid grid-cols-2 gap-2 border-b border-zinc-200 bg-zinc-50 p-2 text-xs dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      <Band releaseId={releaseId} side={sides[0]} which="left" positions={row.left} />
      <Band releaseId={releaseId} side={sides[1]} which="right" positions={row.right} />
    </div>
  );
}

function Band({
  releaseId,
  side,
  which,
  positions,
}: {
  releaseId: string;
  side: Side;
  which: string;
  positions: number[];
}) {
  if (positions.length === 0)
    return (
      <div data-side={which} className="text-zinc-400">
        no interruption
      </div>
    );
  const steps = positions.reduce((n, p) => {
    const s = side.segments.get(p);
    return n + (s ? s.last - s.first + 1 : 0);
  }, 0);
  const tasks = [...new Set(positions.map((p) => side.run?.schedule[p]?.taskId ?? "?"))];
  return (
    <details data-side={which} data-band={positions.join(",")}>
      <summary className="cursor-pointer">
        Interruption work: {positions.length} request{positions.length === 1 ? "" : "s"} ({positions[0]}
        {positions.length > 1 ? `–${positions[positions.length - 1]}` : ""}) on {tasks.join(", ")}
        {side.pane?.rows ? ` · ${steps} steps` : ""}
      </summary>
      <div className="mt-1 space-y-2">
        {positions.map((p) => (
          <RequestCell key={p} releaseId={releaseId} side={side} which={which} position={p} k={null} />
        ))}
      </div>
    </details>
  );
}

function RequestCell({
  releaseId,
  side,
  which,
  position,
  k,
}: {
  releaseId: string;
  side: Side;
  which: string;
  position: number | null;
  k: number | null;
}) {
  const [all, setAll] = useState(false);
  if (position === null)
    return (
      <div data-side={which} className="text-xs text-zinc-400">
        no such request on this side
      </div>
    );
  const req = side.run?.schedule[position];
  const seg = side.segments.get(position);
  const rows: StepRow[] = seg && side.pane?.rows ? side.pane.rows.slice(seg.first - 1, seg.last) : [];
  const shown = all ? rows : rows.slice(0, STEP_CAP);
  return (
    <div data-side={which} data-position={position} data-focus-k={k ?? undefined} className="min-w-0 text-xs">
      <p className="mb-1 text-zinc-600 dark:text-zinc-400">
        <span className="font-medium">Request {position}</span>
        {req ? ` · ${req.taskId} ${req.isSubmit ? "finalization" : `stage ${req.stage}`} · ${req.workspace}` : ""}
      </p>
      {!side.pane?.rows ? null : !seg ? (
        <p className="text-zinc-500">{req && !req.ran ? "did not run" : "no steps"}</p>
      ) : (
        <ol className="space-y-0.5">
          {shown.map((r) => (
            <li key={r.n} data-step={r.n} className="flex min-w-0 items-center gap-1">
              <Link
                href={runHref(releaseId, side.runId!, r.n)}
                className="w-8 shrink-0 text-right tabular-nums text-zinc-500 underline"
              >
                {r.n}
              </Link>
              <Badge
                tone="plain"
                className={`w-10 shrink-0 text-center ${r.source === "user" ? "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100" : "bg-zinc-100 dark:bg-zinc-800"}`}
              >
                {r.source}
              </Badge>
              <span className="min-w-0 flex-1 truncate">
                {r.command !== null && r.preview.startsWith("$ ") ? <CommandLine command={r.command} /> : r.preview}
              </span>
            </li>
          ))}
          {rows.length > STEP_CAP ? (
            <li>
              <button type="button" className="text-zinc-500 underline" onClick={() => setAll(!all)}>
                {all ? "show fewer" : `show all ${rows.length} steps`}
              </button>
            </li>
          ) : null}
        </ol>
      )}
    </div>
  );
}
