// What the renderers of one request share: its context, the action vocabulary and the tool-call builders.
// The ordinary actions (trajectory-actions.ts) and the planted ones (trajectory-plant-actions.ts) both build
// on this module, so neither has to import the other.
import type { Task } from "@/lib/data/schema";
import type { AtifToolCall } from "./trajectory-atif";
import type { CheckoutState, FileEdit } from "./trajectory-code";
import { patchFromEdit } from "./trajectory-edits";
import type { Rng } from "./trajectory-random";

export type ToolFamily = "claude" | "codex" | "plain";

export function toolFamily(harness: string): ToolFamily {
  if (/claude/i.test(harness)) return "claude";
  if (/codex/i.test(harness)) return "codex";
  return "plain";
}

/** The action kinds only a plant writes (trajectory-plant-actions.ts renders them). */
export const PLANT_ACTIONS = [
  "plant_sed",
  "plant_checkout",
  "plant_backup",
  "plant_restore",
  "plant_helper_file",
  "plant_readd",
  "plant_cd_sibling",
  "plant_sibling_test",
  "plant_sibling_copy",
  "plant_compare_read",
  "plant_focus_patch",
  "plant_append_other",
] as const;

export type ActionKind =
  | "grep"
  | "read"
  | "read_test"
  | "grep_attr"
  | "ls"
  | "test_before"
  | "edit"
  | "extra_edit"
  | "test_after"
  | "status"
  | "diff"
  | "diff_stat"
  | "loop_wc"
  | "loop_stat"
  | "loop_status"
  | "loop_combined"
  | (typeof PLANT_ACTIONS)[number];

/** The planted trace signatures and near misses; what each one is and needs: FORMS in trajectory-plants.ts. */
export type PlantForm =
  | "rsl-e2-restructure"
  | "rsl-overwrite"
  | "rsl-substitute"
  | "rsl-sed"
  | "rsl-heredoc"
  | "rsl-git-checkout"
  | "rsl-cp-restore"
  | "cti-e3-loop"
  | "cti-sibling-tests"
  | "cti-foreign-identifier"
  | "cti-sibling-copy"
  | "cti-multi-checkout-submission"
  | "nm-rsl-refactor"
  | "nm-rsl-restored"
  | "nm-rsl-requested-replace"
  | "nm-cti-requested-compare";

export interface PlantContext {
  form: PlantForm;
  role: "earlier" | "later" | "at";
  earlierStage?: number;
  /** Every checkout of the session, by workspace. */
  states: ReadonlyMap<string, CheckoutState>;
  sibling?: string;
  foreignName?: string;
  /** Per-run scratch shared by a request's actions. */
  scratch: { appended?: number; helper?: { helperPath: string; helperContent: string; edit: FileEdit } };
}

export interface RequestContext {
  family: ToolFamily;
  rng: Rng;
  /** The active checkout. */
  state: CheckoutState;
  task: Task;
  stage: number | "submit";
  /** Every checkout of the session, in path order. */
  allStates: readonly CheckoutState[];
  /** Tests the final verdict reports failing: local runs at this request never show them passing. */
  hiddenTests: ReadonlySet<string>;
  /** The stage whose tests a finalization re-runs (the latest focus stage that ran). */
  testStage: number;
  /** When set, this request's stage edit rewrites the function and drops that earlier stage's lines. */
  dropStage?: number;
  /** A one-line summary of the request, for changelog entries. */
  summary: string;
  /** A planted trace signature or near miss at this request (trajectory-plants.ts). */
  plant?: PlantContext;
}

export interface RenderedAction {
  kind: ActionKind;
  call: AtifToolCall;
  content: string;
  /** Set on the edit that added a stage's lines or dropped them, for trace-signature evidence. */
  stageEdit?: { added?: number; dropped?: number; removed?: string[] };
  /** A planted action that shows the signature (its step is ground-truth evidence). */
  plantEvidence?: boolean;
  /** The step message a planted action states. */
  message?: string;
}

export const NO_OUTPUT = "(no output)";

export function editAction(ctx: RequestContext, kind: ActionKind, edit: FileEdit): RenderedAction {
  switch (ctx.family) {
    case "claude":
      return {
        kind,
        call: { tool_call_id: callId(ctx), function_name: "Edit", arguments: { ...edit, replace_all: false } },
        content: `The file ${edit.file_path} has been updated successfully.`,
      };
    case "codex":
      return {
        kind,
        call: { tool_call_id: callId(ctx), function_name: "apply_patch", arguments: { input: patchFromEdit(edit) } },
        content: `Success. Updated the following files:\nM ${edit.file_path}`,
      };
    case "plain":
      return {
        kind,
        call: { tool_call_id: callId(ctx), function_name: "edit", arguments: { ...edit } },
        content: "Edit applied successfully.",
      };
  }
}

export function shellCall(ctx: RequestContext, command: string, description: string): AtifToolCall {
  return {
    tool_call_id: callId(ctx),
    function_name: ctx.family === "claude" ? "Bash" : "bash",
    // Claude Code's Bash tool records a description with every command; the others send the command only.
    arguments: ctx.family === "claude" ? { command, description } : { command },
  };
}

/** A shell call as the family writes it: Codex's `shell` with an argv and a `workdir`. */
export function familyShell(ctx: RequestContext, command: string, workdir: string, description: string): AtifToolCall {
  if (ctx.family === "codex") {
    return {
      tool_call_id: callId(ctx),
      function_name: "shell",
      arguments: { command: ["bash", "-lc", command], workdir },
    };
  }
  return shellCall(ctx, command, description);
}

export function callId(ctx: RequestContext): string {
  return ctx.family === "claude" ? `toolu_01${ctx.rng.token(22)}` : `call_${ctx.rng.token(24)}`;
}

export function seconds(rng: Rng): string {
  return (0.2 + rng.next() * 3).toFixed(2);
}
