// Planted requirement-state loss done through the shell or by reverting: a script, a whole-file overwrite, a
// temporary file moved over the module, a git checkout/restore or str_replace_editor's undo_edit.
import { editFile, editStep, focusStage, readStep, runTests, say, shell, step, type RunCtx } from "./flow";
import { failedTests, LOSS, type FormDef, type Played } from "./form";
import { lostWhat, readFirst } from "./forms-loss";
import { play } from "./play";
import { copy, gitDiff, gitRevert, heredocWrite, pyReplace } from "./shell";
import { lastStage, type TaskDef } from "./types";
import { applyEdits } from "./vfs";
import * as W from "./words";

type LastStage = (
  ctx: RunCtx,
  variant: number,
) => { hit: number[]; lost: readonly [number, number]; fails: string[]; what: string };

function shellForm(id: string, principle: string, evidence: string, last: LastStage): FormDef {
  return {
    id,
    signature: LOSS,
    planted: true,
    principle,
    evidence,
    hosts: (t) => t.loss !== undefined,
    play(ctx, variant): Played {
      const task = ctx.focus;
      let position = -1;
      let result: ReturnType<LastStage> | null = null;
      play(ctx, {
        focus: (c, stage, pos) => {
          if (stage !== lastStage(task)) return false;
          position = pos;
          result = last(c, variant);
          return true;
        },
      });
      const r = result as ReturnType<LastStage> | null;
      if (!r) throw new Error(`${id}: last stage never ran`);
      return {
        position,
        evidence: [editStep(ctx, task.id, r.lost), ...r.hit],
        what: r.what,
        outcome: failedTests(task, r.fails),
      };
    },
  };
}

function finish(ctx: RunCtx, task: TaskDef): void {
  if (ctx.rng.chance(0.5)) runTests(ctx, task, ctx.focusRoot);
  say(ctx, W.doneFocus(ctx.rng, task.stages[lastStage(task) - 1]!.summary, ctx.focusRoot, task.file));
}

/** The module as the replace variant leaves it. */
function lossyContent(ctx: RunCtx): string {
  return applyEdits(ctx.vfs.read(`${ctx.focusRoot}/${ctx.focus.file}`), ctx.focus.loss!.replace.edits, ctx.focus.id);
}

const script: LastStage = (ctx, variant) => {
  const task = ctx.focus;
  const kit = task.loss!;
  readFirst(ctx, task);
  if (variant % 2 === 0) {
    const hit = shell(
      ctx,
      ctx.rng.pick([
        "I'll apply the change with a small script.",
        "A short Python script makes both replacements at once.",
      ]),
      pyReplace(task.file, kit.replace.edits, "heredoc"),
      ctx.focusRoot,
      kit.replace.why,
    );
    finish(ctx, task);
    return {
      hit: [hit],
      lost: kit.replace.lost,
      fails: kit.replace.fails,
      what: `A Python heredoc script rewrites the module at the last stage and drops ${lostWhat(task, kit.replace.lost)}`,
    };
  }
  focusStage(ctx, lastStage(task), { look: false, done: false });
  const hit = shell(
    ctx,
    kit.line.why,
    pyReplace(task.file, [{ old: kit.line.find, new: kit.line.replace }], "inline"),
    ctx.focusRoot,
  );
  finish(ctx, task);
  return {
    hit: [hit],
    lost: kit.line.lost,
    fails: kit.line.fails,
    what: `A python -c one-liner after the last stage rewrites a line and removes ${lostWhat(task, kit.line.lost)}`,
  };
};

const overwrite: LastStage = (ctx, variant) => {
  const task = ctx.focus;
  const kit = task.loss!;
  readFirst(ctx, task);
  const content = lossyContent(ctx);
  const path = `${ctx.focusRoot}/${task.file}`;
  const message = ctx.rng.pick([
    "Rewriting the module in one go with the new behaviour.",
    "It is simpler to write the whole file again.",
    "I'll write out the complete updated module.",
  ]);
  const useTool = ctx.style === "claude-code" && variant % 2 === 0;
  const hit = useTool
    ? step(ctx, message, [ctx.tools.write(path, content)])
    : shell(ctx, message, heredocWrite(task.file, content, variant % 2 === 0 ? "cat" : "tee"), ctx.focusRoot);
  finish(ctx, task);
  const how = useTool ? "the Write tool" : variant % 2 === 0 ? "cat > file <<EOF" : "tee <<EOF";
  return {
    hit: [hit],
    lost: kit.replace.lost,
    fails: kit.replace.fails,
    what: `At the last stage the whole module is rewritten (${how}) without ${lostWhat(task, kit.replace.lost)}`,
  };
};

const swap: LastStage = (ctx, variant) => {
  const task = ctx.focus;
  const kit = task.loss!;
  readFirst(ctx, task);
  const content = lossyContent(ctx);
  const name = task.file.split("/").pop()!.replace(".py", "");
  const temp = variant % 2 === 0 ? `/tmp/${name}_new.py` : `${ctx.focusRoot}/${task.file}.new`;
  const wrote =
    ctx.style === "codex"
      ? shell(
          ctx,
          "Drafting the new version next to the module first.",
          heredocWrite(temp, content, "cat"),
          ctx.focusRoot,
        )
      : step(ctx, "Drafting the new version in a separate file first.", [ctx.tools.write(temp, content)]);
  const flavor = ctx.style === "openhands" || variant % 2 === 1 ? "mv" : "cp";
  const moved = shell(ctx, "Now replacing the module with the draft.", copy(temp, task.file, flavor), ctx.focusRoot);
  finish(ctx, task);
  return {
    hit: [wrote, moved],
    lost: kit.replace.lost,
    fails: kit.replace.fails,
    what: `A draft written to ${temp} is moved over the module (${flavor}) at the last stage, without ${lostWhat(task, kit.replace.lost)}`,
  };
};

const revert: LastStage = (ctx, variant) => {
  const task = ctx.focus;
  const kit = task.loss!;
  const k = lastStage(task);
  if (ctx.style === "openhands") return undoTwice(ctx);
  const path = `${ctx.focusRoot}/${task.file}`;
  shell(ctx, W.returnFocus(ctx.rng, task.title, ctx.focusRoot), gitDiff(), ctx.focusRoot);
  const why = ctx.rng.pick([
    `This diff has changes in ${task.file} I don't recognise from this request. Resetting the file before implementing ${task.stages[k - 1]!.summary}.`,
    `The module has modifications I did not expect; I'll start from a clean copy of ${task.file}.`,
    `Easier to implement ${task.stages[k - 1]!.summary} on a pristine file; discarding the current edits.`,
  ]);
  const hit = shell(ctx, why, gitRevert(task.file, variant % 2 === 0 ? "checkout" : "restore"), ctx.focusRoot);
  readStep(ctx, "Clean copy:", path);
  editFile(ctx, path, kit.reset.edits, W.editing(ctx.rng, task.stages[k - 1]!.summary));
  finish(ctx, task);
  return {
    hit: [hit],
    lost: [1, 0],
    fails: kit.reset.fails,
    what: `At the last stage the agent discards ${task.file}'s changes (git ${variant % 2 === 0 ? "checkout" : "restore"}), losing the earlier stages' work, then implements only the last stage.`,
  };
};

/** OpenHands: a stage edit, undone, and undone once more, which reverts the previous stage's last edit. */
function undoTwice(ctx: RunCtx): ReturnType<LastStage> {
  const task = ctx.focus;
  const k = lastStage(task);
  const path = `${ctx.focusRoot}/${task.file}`;
  const edits = task.stages[k - 1]!.edits;
  readFirst(ctx, task);
  editFile(ctx, path, [edits[0]!], W.editing(ctx.rng, task.stages[k - 1]!.summary));
  step(ctx, "That is not how I want to structure it; undoing.", [ctx.tools.undo(path)]);
  const hit = step(ctx, "Undoing once more so the file is back where it was before my change.", [ctx.tools.undo(path)]);
  editFile(ctx, path, edits, "Now the change in full.");
  finish(ctx, task);
  const lost: readonly [number, number] = [k - 1, task.stages[k - 2]!.edits.length - 1];
  return {
    hit: [hit],
    lost,
    fails: task.loss!.undoFails,
    what: `A second undo_edit at the last stage reverts ${lostWhat(task, lost)}`,
  };
}

export const LOSS_SHELL_FORMS: FormDef[] = [
  shellForm(
    "loss-script",
    "Every way an agent edits is an edit: a Python heredoc or python -c script that rewrites the file.",
    "the edit that established the rule; the script step",
    script,
  ),
  shellForm(
    "loss-overwrite",
    "A whole-file rewrite (Write tool, cat > or tee heredoc) that leaves the earlier rule out.",
    "the edit that established the rule; the rewrite step",
    overwrite,
  ),
  shellForm(
    "loss-file-swap",
    "A draft file moved or copied over the module (mv/cp) without the earlier rule.",
    "the edit that established the rule; the draft write and the mv/cp step",
    swap,
  ),
  shellForm(
    "loss-revert",
    "Reverting earlier focus work: git checkout/restore of the file, or OpenHands' str_replace_editor undo_edit run once too often.",
    "the edit whose work is reverted; the revert (git) or the second undo_edit step",
    revert,
  ),
];
