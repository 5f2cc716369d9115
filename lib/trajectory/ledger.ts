// The requirement ledger (docs/trajectory-explorer.md, "Requirement ledger"): what happened to each focus
// stage's requirement over the run. One row per focus stage: the requests that asked it, the focus edits
// made for it, later edits that changed or removed the lines those edits added, the stage's F2P tests in the
// final verdict, and a status. The same facts are the evidence of requirement-state loss (paper App. E.2).
import type { Step } from "./model";
import type { RequestInfo, Segmentation } from "./segment";
import type { VerdictTest } from "./tags";
import { fileEdits } from "./tools";

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

/** A line worth tracking: not blank, not a lone bracket or keyword (the rule of detect-state-loss.ts). */
export function significantLine(line: string): boolean {
  return line.length >= 8 && /[A-Za-z]/.test(line);
}

/**
 * A changelog or documentation file: its lines are no implementation of a requirement (a stage whose code is
 * gone is lost even if its changelog entry stays), so the ledger does not track them.
 */
export function isDocumentationPath(path: string): boolean {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return /\.(rst|md|txt|adoc)$/i.test(name) || /^(CHANGES|CHANGELOG|NEWS|HISTORY|AUTHORS)(\.|$)/i.test(name);
}

interface TrackedEdit {
  step: number;
  position: number | null;
  taskId: string | null;
  /** The focus stage the edit was made for; null outside a focus stage request. */
  stage: number | null;
  path: string;
  before: string | null;
  after: string;
}

/** Edits to files of the focus checkout, in step order, with the request each was made in. */
export function focusCheckoutEdits(
  steps: readonly Step[],
  seg: Segmentation,
  focusTaskId: string,
  workspaces: Readonly<Record<string, string>>,
): TrackedEdit[] {
  const roots = Object.entries(workspaces)
    .filter(([, t]) => t === focusTaskId)
    .map(([ws]) => ws.replace(/\/$/, ""));
  const out: TrackedEdit[] = [];
  for (const s of seg.segments) {
    const req = s.request;
    const activeIsFocus = req ? roots.includes(req.workspace.replace(/\/$/, "")) : false;
    for (let n = s.first; n <= s.last; n++) {
      const step = steps[n - 1];
      if (!step || step.source !== "agent" || step.copied || step.sidechain) continue;
      for (const call of step.toolCalls) {
        for (const e of fileEdits(call)) {
          let path: string | null = null;
          const root = roots.find((r) => e.path.startsWith(`${r}/`));
          if (root) path = e.path.slice(root.length + 1);
          else if (!e.path.startsWith("/") && activeIsFocus) path = e.path.replace(/^\.\//, "");
          if (path === null || isDocumentationPath(path)) continue;
          const focusStage = req && req.taskId === focusTaskId && !req.isSubmit ? req.stage : null;
          out.push({
            step: n,
            position: req?.position ?? null,
            taskId: req?.taskId ?? null,
            stage: focusStage,
            path,
            before: e.before,
            after: e.after,
          });
        }
      }
    }
  }
  return out;
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

  const edits = focusCheckoutEdits(steps, segmentation, focusTaskId, workspaces);
  // path → line → the stage edit that added it; stage → its lines still present ("path\0line").
  const owner = new Map<string, Map<string, { stage: number; step: number }>>();
  const alive = new Map<number, Set<string>>();
  const made = new Map<number, LedgerEdit[]>();
  const changes = new Map<number, LedgerChange[]>();
  for (const e of edits) {
    const owners = owner.get(e.path) ?? owner.set(e.path, new Map()).get(e.path)!;
    const before = new Set((e.before ?? "").split("\n").map((l) => l.trim()));
    const after = new Set(e.after.split("\n").map((l) => l.trim()));
    const removed = new Map<number, string[]>();
    for (const [line, o] of owners) {
      const gone = e.before === null ? !after.has(line) : before.has(line) && !after.has(line);
      if (!gone) continue;
      owners.delete(line);
      alive.get(o.stage)?.delete(`${e.path}\u0000${line}`);
      if (o.stage !== e.stage) removed.set(o.stage, [...(removed.get(o.stage) ?? []), line]);
    }
    for (const [stage, lines] of removed) {
      const kind = (alive.get(stage)?.size ?? 0) === 0 ? "reverted" : "modified";
      const list = changes.get(stage) ?? changes.set(stage, []).get(stage)!;
      list.push({
        step: e.step,
        position: e.position,
        taskId: e.taskId,
        stage: e.stage,
        path: e.path,
        removed: lines,
        kind,
      });
    }
    if (e.stage === null) continue;
    let added = 0;
    for (const line of after) {
      if (!significantLine(line) || before.has(line)) continue;
      owners.set(line, { stage: e.stage, step: e.step });
      (alive.get(e.stage) ?? alive.set(e.stage, new Set()).get(e.stage)!).add(`${e.path}\u0000${line}`);
      added++;
    }
    if (added > 0)
      (made.get(e.stage) ?? made.set(e.stage, []).get(e.stage)!).push({
        step: e.step,
        position: e.position!,
        path: e.path,
        added,
      });
  }

  return stages.map((stage): LedgerRow => {
    const requests = requestsOf(stage);
    const stageEdits = made.get(stage) ?? [];
    const stageChanges = changes.get(stage) ?? [];
    const tests = stageTests(verdict, stage);
    const failing = tests !== null && tests.total > 0 && tests.notRun < tests.total && tests.passed < tests.total;
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
    const left = alive.get(stage)?.size ?? 0;
    const lines: LinesOutcome = stageChanges.length === 0 ? "kept" : left === 0 ? "reverted" : "modified";
    const last = stageChanges[stageChanges.length - 1];
    if (lines === "reverted") {
      return {
        ...base,
        lines,
        status: "lost",
        reason: `Step ${last!.step} removed the last of the lines this stage's edits added.`,
      };
    }
    if (lines === "modified" && failing) {
      return {
        ...base,
        lines,
        status: "lost",
        reason: `Later edits removed some of this stage's lines (last at step ${last!.step}) and the final verdict fails its F2P tests.`,
      };
    }
    return {
      ...base,
      lines,
      status: "kept",
      reason:
        lines === "kept"
          ? "No later edit removed the lines this stage's edits added."
          : `Later edits changed some of this stage's lines (last at step ${last!.step}); the rest are kept.`,
    };
  });
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
