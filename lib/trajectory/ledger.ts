// The requirement ledger (docs/trajectory-explorer.md, "Requirement ledger"): what happened to each focus
// stage's requirement over the run. One row per focus stage: the requests that asked it, the focus edits
// made for it, later edits that changed or removed the lines those edits added, the stage's F2P tests in the
// final verdict, and a status. The same facts are the evidence of requirement-state loss (paper App. E.2):
// the ledger reads the state-loss detector's replay (line-replay.ts), and that detector takes its facts
// (ledgerFacts) as the judge of each stage's final state.
import { replayFocusWork } from "./line-replay";
import type { Step } from "./model";
import type { RequestInfo, Segmentation } from "./segment";
import type { VerdictTest } from "./verdict-test";

export type LedgerStatus = "kept" | "lost" | "never_implemented" | "unknown";
/** What became of the lines the stage's edits added: untouched, partly removed, all removed. */
export type LinesOutcome = "kept" | "modified" | "reverted";

export interface LedgerEdit {
  step: number;
  position: number;
  path: string;
  /** Significant lines this edit added for the stage. */
  added: number;
}

export interface LedgerChange {
  /** The later edit's step and request. */
  step: number;
  position: number | null;
  /** The request's task and stage (null stage: a finalization; another task: an edit made during an interruption). */
  taskId: string | null;
  stage: number | null;
  path: string;
  /** The stage's lines this edit removed. */
  removed: string[];
  /** "reverted" when none of the stage's lines are left after it, else "modified". */
  kind: "modified" | "reverted";
}

export interface LedgerRow {
  stage: number;
  /** The requests that asked the stage, with the user step that opens each (null without a trajectory). */
  requests: { position: number; step: number | null; ran: boolean }[];
  edits: LedgerEdit[];
  changes: LedgerChange[];
  /** null: no trajectory, or the stage added no line worth tracking. */
  lines: LinesOutcome | null;
  /** The stage's F2P tests in the final verdict; null when the release has no verdict for the run. */
  tests: { passed: number; total: number; notRun: number } | null;
  status: LedgerStatus;
  /** One sentence saying why the status. */
  reason: string;
}

export interface LedgerInput {
  /** null: the run has no (readable) trajectory. */
  steps: readonly Step[] | null;
  segmentation: Segmentation | null;
  /** The session's schedule (requests table); without it only the stages and tests are known. */
  schedule: readonly RequestInfo[] | null;
  focusTaskId: string;
  /** The focus task's stage numbers (tasks.jsonl `stages`). */
  stages: readonly number[];
  workspaces: Readonly<Record<string, string>>;
  verdict: readonly VerdictTest[] | null;
}

/**
 * A changelog or documentation file: its lines are no implementation of a requirement (a stage whose code is
 * gone is lost even if its changelog entry stays), so the ledger does not track them.
 */
export function isDocumentationPath(path: string): boolean {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return /\.(rst|md|txt|adoc)$/i.test(name) || /^(CHANGES|CHANGELOG|NEWS|HISTORY|AUTHORS)(\.|$)/i.test(name);
}

function stageTests(verdict: readonly VerdictTest[] | null, stage: number): LedgerRow["tests"] {
  if (!verdict) return null;
  const tests = verdict.filter((t) => t.kind === "F2P" && t.stage === stage);
  return {
    passed: tests.filter((t) => t.status === "passed").length,
    total: tests.length,
    notRun: tests.filter((t) => t.status === "not_run").length,
  };
}

export function requirementLedger(input: LedgerInput): LedgerRow[] {
  const { steps, segmentation, schedule, focusTaskId, stages, workspaces, verdict } = input;
  const userStep = new Map<number, number | null>();
  for (const s of segmentation?.segments ?? []) if (s.position !== null) userStep.set(s.position, s.userStep);
  const requestsOf = (stage: number) =>
    (schedule ?? [])
      .filter((r) => r.taskId === focusTaskId && !r.isSubmit && r.stage === stage)
      .map((r) => ({ position: r.position, step: userStep.get(r.position) ?? null, ran: r.ran }));

  if (!steps || !segmentation) {
    return stages.map((stage) => ({
      stage,
      requests: requestsOf(stage),
      edits: [],
      changes: [],
      lines: null,
      tests: stageTests(verdict, stage),
      status: "unknown",
      reason: "The run has no readable trajectory, so what happened to this stage's requirement is unknown.",
    }));
  }

  // The state-loss detector's own replay (line-replay.ts): edit tools and shell edits alike, restores included.
  const { lines: replay } = replayFocusWork(steps, segmentation, focusTaskId, workspaces);
  // stage → its lines added (ever) and still present; stage → its edits and the later changes to its lines.
  const all = new Map<number, Set<string>>();
  const alive = new Map<number, Set<string>>();
  const made = new Map<number, LedgerEdit[]>();
  const changes = new Map<number, LedgerChange[]>();
  const setOf = (m: Map<number, Set<string>>, k: number) => m.get(k) ?? m.set(k, new Set()).get(k)!;
  const restored = new Map<number, number>(); // stage → the last step that wrote its removed lines back
  for (const e of replay.events) {
    if (isDocumentationPath(e.path)) continue;
    const stage = e.owner.stage;
    if (e.kind === "add") {
      setOf(all, stage).add(e.line);
      setOf(alive, stage).add(e.line);
      const list = made.get(stage) ?? made.set(stage, []).get(stage)!;
      const last = list[list.length - 1];
      if (last && last.step === e.owner.step && last.path === e.path) last.added++;
      else list.push({ step: e.owner.step, position: e.owner.position, path: e.path, added: 1 });
      continue;
    }
    if (e.kind === "amend") {
      for (const set of [setOf(all, stage), setOf(alive, stage)]) if (set.delete(e.from)) set.add(e.line);
      continue;
    }
    if (e.kind === "restore") {
      setOf(alive, stage).add(e.line);
      restored.set(stage, e.by.step);
      continue;
    }
    setOf(alive, stage).delete(e.line);
    const byStage =
      e.by.stage !== null && Number.isFinite(e.by.stage) && e.by.taskId === focusTaskId ? e.by.stage : null;
    if (byStage === stage) continue; // reworked within its own stage
    const list = changes.get(stage) ?? changes.set(stage, []).get(stage)!;
    const last = list[list.length - 1];
    const kind = (alive.get(stage)?.size ?? 0) === 0 ? "reverted" : "modified";
    if (last && last.step === e.by.step && last.path === e.path) {
      last.removed.push(e.line);
      last.kind = kind;
    } else {
      list.push({
        step: e.by.step,
        position: e.by.position,
        taskId: e.by.taskId,
        stage: byStage,
        path: e.path,
        removed: [e.line],
        kind,
      });
    }
  }

  return stages.map((stage): LedgerRow => {
    const requests = requestsOf(stage);
    const stageEdits = made.get(stage) ?? [];
    const stageChanges = changes.get(stage) ?? [];
    const tests = stageTests(verdict, stage);
    const base = { stage, requests, edits: stageEdits, changes: stageChanges, tests };
    if (stageEdits.length === 0) {
      const ran = requests.some((r) => r.ran);
      return {
        ...base,
        lines: null,
        status: "never_implemented",
        reason:
          requests.length === 0
            ? "The session never asked this stage."
            : ran
              ? "No focus edit added lines for this stage."
              : "The stage's request never ran.",
      };
    }
    return {
      ...base,
      ...linesStatus(stageChanges, alive.get(stage)?.size ?? 0, all.get(stage)?.size ?? 0, tests, restored.get(stage)),
    };
  });
}

/** What became of a stage's lines, judged with its F2P tests: the verifier has the last word where it ran them all. */
function linesStatus(
  stageChanges: readonly LedgerChange[],
  left: number,
  total: number,
  tests: LedgerRow["tests"],
  restoredAt: number | undefined,
): Pick<LedgerRow, "lines" | "status" | "reason"> {
  const failing = tests !== null && tests.total > 0 && tests.notRun < tests.total && tests.passed < tests.total;
  // The verifier is the judge of the final state: a stage whose F2P tests all pass kept its requirement,
  // whatever became of the lines that first met it (rewritten as a later request asked, or in another form).
  const verified = tests !== null && tests.total > 0 && tests.notRun === 0 && tests.passed === tests.total;
  const whole = left === total;
  const lines: LinesOutcome = stageChanges.length === 0 || whole ? "kept" : left === 0 ? "reverted" : "modified";
  const last = stageChanges[stageChanges.length - 1];
  if (lines !== "kept" && verified) {
    return {
      lines,
      status: "kept",
      reason: `Later edits rewrote this stage's lines (last at step ${last!.step}), and the final verdict passes all ${tests.total} of its F2P tests.`,
    };
  }
  if (lines === "reverted") {
    return {
      lines,
      status: "lost",
      reason: `Step ${last!.step} removed the last of the lines this stage's edits added.`,
    };
  }
  if (lines === "modified" && failing) {
    return {
      lines,
      status: "lost",
      reason: `Later edits removed some of this stage's lines (last at step ${last!.step}) and the final verdict fails its F2P tests.`,
    };
  }
  return {
    lines,
    status: "kept",
    reason:
      lines !== "kept"
        ? `Later edits changed some of this stage's lines (last at step ${last!.step}); the rest are kept.`
        : stageChanges.length === 0
          ? "No later edit removed the lines this stage's edits added."
          : `Later edits removed some of this stage's lines (last at step ${last!.step}); step ${restoredAt ?? "?"} wrote them back, and the final state has them all.`,
  };
}

/** Flat facts per stage, for the build's trajectory pass or the requirement-state-loss detector (scalars only). */
export interface LedgerFact {
  stage: number;
  status: LedgerStatus;
  lines: LinesOutcome | null;
  /** Comma-joined step n's. */
  edit_steps: string;
  change_steps: string;
  /** The step that removed the last of the stage's lines, for a lost stage. */
  lost_at_step: number | null;
  f2p_passed: number | null;
  f2p_total: number | null;
}

export function ledgerFacts(rows: readonly LedgerRow[]): LedgerFact[] {
  return rows.map((r) => ({
    stage: r.stage,
    status: r.status,
    lines: r.lines,
    edit_steps: r.edits.map((e) => e.step).join(","),
    change_steps: r.changes.map((c) => c.step).join(","),
    lost_at_step: r.status === "lost" ? (r.changes[r.changes.length - 1]?.step ?? null) : null,
    f2p_passed: r.tests?.passed ?? null,
    f2p_total: r.tests?.total ?? null,
  }));
}
