// Planted requirement-state loss: at the focus task's last stage, an edit conflicts with or bypasses what an
// earlier focus stage established. Evidence: the step that established the earlier state and the later step.
import { editStep, focusStage, readStep, runTests, say, shell, type RunCtx } from "./flow";
import { failedTests, LOSS, type FormDef, type Played } from "./form";
import { play } from "./play";
import { substitute } from "./shell";
import { lastStage, type LossKit, type LossVariant, type TaskDef } from "./types";
import * as W from "./words";

/** Where the agent states its reason: in the message, in its reasoning, or nowhere. */
function voiced(ctx: RunCtx, variant: number, base: string, why: string): { message: string; reasoning?: string } {
  const mode = (variant + ctx.rng.int(0, 2)) % 3;
  if (mode === 0) return { message: `${base} ${why}` };
  if (mode === 1) return { message: base, reasoning: why };
  return { message: base };
}

function variantForm(
  id: string,
  pick: (kit: LossKit) => LossVariant | undefined,
  principle: string,
  evidence: string,
): FormDef {
  return {
    id,
    signature: LOSS,
    planted: true,
    principle,
    evidence,
    hosts: (t) => t.loss !== undefined && pick(t.loss) !== undefined,
    play(ctx, variant): Played {
      const task = ctx.focus;
      const v = pick(task.loss!)!;
      const k = lastStage(task);
      let position = -1;
      let hit = -1;
      play(ctx, {
        focus: (c, stage, pos) => {
          if (stage !== k) return false;
          position = pos;
          const say1 = voiced(c, variant, W.editing(c.rng, task.stages[k - 1]!.summary), v.why);
          hit = focusStage(c, k, { edits: v.edits, ...say1 })[v.hit]!;
          return true;
        },
      });
      return {
        position,
        evidence: [editStep(ctx, task.id, v.lost), hit],
        what: `${whatOf(id)} ${lostWhat(task, v.lost)}`,
        outcome: failedTests(task, v.fails),
      };
    },
  };
}

function whatOf(id: string): string {
  const text: Record<string, string> = {
    "loss-replace": "The last stage's edit replaces lines of an earlier focus stage and drops",
    "loss-delete": "The last stage deletes, unasked,",
    "loss-early-return": "The last stage adds an early return ahead of, and so bypasses,",
    "loss-new-function": "The last stage adds a new function that the caller now uses instead, bypassing",
    "loss-restructure": "The last stage restructures the code into branches and keeps only in the new branch",
  };
  return text[id] ?? "The last stage loses";
}

export function lostWhat(task: TaskDef, ref: readonly [number, number]): string {
  return `the stage-${ref[0]} ${task.stages[ref[0] - 1]!.summary}.`;
}

const VARIANT_FORMS: FormDef[] = [
  variantForm(
    "loss-replace",
    (k) => k.replace,
    "A later stage's edit replaces the earlier stage's lines.",
    "the step that made the earlier stage's edit; the step whose edit replaces it",
  ),
  variantForm(
    "loss-delete",
    (k) => k.delete,
    "A later edit deletes earlier-stage lines that no request asked to remove.",
    "the earlier stage's edit; the deleting edit",
  ),
  variantForm(
    "loss-early-return",
    (k) => k.earlyReturn,
    "A loss needs no removed line: an early return or fast path added ahead of the earlier rule.",
    "the edit that established the rule; the edit that adds the bypassing path (a pure insertion)",
  ),
  variantForm(
    "loss-new-function",
    (k) => k.newFunction,
    "A loss needs no removed line: a new function without the earlier rule, which the caller now uses instead.",
    "the edit that established the rule; the edit that switches the caller to the new function",
  ),
  variantForm(
    "loss-restructure",
    (k) => k.restructure,
    "App. E.2: the later extension is implemented in a new branch while the earlier rule is left out of the other branch.",
    "the edit that established the rule; the restructuring edit",
  ),
];

/** The last stage done right, then a one-line sed or perl substitution that undoes the earlier rule. */
const lineForm: FormDef = {
  id: "loss-sed",
  signature: LOSS,
  planted: true,
  principle: "Every way an agent edits is an edit: an in-place sed or perl -pi substitution.",
  evidence: "the edit that established the rule; the sed/perl step",
  hosts: (t) => t.loss !== undefined,
  play(ctx, variant): Played {
    const task = ctx.focus;
    const line = task.loss!.line;
    const k = lastStage(task);
    let position = -1;
    let hit = -1;
    play(ctx, {
      focus: (c, stage, pos) => {
        if (stage !== k) return false;
        position = pos;
        focusStage(c, k, { done: false });
        const flavor = variant % 2 === 0 ? "sed" : "perl";
        hit = shell(c, line.why, substitute(task.file, line.find, line.replace, flavor), c.focusRoot);
        if (c.rng.chance(0.6)) runTests(c, task, c.focusRoot);
        say(c, W.doneFocus(c.rng, task.stages[k - 1]!.summary, c.focusRoot, task.file));
        return true;
      },
    });
    return {
      position,
      evidence: [editStep(ctx, task.id, line.lost), hit],
      what: `An in-place ${variant % 2 === 0 ? "sed" : "perl"} substitution at the last stage removes ${lostWhat(task, line.lost)}`,
      outcome: failedTests(task, line.fails),
    };
  },
};

export function readFirst(ctx: RunCtx, task: TaskDef): void {
  readStep(ctx, W.returnFocus(ctx.rng, task.title, ctx.focusRoot), `${ctx.focusRoot}/${task.file}`);
}

export const LOSS_EDIT_FORMS: FormDef[] = [...VARIANT_FORMS, lineForm];
