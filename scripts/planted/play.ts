// Playing one run: the schedule's requests in order, each as a user step followed by the agent's steps. A form
// overrides what happens at focus stages and at finalization; interruptions are always handled properly.
import { defaultSubmit, focusStage, otherStage, rootOf, type RunCtx } from "./flow";
import { hashSeed, Rng } from "./rng";
import type { SessionDef } from "./sessions";
import { Story } from "./story";
import { repoOf, taskById } from "./tasks/index";
import { makeTools, setCodexShellPatches } from "./tools";
import type { Style } from "./types";
import { Vfs } from "./vfs";

export interface Hooks {
  /** Handle a focus stage; return false to fall back to the default. */
  focus?: (ctx: RunCtx, stage: number, position: number) => boolean;
  submit?: (ctx: RunCtx, position: number) => void;
  /** The run times out during finalization after this many agent steps (incomplete). */
  timeoutAtSubmit?: number;
}

export const MODEL = "synthetic planted";

export function newRun(
  session: SessionDef,
  style: Style,
  runId: string,
  submitText: string,
  startHour: number,
): RunCtx {
  const rng = new Rng(hashSeed("run", runId));
  const roots = Object.keys(session.workspaces).sort();
  const vfs = new Vfs(roots);
  const repo = repoOf(session.focus);
  for (const root of roots) vfs.seed(root, repo.files);
  const tools = makeTools(style, vfs, rng);
  setCodexShellPatches(tools, style === "codex" && rng.chance(0.3));
  const start = new Date(
    Date.UTC(2026, 3, 1 + Math.floor(startHour / 24), startHour % 24, rng.int(0, 59), rng.int(0, 59)),
  );
  const ctx: RunCtx = {
    story: new Story(rng, start, MODEL),
    vfs,
    tools,
    rng,
    style,
    session,
    focus: session.focus,
    focusRoot: "",
    submitText,
    editSteps: new Map(),
    failing: new Map(),
    importError: new Map(),
    submission: null,
    finalized: false,
    halted: false,
  };
  ctx.focusRoot = rootOf(ctx, session.focus.id);
  return ctx;
}

export function requestText(ctx: RunCtx, position: number): string {
  const req = ctx.session.schedule[position]!;
  const task = taskById(req.task_id);
  const body = req.stage === "submit" ? ctx.submitText : task.stages[req.stage - 1]!.text;
  return `Repository: ${task.repo}\nActive checkout: ${req.workspace}\n\n${body}`;
}

export function play(ctx: RunCtx, hooks: Hooks): void {
  ctx.session.schedule.forEach((req, position) => {
    if (ctx.halted) return;
    ctx.story.user(position, requestText(ctx, position));
    if (req.task_id !== ctx.focus.id) {
      otherStage(ctx, req.task_id, req.stage as number);
      return;
    }
    if (req.stage === "submit") {
      if (hooks.timeoutAtSubmit !== undefined) {
        timeout(ctx, hooks.timeoutAtSubmit);
        return;
      }
      (hooks.submit ?? defaultSubmit)(ctx, position);
      return;
    }
    if (!hooks.focus?.(ctx, req.stage, position)) focusStage(ctx, req.stage);
  });
}

/** Finalization that never completes: a few steps, then the budget runs out. */
function timeout(ctx: RunCtx, steps: number): void {
  const root = ctx.focusRoot;
  ctx.story.agent(`Let me run the whole test suite of ${root} once more before finalizing.`, [
    ctx.tools.shell(
      {
        cmd: "python -m pytest -q -x --timeout 900",
        description: "Run every test",
        run: () => ({ out: "", code: 124 }),
      },
      root,
    ),
  ]);
  for (let i = 1; i < steps; i++) ctx.story.agent("The suite is still running; waiting for it.");
  ctx.halted = true;
}
