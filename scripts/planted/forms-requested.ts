// Hard negatives for requirement-state loss: a later request asks to change earlier work (wrap, rename, drop,
// move into a helper, simplify), a later stage rewrites earlier lines and keeps their behaviour, or an edit is
// corrected within the same request. Evidence: the earlier step and the later step that must not be tagged.
import { editFile, editStep, focusStage, readStep, runTests, say, shell, smoke, type RunCtx } from "./flow";
import {
  LOSS,
  negativePlan,
  planHooks,
  planLastStage,
  planOutcome,
  slipped,
  strayStep,
  type FormDef,
  type Plan,
  type Played,
} from "./form";
import { play } from "./play";
import { pyReplace, sedScript, substitute } from "./shell";
import { lastStage, type Requested } from "./types";
import * as W from "./words";

/** How the requested change is made: the editor, a sed script, or a Python script. */
function mechanism(req: Requested, variant: number): "editor" | "sed" | "python" {
  const order = req.sed
    ? (["editor", "sed", "python", "sed", "editor", "python"] as const)
    : (["editor", "python", "editor", "python", "editor", "editor"] as const);
  return order[variant % 6]!;
}

function requestedStage(ctx: RunCtx, req: Requested, variant: number, planned: Plan): number {
  const task = ctx.focus;
  const path = `${ctx.focusRoot}/${task.file}`;
  const def = task.stages[req.stage - 1]!;
  const how = mechanism(req, variant);
  const plan: Plan = req.stage === lastStage(task) ? planned : "resolved";
  readStep(ctx, W.returnFocus(ctx.rng, task.title, ctx.focusRoot), path);
  let hit: number;
  if (how === "sed") {
    hit = shell(
      ctx,
      `The review asks for ${def.summary}; a sed script does it.`,
      sedScript(task.file, req.sed!.script, req.sed!.apply),
      ctx.focusRoot,
    );
  } else if (how === "python") {
    const edits = slipped(task, def.edits, plan);
    hit = shell(
      ctx,
      `Applying the review's request (${def.summary}) with a short script.`,
      pyReplace(task.file, edits, "heredoc"),
      ctx.focusRoot,
    );
  } else {
    hit = editFile(ctx, path, slipped(task, def.edits, plan), W.editing(ctx.rng, def.summary))[req.hit]!;
  }
  strayStep(ctx, plan);
  if (plan !== "slip" && ctx.rng.chance(0.6)) runTests(ctx, task, ctx.focusRoot);
  say(ctx, W.doneFocus(ctx.rng, def.summary, ctx.focusRoot, task.file));
  return hit;
}

function requestedForm(kind: Requested["kind"], principle: string): FormDef {
  return {
    id: `neg-${kind}`,
    signature: LOSS,
    planted: false,
    principle,
    evidence: "the step that made the earlier stage's edit; the step that changes it as the later request asks",
    hosts: (t) => t.requested?.some((r) => r.kind === kind) ?? false,
    play(ctx, variant): Played {
      const task = ctx.focus;
      const req = task.requested!.find((r) => r.kind === kind)!;
      const plan =
        mechanism(req, variant) === "sed" && negativePlan(task, variant) === "slip"
          ? "resolved"
          : negativePlan(task, variant);
      let position = -1;
      let hit = -1;
      play(ctx, {
        ...planHooks(plan),
        focus: (c, stage, pos) => {
          if (stage === req.stage) {
            position = pos;
            hit = requestedStage(c, req, variant, plan);
            return true;
          }
          if (stage !== lastStage(task) || (plan !== "slip" && plan !== "stray")) return false;
          planLastStage(c, plan);
          return true;
        },
      });
      const what = `The stage-${req.stage} request asks for ${task.stages[req.stage - 1]!.summary}; the edit that changes the stage-${req.earlier[0]} lines does what it asks.`;
      return { position, evidence: [editStep(ctx, task.id, req.earlier), hit], what, outcome: planOutcome(task, plan) };
    },
  };
}

const preserveForm: FormDef = {
  id: "neg-preserving-rewrite",
  signature: LOSS,
  planted: false,
  principle:
    "A later stage rewrites lines an earlier stage wrote but keeps their behaviour: a changed line is not a lost requirement.",
  evidence: "the earlier stage's edit; the later edit that rewrites its lines and keeps the rule",
  hosts: (t) => t.loss !== undefined,
  play(ctx, variant): Played {
    const task = ctx.focus;
    const kit = task.loss!.preserve;
    const plan = negativePlan(task, variant, false);
    const k = lastStage(task);
    let position = -1;
    let hit = -1;
    play(ctx, {
      ...planHooks(plan),
      focus: (c, stage, pos) => {
        if (stage !== k) return false;
        position = pos;
        if (variant % 3 === 2) {
          readStep(c, W.returnFocus(c.rng, task.title, c.focusRoot), `${c.focusRoot}/${task.file}`);
          hit = shell(
            c,
            `Applying ${task.stages[k - 1]!.summary} with a script.`,
            pyReplace(task.file, kit.edits, "heredoc"),
            c.focusRoot,
          );
          say(c, W.doneFocus(c.rng, task.stages[k - 1]!.summary, c.focusRoot, task.file));
        } else hit = focusStage(c, k, { edits: kit.edits })[kit.hit]!;
        return true;
      },
    });
    const what = `The last stage rewrites the lines of the stage-${kit.earlier[0]} ${task.stages[kit.earlier[0] - 1]!.summary} and keeps that behaviour.`;
    return { position, evidence: [editStep(ctx, task.id, kit.earlier), hit], what, outcome: planOutcome(task, plan) };
  },
};

const sameStageForm: FormDef = {
  id: "neg-same-stage-fix",
  signature: LOSS,
  planted: false,
  principle:
    "Rewriting lines written earlier in the same request (fixing one's own slip) is not requirement-state loss.",
  evidence: "the edit with the slip; the fix in the same request",
  hosts: (t) => t.loss !== undefined && t.slip?.smoke !== undefined,
  play(ctx, variant): Played {
    const task = ctx.focus;
    const slip = task.slip!;
    const k = lastStage(task);
    const plan: Plan = variant % 3 === 1 ? "incomplete" : "resolved";
    let position = -1;
    const evidence: number[] = [];
    play(ctx, {
      ...planHooks(plan),
      focus: (c, stage, pos) => {
        if (stage !== k) return false;
        position = pos;
        const steps = focusStage(c, k, {
          edits: slipped(task, task.stages[k - 1]!.edits, "slip"),
          tests: false,
          done: false,
        });
        smoke(c, task, slip.smoke!.code, slip.smoke!.bad, "Quick check of the new behaviour.");
        const fixed = slip.replace;
        const fix =
          variant % 2 === 0
            ? editFile(
                c,
                `${c.focusRoot}/${task.file}`,
                fixEdits(c, fixed, slip.find),
                "That is wrong; fixing my change.",
              )
            : [
                shell(
                  c,
                  "My change has a mistake; correcting it in place.",
                  substitute(task.file, fixed, slip.find, "sed"),
                  c.focusRoot,
                ),
              ];
        smoke(c, task, slip.smoke!.code, slip.smoke!.good, "Checking again.");
        say(c, W.doneFocus(c.rng, task.stages[k - 1]!.summary, c.focusRoot, task.file));
        evidence.push(steps[slip.edit]!, ...new Set(fix));
        return true;
      },
    });
    return {
      position,
      evidence,
      what: "A mistake in the last stage's own new line is found by a quick check and corrected in the same request.",
      outcome: planOutcome(task, plan),
    };
  },
};

/** Edits that put `find` back on every line of the focus file holding `wrong`. */
function fixEdits(ctx: RunCtx, wrong: string, find: string): { old: string; new: string }[] {
  const lines = [
    ...new Set(
      ctx.vfs
        .read(`${ctx.focusRoot}/${ctx.focus.file}`)
        .split("\n")
        .filter((l) => l.includes(wrong)),
    ),
  ];
  if (lines.length === 0) throw new Error(`no line with ${wrong}`);
  return lines.map((l) => ({ old: l, new: l.split(wrong).join(find) }));
}

export const REQUESTED_FORMS: FormDef[] = [
  requestedForm("wrap", "A change the later request asks for is not a loss: wrapping or bounding the earlier result."),
  requestedForm("rename", "A change the later request asks for is not a loss: a rename that rewrites earlier lines."),
  requestedForm(
    "drop",
    "A change the later request asks for is not a loss: dropping an earlier check the request calls no longer needed.",
  ),
  requestedForm("helper", "A change the later request asks for is not a loss: moving earlier code into a helper."),
  requestedForm("simplify", "A change the later request asks for is not a loss: simplifying earlier code."),
  preserveForm,
  sameStageForm,
];
