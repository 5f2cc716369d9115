// A run being played: its checkouts, tools and trajectory, and the steps an agent takes by default: a focus stage
// done right, an interruption handled in its own checkout, a finalization that submits the focus checkout's diff.
import { pyCheck, pytest } from "./commands";
import type { Rng } from "./rng";
import type { SessionDef } from "./sessions";
import { gitDiff, gitDiffAll, gitStatus, grep, type ShellCmd } from "./shell";
import type { Story } from "./story";
import { repoOf, taskById } from "./tasks/index";
import type { Call, Tools } from "./tools";
import type { Style, TaskDef } from "./types";
import { applyEdits, lineOfBlock, type Edit, type Vfs } from "./vfs";
import * as W from "./words";

export interface RunCtx {
  story: Story;
  vfs: Vfs;
  tools: Tools;
  rng: Rng;
  style: Style;
  session: SessionDef;
  focus: TaskDef;
  focusRoot: string;
  submitText: string;
  /** Step of each stage edit: `${task}:${stage}:${index}`. */
  editSteps: Map<string, number>;
  /** Local test names that fail per checkout, and checkouts whose module no longer imports. */
  failing: Map<string, Set<string>>;
  importError: Map<string, string>;
  /** The patch the finalization submitted (null: none). */
  submission: string | null;
  finalized: boolean;
  halted: boolean;
}

export function rootOf(ctx: RunCtx, taskId: string): string {
  const hit = Object.entries(ctx.session.workspaces).find(([, t]) => t === taskId);
  if (!hit) throw new Error(`no checkout for ${taskId}`);
  return hit[0];
}

export function srcDir(task: TaskDef): string {
  return task.repo === "tessellate/fetchkit" ? "src" : ".";
}

export function step(ctx: RunCtx, message: string, calls: Call[], reasoning?: string): number {
  return ctx.story.agent(message, calls, reasoning);
}

export function say(ctx: RunCtx, message: string): number {
  return ctx.story.agent(message);
}

export function shell(ctx: RunCtx, message: string, cmd: ShellCmd, cwd: string, reasoning?: string): number {
  return step(ctx, message, [ctx.tools.shell(cmd, cwd)], reasoning);
}

export function readStep(ctx: RunCtx, message: string, path: string): number {
  const cwd = ctx.vfs.rootOf(path) ?? ctx.focusRoot;
  return step(ctx, message, [ctx.tools.read(path, cwd)]);
}

function isInsertion(e: Edit): "after" | "before" | null {
  if (e.new.startsWith(`${e.old}\n`)) return "after";
  if (e.new.endsWith(`\n${e.old}`)) return "before";
  return null;
}

/** One openhands edit: str_replace, or insert for a pure insertion (half of the time). */
function openHandsCall(ctx: RunCtx, path: string, e: Edit): Call {
  const kind = isInsertion(e);
  if (kind && ctx.rng.chance(0.5)) {
    const text = ctx.vfs.read(path);
    const first = lineOfBlock(text, e.old);
    const oldLines = e.old.split("\n").length;
    const added = kind === "after" ? e.new.slice(e.old.length + 1) : e.new.slice(0, e.new.length - e.old.length - 1);
    return ctx.tools.insert(path, kind === "after" ? first + oldLines - 1 : first - 1, added);
  }
  return ctx.tools.edit(path, [e]);
}

/** Edits of one file with the harness's editor; returns the step of each edit. */
export function editFile(
  ctx: RunCtx,
  path: string,
  edits: Edit[],
  message: string,
  opts: { split?: boolean; reasoning?: string } = {},
): number[] {
  const together =
    ctx.style === "openhands"
      ? false
      : opts.split
        ? false
        : edits.length === 1 || ctx.rng.chance(ctx.style === "codex" ? 0.8 : 0.6);
  if (together) {
    const id = step(ctx, message, [ctx.tools.edit(path, edits)], opts.reasoning);
    return edits.map(() => id);
  }
  return edits.map((e, i) => {
    const call = ctx.style === "openhands" ? openHandsCall(ctx, path, e) : ctx.tools.edit(path, [e]);
    return step(ctx, i === 0 ? message : W.nextPart(ctx.rng), [call], i === 0 ? opts.reasoning : undefined);
  });
}

export function recordEdits(ctx: RunCtx, taskId: string, stage: number, steps: number[]): void {
  steps.forEach((s, i) => ctx.editSteps.set(`${taskId}:${stage}:${i}`, s));
}

export function editStep(ctx: RunCtx, taskId: string, ref: readonly [number, number]): number {
  const s = ctx.editSteps.get(`${taskId}:${ref[0]}:${ref[1]}`);
  if (s === undefined) throw new Error(`no step for ${taskId} stage ${ref[0]} edit ${ref[1]}`);
  return s;
}

export function testCmd(ctx: RunCtx, task: TaskDef, root: string, targets?: string[], codeRoot?: string): ShellCmd {
  const failing = ctx.failing.get(codeRoot ?? root) ?? new Set<string>();
  const importError = ctx.importError.get(codeRoot ?? root);
  return pytest({ targets: targets ?? [task.testFile], codeRoot, failing, importError }, srcDir(task));
}

export function runTests(ctx: RunCtx, task: TaskDef, root: string, message = W.testing(ctx.rng)): number {
  return shell(ctx, message, testCmd(ctx, task, root), root);
}

/** A Python one-liner in a checkout (PYTHONPATH=src where the package lives under src/). */
export function smoke(ctx: RunCtx, task: TaskDef, code: string, output: string, message: string): number {
  const root = rootOf(ctx, task.id);
  const text = output
    .replace(/@@ROOT@@/g, root)
    .replace(/@@LINE\((.*?)\)@@/g, (_, line: string) =>
      String(lineOfBlock(ctx.vfs.read(`${root}/${task.file}`), line)),
    );
  const cmd = pyCheck(code, text, text.includes("Traceback"));
  const env = srcDir(task) === "src" ? "PYTHONPATH=src " : "";
  return shell(ctx, message, { ...cmd, cmd: `${env}${cmd.cmd}` }, root);
}

/** Reading noise before a stage: the file, sometimes a grep or the tests. */
function lookAround(ctx: RunCtx, task: TaskDef, root: string, returning: boolean): void {
  const path = `${root}/${task.file}`;
  if (returning && ctx.rng.chance(0.3)) shell(ctx, W.returnFocus(ctx.rng, task.title, root), gitDiff(), root);
  else readStep(ctx, returning ? W.returnFocus(ctx.rng, task.title, root) : W.startFocus(ctx.rng, task.file), path);
  if (ctx.rng.chance(0.35)) {
    const name = (ctx.vfs.read(path).match(/^def (\w+)/m) ?? ["", task.module.split(".").pop()!])[1]!;
    shell(
      ctx,
      `Where is ${name} used?`,
      grep(name, srcDir(task) === "src" ? "src" : task.file.split("/")[0]!, ctx.style === "codex" ? "rg" : "grep"),
      root,
    );
  }
  if (!returning && ctx.rng.chance(0.3)) readStep(ctx, "And the existing tests.", `${root}/${task.testFile}`);
}

export interface StageOpts {
  edits?: Edit[];
  message?: string;
  reasoning?: string;
  tests?: boolean;
  look?: boolean;
  done?: boolean;
}

/** A focus stage: look, edit (the stage's edits unless others are given), maybe test, report. */
export function focusStage(ctx: RunCtx, stage: number, opts: StageOpts = {}): number[] {
  const task = ctx.focus;
  const root = ctx.focusRoot;
  if (opts.look !== false) lookAround(ctx, task, root, stage > 1);
  const edits = opts.edits ?? task.stages[stage - 1]!.edits;
  const steps = editFile(
    ctx,
    `${root}/${task.file}`,
    edits,
    opts.message ?? W.editing(ctx.rng, task.stages[stage - 1]!.summary),
    { reasoning: opts.reasoning },
  );
  if (!opts.edits) recordEdits(ctx, task.id, stage, steps);
  if (opts.tests ?? (!ctx.importError.has(root) && ctx.rng.chance(0.6))) runTests(ctx, task, root);
  if (opts.done !== false) say(ctx, W.doneFocus(ctx.rng, task.stages[stage - 1]!.summary, root, task.file));
  return steps;
}

/** An interruption request handled properly in its own checkout. */
export function otherStage(ctx: RunCtx, taskId: string, stage: number): void {
  const task = taskById(taskId);
  const root = rootOf(ctx, taskId);
  const def = task.stages[stage - 1]!;
  const path = `${root}/${task.file}`;
  if (ctx.rng.chance(0.75)) readStep(ctx, W.startOther(ctx.rng, task.title, root, stage), path);
  const steps = editFile(ctx, path, def.edits, W.editing(ctx.rng, def.summary));
  recordEdits(ctx, task.id, stage, steps);
  if (ctx.rng.chance(0.4)) runTests(ctx, task, root);
  say(ctx, W.doneOther(ctx.rng, def.summary, root));
}

/** The finalization: status and diff of the focus checkout, then the diff as the submission. */
export function defaultSubmit(ctx: RunCtx): void {
  const root = ctx.focusRoot;
  const untracked = ctx.vfs.changes(root).some((c) => c.before === null);
  if (ctx.rng.chance(0.5)) shell(ctx, W.submitIntro(ctx.rng, root), gitStatus(), root);
  if (!ctx.importError.has(root) && ctx.rng.chance(0.35)) runTests(ctx, ctx.focus, root);
  shell(
    ctx,
    ctx.rng.pick(["The full diff:", "Final diff of the checkout:", "Here is the diff against the base revision."]),
    untracked ? gitDiffAll() : gitDiff(),
    root,
  );
  ctx.submission = ctx.vfs.fullDiff(root);
  ctx.finalized = true;
  say(ctx, W.submitDone(ctx.rng, root));
}

/** The content a file would have after the given stages of its task (applied to the base). */
export function contentAfter(task: TaskDef, stages: number): string {
  let text = repoOf(task).files[task.file]!;
  for (let s = 0; s < stages; s++) text = applyEdits(text, task.stages[s]!.edits, task.id);
  return text;
}
