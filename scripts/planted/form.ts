// What a form is (one way a signature shows, or one hard negative), what playing it returns, and the outcome
// plans that give hard negatives failures of their own (a slip in new code, a stray change to base lines, a
// timeout, a finalization without a patch), so that no outcome decides a tag.
import { editFile, focusStage, say, shell, type RunCtx } from "./flow";
import type { Hooks } from "./play";
import { gitDiff } from "./shell";
import { lastStage, testId, type Signature, type TaskDef } from "./types";
import type { Edit } from "./vfs";

export const LOSS: Signature = "requirement_state_loss";
export const INTERFERENCE: Signature = "cross_task_interference";

export type Outcome =
  | { kind: "resolved" }
  | { kind: "implementation"; failed: string[]; missing: string[] }
  | { kind: "submission" }
  | { kind: "incomplete" };

export interface Played {
  position: number;
  evidence: number[];
  what: string;
  outcome: Outcome;
}

export interface FormDef {
  id: string;
  signature: Signature;
  planted: boolean;
  /** The principle the form tests (README). */
  principle: string;
  /** What its evidence steps are (README). */
  evidence: string;
  hosts: (task: TaskDef) => boolean;
  play: (ctx: RunCtx, variant: number) => Played;
}

export function failedTests(task: TaskDef, names: readonly string[]): Outcome {
  return { kind: "implementation", failed: names.map((n) => testId(task, n)), missing: [] };
}

/** The focus module no longer imports: pytest collects none of its tests. */
export function notCollected(task: TaskDef): Outcome {
  const all = [...task.f2p.flat(), ...task.p2p].map((n) => testId(task, n));
  return { kind: "implementation", failed: [], missing: all };
}

/** Tests of the last stage that fail when that stage never reached the focus checkout. */
export const LAST_STAGE_MISSING: Record<string, string[]> = {
  "fetchkit-412": ["test_cap_holds_with_jitter", "test_jitter_range"],
  "fetchkit-431": ["test_mapping_and_pairs_mix", "test_merge_accepts_mapping", "test_single_mapping_is_normalized"],
  "fetchkit-447": ["test_string_checked", "test_string_pair", "test_string_single"],
  "fetchkit-455": ["test_flag_without_equals_kept"],
  "fetchkit-468": ["test_query_keyword"],
  "quill-208": ["test_missing_number", "test_negative_rejected", "test_unknown_unit_message"],
  "quill-215": ["test_center", "test_numbers_right_aligned"],
  "quill-223": ["test_open_csv_helper"],
  "quill-231": ["test_get_int_clamped_max", "test_get_int_clamped_min"],
  "quill-240": [],
};

export type Plan = "resolved" | "slip" | "stray" | "incomplete" | "nopatch";

/** The outcome plan of a run without the signature: mostly resolved, with failures that are no signature. */
export function negativePlan(task: TaskDef, variant: number, slipUsable = true): Plan {
  const failA: Plan = task.slip && slipUsable ? "slip" : task.stray ? "stray" : "nopatch";
  const failB: Plan = task.stray ? "stray" : "nopatch";
  return (["resolved", failA, "resolved", "incomplete", failB, "resolved"] as const)[variant % 6]!;
}

export function planOutcome(task: TaskDef, plan: Plan): Outcome {
  if (plan === "slip") return failedTests(task, task.slip!.fails);
  if (plan === "stray") return failedTests(task, task.stray!.fails);
  if (plan === "incomplete") return { kind: "incomplete" };
  if (plan === "nopatch") return { kind: "submission" };
  return { kind: "resolved" };
}

/** The last stage's edits with the plan's slip in them (left unnoticed). */
export function slipped(task: TaskDef, edits: Edit[], plan: Plan): Edit[] {
  if (plan !== "slip" || !task.slip) return edits;
  const slip = task.slip;
  return edits.map((e, i) => (i === slip.edit ? { ...e, new: e.new.split(slip.find).join(slip.replace) } : e));
}

/** The plan's stray change to base lines, made while finishing the last stage. */
export function strayStep(ctx: RunCtx, plan: Plan): void {
  const stray = ctx.focus.stray;
  if (plan !== "stray" || !stray) return;
  const why = ctx.rng.pick([
    "While I'm here, tidying one more line of this module.",
    "Small cleanup in the same file.",
    "Also normalizing this line for consistency.",
  ]);
  editFile(ctx, `${ctx.focusRoot}/${ctx.focus.file}`, [stray.edit], why);
}

/** Submit and timeout behaviour of a plan. */
export function planHooks(plan: Plan): Hooks {
  if (plan === "incomplete") return { timeoutAtSubmit: 2 };
  if (plan === "nopatch") return { submit: submitSummaryOnly };
  return {};
}

/** A finalization that answers with a summary and a --stat, not the patch: nothing applicable is submitted. */
function submitSummaryOnly(ctx: RunCtx): void {
  shell(ctx, "Summary of the changes in this checkout:", gitDiff(undefined, " --stat"), ctx.focusRoot);
  ctx.finalized = true;
  ctx.submission = null;
  say(ctx, `All requested changes are in place in ${ctx.focusRoot}; see the summary above.`);
}

/** The default last stage under a plan: its edits (slipped), the stray change, the report. */
export function planLastStage(ctx: RunCtx, plan: Plan): void {
  const k = lastStage(ctx.focus);
  const edits = slipped(ctx.focus, ctx.focus.stages[k - 1]!.edits, plan);
  const steps = focusStage(ctx, k, { edits, done: plan !== "stray", tests: plan === "slip" ? false : undefined });
  steps.forEach((s, i) => ctx.editSteps.set(`${ctx.focus.id}:${k}:${i}`, s));
  if (plan === "stray") {
    strayStep(ctx, plan);
    say(ctx, `Done with ${ctx.focus.stages[k - 1]!.summary}.`);
  }
}

/** Hooks for a run that only needs its plan (the last stage and the finalization). */
export function plainHooks(plan: Plan, extra: Hooks = {}): Hooks {
  return {
    ...planHooks(plan),
    focus: (ctx, stage, position) => {
      if (extra.focus?.(ctx, stage, position)) return true;
      if (stage !== lastStage(ctx.focus) || (plan !== "slip" && plan !== "stray")) return false;
      planLastStage(ctx, plan);
      return true;
    },
    ...(extra.submit ? { submit: extra.submit } : {}),
  };
}
