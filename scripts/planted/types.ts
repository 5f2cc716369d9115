// The shapes the generator works with: tasks with their stage edits and the alternative edits that the forms use.
import type { Edit } from "./vfs";

export type Style = "claude-code" | "codex" | "openhands";
export const STYLES: readonly Style[] = ["claude-code", "codex", "openhands"];
export type Signature = "requirement_state_loss" | "cross_task_interference";

/** [stage, index of the edit within that stage's edits]. */
export type EditRef = readonly [number, number];

export interface StageDef {
  text: string;
  provenance: "issue" | "review" | "extension";
  /** What the stage's change does, in a few words (for the agent's messages). */
  summary: string;
  edits: Edit[];
}

/** An implementation of the last stage that loses earlier focus state. */
export interface LossVariant {
  edits: Edit[];
  /** The edit (index into edits) that conflicts with or bypasses the earlier state. */
  hit: number;
  /** The earlier edit whose state is lost. */
  lost: EditRef;
  /** Focus tests that fail because of it. */
  fails: string[];
  /** The agent's reason, as it would state it. */
  why: string;
}

/** A one-line change made after the correct last stage (by sed, perl or a script) that loses earlier state. */
export interface LineLoss {
  find: string;
  replace: string;
  lost: EditRef;
  fails: string[];
  why: string;
}

export interface LossKit {
  replace: LossVariant;
  earlyReturn?: LossVariant;
  newFunction?: LossVariant;
  delete?: LossVariant;
  restructure?: LossVariant;
  line: LineLoss;
  /** The last stage implemented on the base file (after the file was reset); fails: tests that then fail. */
  reset: { edits: Edit[]; fails: string[] };
  /** Tests that fail when the last edit of the previous stage is undone. */
  undoFails: string[];
  /** A correct last stage that rewrites earlier lines and keeps their behaviour. */
  preserve: { edits: Edit[]; hit: number; earlier: EditRef };
}

/** A mistake inside the last stage's own new lines (never touching earlier state). */
export interface Slip {
  edit: number;
  find: string;
  replace: string;
  fails: string[];
  /** A command that shows the mistake, its output with the mistake, and after the fix. */
  smoke?: { code: string; bad: string; good: string };
}

/** A later request that asks to change earlier work: a hard negative for requirement-state loss. */
export interface Requested {
  kind: "wrap" | "rename" | "drop" | "helper" | "simplify";
  stage: number;
  earlier: EditRef;
  /** The edit of the requested stage that changes the earlier lines. */
  hit: number;
  /** The same change as a sed script, when one is natural. */
  sed?: { script: string; apply: (text: string) => string };
}

/** Another task's requirement or name entering the focus file at a stage (replaces that stage's edits). */
export interface Foreign {
  from: string;
  fromStage: number;
  atStage: number;
  edits: Edit[];
  hit: number;
  fails: string[];
  /** True when the focus module no longer imports (its tests are not collected). */
  brokenImport?: boolean;
  what: string;
}

/** The focus task's own stage that resembles another task's request (a hard negative for interference). */
export interface Own {
  other: string;
  otherStage: number;
  stage: number;
  edit: number;
  what: string;
}

export interface TaskDef {
  id: string;
  repo: string;
  title: string;
  baseRevision: string;
  /** The source file the task changes, relative to the checkout. */
  file: string;
  testFile: string;
  module: string;
  stages: StageDef[];
  /** F2P test names per stage (index 0 is stage 1). */
  f2p: string[][];
  p2p: string[];
  loss?: LossKit;
  requested?: Requested[];
  foreign?: Foreign;
  imports?: Foreign;
  slip?: Slip;
  /** A change to base lines at the last stage that breaks a P2P test (a failure that is no signature). */
  stray?: { edit: Edit; fails: string[] };
  own?: Own;
}

export interface RepoDef {
  name: string;
  group: "near" | "far";
  /** Every file of a fresh checkout, relative to it. */
  files: Record<string, string>;
  tasks: TaskDef[];
}

export function testId(task: TaskDef, name: string): string {
  return `${task.testFile}::${name}`;
}

export function lastStage(task: TaskDef): number {
  return task.stages.length;
}
