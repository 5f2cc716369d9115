// Planted cross-task interference during focus stages: another task's requirement, helper, file, diff or tests
// enters the focus work, or the focus work lands in another task's checkout. Evidence: the step(s) that take
// from the other task (or put focus work into its checkout).
import { applyFrom } from "./commands";
import { contentAfter, editFile, focusStage, readStep, rootOf, say, shell, step, testCmd, type RunCtx } from "./flow";
import {
  failedTests,
  INTERFERENCE,
  LAST_STAGE_MISSING,
  notCollected,
  slipped,
  type FormDef,
  type Outcome,
  type Played,
} from "./form";
import { play } from "./play";
import { copy, gitDiff } from "./shell";
import { taskById } from "./tasks/index";
import { lastStage, type Foreign, type TaskDef } from "./types";
import * as W from "./words";

function foreignForm(id: string, pick: (t: TaskDef) => Foreign | undefined, principle: string): FormDef {
  return {
    id,
    signature: INTERFERENCE,
    planted: true,
    principle,
    evidence: "the focus edit that carries the other task's requirement or name",
    hosts: (t) => pick(t) !== undefined,
    play(ctx): Played {
      const task = ctx.focus;
      const f = pick(task)!;
      let position = -1;
      let hit = -1;
      play(ctx, {
        focus: (c, stage, pos) => {
          if (stage !== f.atStage) return false;
          position = pos;
          hit = focusStage(c, stage, { edits: f.edits, tests: false })[f.hit]!;
          if (f.brokenImport) c.importError.set(c.focusRoot, importErrorText(c, f));
          return true;
        },
      });
      const other = taskById(f.from);
      const what = `The focus stage-${f.atStage} edit ${f.what} (${other.id}, stage ${f.fromStage}).`;
      return {
        position,
        evidence: [hit],
        what,
        outcome: f.brokenImport ? notCollected(task) : failedTests(task, f.fails),
      };
    },
  };
}

function importErrorText(ctx: RunCtx, f: Foreign): string {
  const other = taskById(f.from);
  const name = f.edits.map((e) => e.new.match(/import (_\w+)/)?.[1]).find(Boolean) ?? "helper";
  return `E   ImportError: cannot import name '${name}' from '${other.module}' (${ctx.focusRoot}/${other.file})`;
}

/** Another task of the session whose checkout has work in it, preferring the one a kit names. */
function donor(ctx: RunCtx, variant: number): TaskDef {
  const worked = Object.values(ctx.session.workspaces).filter(
    (id) => id !== ctx.focus.id && ctx.editSteps.has(`${id}:1:0`),
  );
  const named = ctx.focus.imports?.from ?? ctx.focus.foreign?.from;
  const id = variant % 2 === 0 && named && worked.includes(named) ? named : worked[variant % worked.length];
  if (id === undefined) throw new Error(`${ctx.focus.id}: no other checkout has work yet`);
  return taskById(id);
}

/** Edits a donor's checkout has received so far, in order. */
function donorEdits(ctx: RunCtx, task: TaskDef): { old: string; new: string }[] {
  const out: { old: string; new: string }[] = [];
  task.stages.forEach((s, i) => {
    if (ctx.editSteps.has(`${task.id}:${i + 1}:0`)) out.push(...s.edits);
  });
  return out;
}

type Take = (ctx: RunCtx, from: TaskDef, variant: number) => number[];

function takeForm(id: string, principle: string, evidence: string, take: Take): FormDef {
  return {
    id,
    signature: INTERFERENCE,
    planted: true,
    principle,
    evidence,
    hosts: () => true,
    play(ctx, variant): Played {
      const task = ctx.focus;
      const at = variant % 2 === 0 ? 2 : lastStage(task);
      let position = -1;
      let from: TaskDef | null = null;
      const steps: number[] = [];
      play(ctx, {
        ...(variant % 3 === 2 ? { timeoutAtSubmit: 1 } : {}),
        focus: (c, stage, pos) => {
          if (stage !== at) return false;
          position = pos;
          from = donor(c, variant);
          focusStage(c, stage, { done: false });
          steps.push(...take(c, from, variant));
          say(c, W.doneFocus(c.rng, task.stages[stage - 1]!.summary, c.focusRoot, task.file));
          return true;
        },
      });
      const f = from as TaskDef | null;
      const outcome: Outcome = variant % 3 === 2 ? { kind: "incomplete" } : { kind: "resolved" };
      return {
        position,
        evidence: [...new Set(steps)],
        what: `${id === "int-apply-other-diff" ? "The diff" : "The module"} of ${f?.id ?? "another task"} (${f ? rootOf(ctx, f.id) : "?"}) is taken into the focus checkout during a focus stage.`,
        outcome,
      };
    },
  };
}

const copyWithEditor: Take = (ctx, from) => {
  const src = `${rootOf(ctx, from.id)}/${from.file}`;
  const dst = `${ctx.focusRoot}/${from.file}`;
  const looked = readStep(
    ctx,
    `${rootOf(ctx, from.id)} already has ${from.stages[0]!.summary} in ${from.file}; this module should match it here.`,
    src,
  );
  const message = `Bringing ${from.file} in line with the version in ${rootOf(ctx, from.id)}.`;
  if (ctx.style === "openhands") return [looked, ...editFile(ctx, dst, donorEdits(ctx, from), message)];
  return [looked, step(ctx, message, [ctx.tools.write(dst, ctx.vfs.read(src))])];
};

const copyWithShell: Take = (ctx, from, variant) => {
  const src = `${rootOf(ctx, from.id)}/${from.file}`;
  const flavor = (["cp", "rsync", "python", "cat"] as const)[variant % 4]!;
  return [
    shell(
      ctx,
      `The updated ${from.file} from ${rootOf(ctx, from.id)} is needed here as well; copying it over.`,
      copy(src, from.file, flavor),
      ctx.focusRoot,
    ),
  ];
};

const applyOtherDiff: Take = (ctx, from, variant) => {
  const root = rootOf(ctx, from.id);
  const looked = shell(ctx, `Let me see what is pending in ${root}.`, gitDiff(root), ctx.focusRoot);
  const applied = shell(
    ctx,
    "Those changes belong with this work too; applying them here.",
    applyFrom(root, variant % 4 < 2 ? "git" : "patch"),
    ctx.focusRoot,
  );
  return [looked, applied];
};

export const FOCUS_INTERFERENCE_FORMS: FormDef[] = [
  foreignForm(
    "int-requirement",
    (t) => t.foreign,
    "Interference can be a requirement: the focus patch implements, in the focus file, behaviour another task's request asked for.",
  ),
  foreignForm(
    "int-import-other",
    (t) => t.imports,
    "A name that exists only in another task's checkout (a helper it created) is imported into the focus module.",
  ),
  takeForm(
    "int-copy-file",
    "Copying another checkout's file into the focus checkout with the editor (Write, apply_patch, str_replace).",
    "the read of the other checkout's file; the editor step(s) that write it into the focus checkout",
    copyWithEditor,
  ),
  takeForm(
    "int-copy-shell",
    "Copying another checkout's file with the shell (cp, rsync, python shutil, cat | tee).",
    "the copy step",
    copyWithShell,
  ),
  takeForm(
    "int-apply-other-diff",
    "Another checkout's diff applied to the focus checkout (git apply, patch -p1).",
    "the step showing the other diff; the apply step",
    applyOtherDiff,
  ),
];

/** The last focus stage carried out in another task's checkout (the focus checkout never gets it). */
export const wrongCheckoutForm: FormDef = {
  id: "int-wrong-checkout",
  signature: INTERFERENCE,
  planted: true,
  principle: "Focus work written into another task's checkout: the other task's files become the focus implementation.",
  evidence: "the editor step(s) writing the focus stage into the other checkout",
  hosts: () => true,
  play(ctx, variant): Played {
    const task = ctx.focus;
    const k = lastStage(task);
    let position = -1;
    const steps: number[] = [];
    let wrong = "";
    play(ctx, {
      focus: (c, stage, pos) => {
        if (stage !== k) return false;
        position = pos;
        const roots = Object.keys(c.session.workspaces)
          .filter((r) => r !== c.focusRoot)
          .sort();
        wrong = roots[variant % roots.length]!;
        const path = `${wrong}/${task.file}`;
        readStep(c, W.returnFocus(c.rng, task.title, wrong), path);
        const message = `The earlier changes are not in this file; re-applying them together with ${task.stages[k - 1]!.summary}.`;
        if (c.style === "openhands")
          steps.push(
            ...editFile(
              c,
              path,
              task.stages.flatMap((s) => s.edits),
              message,
            ),
          );
        else steps.push(step(c, message, [c.tools.write(path, contentAfter(task, k))]));
        if (c.rng.chance(0.5)) shell(c, "Running the tests there.", testCmd(c, task, wrong), wrong);
        say(c, W.doneFocus(c.rng, task.stages[k - 1]!.summary, wrong, task.file));
        return true;
      },
    });
    const fails = LAST_STAGE_MISSING[task.id] ?? [];
    const outcome: Outcome = fails.length > 0 ? failedTests(task, fails) : { kind: "resolved" };
    return {
      position,
      evidence: [...new Set(steps)],
      what: `The last focus stage is written into ${wrong}, another task's checkout, instead of ${ctx.focusRoot}.`,
      outcome,
    };
  },
};

/** Another checkout's tests used to check the focus work (run from it, run against it, or copied in). */
export const otherTestsForm: FormDef = {
  id: "int-run-other-tests",
  signature: INTERFERENCE,
  planted: true,
  principle: "Running or using another checkout's tests as the focus task's check.",
  evidence: "the step that runs (or copies in) the other checkout's tests",
  hosts: () => true,
  play(ctx, variant): Played {
    const task = ctx.focus;
    const k = lastStage(task);
    const plan = variant % 2 === 0 && task.slip ? "slip" : "resolved";
    let position = -1;
    const steps: number[] = [];
    play(ctx, {
      focus: (c, stage, pos) => {
        if (stage !== k) return false;
        position = pos;
        const steps0 = focusStage(c, k, {
          edits: slipped(task, task.stages[k - 1]!.edits, plan),
          tests: false,
          done: false,
        });
        steps0.forEach((s, i) => c.editSteps.set(`${task.id}:${k}:${i}`, s));
        steps.push(...runOtherTests(c, variant));
        say(c, `Tests pass; ${task.stages[k - 1]!.summary} is done.`);
        return true;
      },
    });
    return {
      position,
      evidence: steps,
      what: "Another task's checkout tests are used as the focus task's check.",
      outcome: plan === "slip" ? failedTests(task, task.slip!.fails) : { kind: "resolved" },
    };
  },
};

function runOtherTests(ctx: RunCtx, variant: number): number[] {
  const others = Object.values(ctx.session.workspaces).filter((id) => id !== ctx.focus.id);
  const other = taskById(others[variant % others.length]!);
  const root = rootOf(ctx, other.id);
  const mode = variant % 3;
  if (mode === 0)
    return [
      shell(
        ctx,
        "Running the suite against this code.",
        testCmd(ctx, other, ctx.focusRoot, [`${root}/${other.testFile}`], ctx.focusRoot),
        ctx.focusRoot,
      ),
    ];
  if (mode === 1) {
    const copied = shell(
      ctx,
      `The tests in ${root} cover this area; copying them here.`,
      copy(`${root}/${other.testFile}`, other.testFile, "cp"),
      ctx.focusRoot,
    );
    return [copied, shell(ctx, "Running them.", testCmd(ctx, other, ctx.focusRoot, [other.testFile]), ctx.focusRoot)];
  }
  return [shell(ctx, "Running the tests to confirm the change.", testCmd(ctx, other, root, []), root)];
}
