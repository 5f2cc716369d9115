// The tool calls a plant writes (trajectory-plants.ts decides where they go): the stage edits a form
// rewrites, and the plant-only action kinds. Each renderer draws from the request's generator in the same
// order as the calls it writes, so a plant changes nothing else in the run's trajectory.
import type { AtifToolCall } from "./trajectory-atif";
import type { CheckoutState } from "./trajectory-code";
import { patchFromEdit } from "./trajectory-edits";
import {
  callId,
  editAction,
  familyShell,
  NO_OUTPUT,
  seconds,
  shellCall,
  type ActionKind,
  type PLANT_ACTIONS,
  type PlantContext,
  type RenderedAction,
  type RequestContext,
} from "./trajectory-request";

type PlantAction = (typeof PLANT_ACTIONS)[number];

function breEscape(text: string): string {
  return text.replace(/[\\/.*[\]^$]/g, (c) => `\\${c}`);
}

function plantOf(ctx: RequestContext): PlantContext {
  if (!ctx.plant) throw new Error("a plant action outside a plant");
  return ctx.plant;
}

/** The checkout of another task a focus-return form reaches. */
function siblingOf(p: PlantContext): CheckoutState {
  return (p.sibling ? p.states.get(p.sibling) : undefined)!;
}

/** A planted stage edit that shows the signature: its step is evidence, and it still adds the new stage. */
function plantedEdit(a: RenderedAction, message: string, stage: number): RenderedAction {
  return { ...a, plantEvidence: true, message, stageEdit: { added: stage } };
}

/** A later whole-file rewrite (Write, apply_patch Delete+Add, write) without the earlier stage's lines. */
function overwriteEdit(ctx: RequestContext, earlier: number, stage: number): RenderedAction {
  const { state } = ctx;
  const { path, content } = state.rewriteDroppingStage(earlier, stage);
  const call: AtifToolCall =
    ctx.family === "claude"
      ? { tool_call_id: callId(ctx), function_name: "Write", arguments: { file_path: path, content } }
      : ctx.family === "codex"
        ? {
            tool_call_id: callId(ctx),
            function_name: "apply_patch",
            arguments: {
              input: [
                "*** Begin Patch",
                `*** Delete File: ${path}`,
                `*** Add File: ${path}`,
                ...content.split("\n").map((l) => `+${l}`),
                "*** End Patch",
              ].join("\n"),
            },
          }
        : { tool_call_id: callId(ctx), function_name: "write", arguments: { file_path: path, content } };
  return plantedEdit(
    {
      kind: "edit",
      call,
      content:
        ctx.family === "codex"
          ? `Success. Updated the following files:\nD ${path}\nA ${path}`
          : `File written: ${path}`,
    },
    `Rewriting ${state.code.srcRel} around the new requirement.`,
    stage,
  );
}

function substituteEdit(ctx: RequestContext, earlier: number, stage: number): RenderedAction {
  const { state } = ctx;
  const { edit } = state.substituteStage(earlier, stage);
  return plantedEdit(
    editAction(ctx, "edit", edit),
    `Replacing the special case in ${state.code.fn}() with the new rule.`,
    stage,
  );
}

function heredocEdit(ctx: RequestContext, earlier: number, stage: number): RenderedAction {
  const { state } = ctx;
  const ws = state.workspace;
  const { content } = state.rewriteDroppingStage(earlier, stage);
  const command = `cat > ${state.code.srcRel} <<'EOF'\n${content}\nEOF`;
  const call =
    ctx.family === "codex"
      ? familyShell(ctx, command, ws, "")
      : shellCall(ctx, `cd ${ws} && ${command}`, "Rewrite the module");
  return plantedEdit({ kind: "edit", call, content: NO_OUTPUT }, `Rewriting ${state.code.srcRel} in one go.`, stage);
}

/** Near miss: the earlier stage's lines move to a helper module (Codex: in the same apply_patch), and stay. */
function refactorEdit(ctx: RequestContext, p: PlantContext, earlier: number, stage: number): RenderedAction | null {
  const { state } = ctx;
  if (ctx.family === "codex") {
    const { helperPath, helperContent, edit } = state.moveStageToHelper(earlier, stage);
    const update = patchFromEdit(edit).split("\n").slice(1, -1);
    const input = [
      "*** Begin Patch",
      `*** Add File: ${helperPath}`,
      ...helperContent.split("\n").map((l) => `+${l}`),
      ...update,
      "*** End Patch",
    ].join("\n");
    return {
      kind: "edit",
      call: { tool_call_id: callId(ctx), function_name: "apply_patch", arguments: { input } },
      content: `Success. Updated the following files:\nA ${helperPath}\nM ${edit.file_path}`,
      stageEdit: { added: stage },
      message: `Moving the stage-${earlier} rule into a helper module and adding the new case.`,
    };
  }
  const h = p.scratch.helper;
  if (!h) return null;
  return {
    ...editAction(ctx, "edit", h.edit),
    stageEdit: { added: stage },
    message: `Calling the helper from ${state.code.fn}() and adding the new case.`,
  };
}

function foreignIdentifierEdit(ctx: RequestContext, p: PlantContext, stage: number): RenderedAction {
  const { state } = ctx;
  const name = p.foreignName!;
  const edit = state.addStageWith(stage, [`        value = self.${name}(value)`]);
  return plantedEdit(
    editAction(ctx, "edit", edit),
    `Updating ${state.code.fn}() for this request, reusing ${name}.`,
    stage,
  );
}

/** The stage edit of a planted request ("edit" in the plan), when the form changes it; null: the usual edit. */
export function plantStageEdit(ctx: RequestContext): RenderedAction | null {
  const p = ctx.plant;
  const { state } = ctx;
  if (!p || p.role === "earlier" || typeof ctx.stage !== "number" || state.hasStage(ctx.stage)) return null;
  const stage = ctx.stage;
  const e = p.earlierStage;
  // The loss forms rewrite the earlier stage's lines: without them in the checkout the usual edit stands.
  const earlierHere = e !== undefined && state.hasStage(e);
  switch (p.form) {
    case "rsl-overwrite":
      return earlierHere ? overwriteEdit(ctx, e, stage) : null;
    case "rsl-substitute":
      return earlierHere ? substituteEdit(ctx, e, stage) : null;
    case "rsl-heredoc":
      return earlierHere ? heredocEdit(ctx, e, stage) : null;
    case "nm-rsl-refactor":
      return earlierHere ? refactorEdit(ctx, p, e, stage) : null;
    case "cti-foreign-identifier":
      return foreignIdentifierEdit(ctx, p, stage);
    default:
      return null;
  }
}

type PlantRenderer = (ctx: RequestContext, p: PlantContext, kind: ActionKind) => RenderedAction;

/** A planted action that shows the signature (its step is ground-truth evidence). */
function evidence(kind: ActionKind, call: AtifToolCall, content: string, message: string): RenderedAction {
  return { kind, call, content, plantEvidence: true, message };
}

/** A planted action that only sets the scene (no evidence of its own). */
function plain(kind: ActionKind, call: AtifToolCall, content: string, message: string): RenderedAction {
  return { kind, call, content, message };
}

const sedDelete: PlantRenderer = (ctx, p, kind) => {
  const { state } = ctx;
  const ws = state.workspace;
  const lines = state.deleteStage(p.earlierStage!);
  const first = lines[0]!.trim();
  const command = `sed -i '/${breEscape(first)}/,+${lines.length - 1}d' ${state.code.srcRel}`;
  const call =
    ctx.family === "codex"
      ? familyShell(ctx, command, ws, "")
      : shellCall(ctx, `cd ${ws} && ${command}`, "Drop the old branch");
  return evidence(kind, call, NO_OUTPUT, "Removing the old special case before adding the new one.");
};

const gitCheckout: PlantRenderer = (ctx, _p, kind) => {
  const { state } = ctx;
  const ws = state.workspace;
  const src = state.code.srcRel;
  state.resetSource();
  const command = ctx.family === "codex" ? `git checkout -- ${src}` : `git -C ${ws} checkout -- ${src}`;
  const call =
    ctx.family === "codex" ? familyShell(ctx, command, ws, "") : shellCall(ctx, command, "Start from a clean file");
  return evidence(kind, call, `Updated 1 path from the index`, `Starting ${src} over from a clean state.`);
};

const backupCopy: PlantRenderer = (ctx, _p, kind) => {
  const { state } = ctx;
  const src = state.code.srcRel;
  const backup = `/tmp/${src.split("/").pop()}.orig`;
  const call =
    ctx.family === "codex"
      ? familyShell(ctx, `cp ${src} ${backup}`, state.workspace, "")
      : shellCall(ctx, `cp ${state.path(src)} ${backup}`, "Back up the file");
  return plain(kind, call, NO_OUTPUT, `Keeping a copy of ${src} before editing.`);
};

const backupRestore: PlantRenderer = (ctx, _p, kind) => {
  const { state } = ctx;
  const src = state.code.srcRel;
  state.resetSource();
  const backup = `/tmp/${src.split("/").pop()}.orig`;
  const call =
    ctx.family === "codex"
      ? familyShell(ctx, `cp ${backup} ${src}`, state.workspace, "")
      : shellCall(ctx, `cp ${backup} ${state.path(src)}`, "Restore the clean copy");
  return evidence(kind, call, NO_OUTPUT, `Restoring the clean copy of ${src} before the new change.`);
};

const helperFile: PlantRenderer = (ctx, p, kind) => {
  const h = ctx.state.moveStageToHelper(p.earlierStage!, ctx.stage as number);
  p.scratch.helper = h;
  const call: AtifToolCall =
    ctx.family === "claude"
      ? {
          tool_call_id: callId(ctx),
          function_name: "Write",
          arguments: { file_path: h.helperPath, content: h.helperContent },
        }
      : {
          tool_call_id: callId(ctx),
          function_name: "write",
          arguments: { file_path: h.helperPath, content: h.helperContent },
        };
  return plain(
    kind,
    call,
    `File created successfully at: ${h.helperPath}`,
    `Moving the stage-${p.earlierStage} rule into its own helper.`,
  );
};

const readdStage: PlantRenderer = (ctx, p, kind) => {
  const { state } = ctx;
  const lines = state.code.stageBlock(p.earlierStage!);
  const edit = state.restoreStage(p.earlierStage!, lines);
  return {
    ...editAction(ctx, kind, edit),
    message: `The stage-${p.earlierStage} handling is still required; putting it back.`,
  };
};

const cdSibling: PlantRenderer = (ctx, p, kind) =>
  plain(kind, shellCall(ctx, `cd ${siblingOf(p).workspace}`, "Change directory"), NO_OUTPUT, "Let me check the tests.");

const siblingTest: PlantRenderer = (ctx, p, kind) => {
  const { rng } = ctx;
  const sibling = siblingOf(p);
  const test = sibling.code.testRel;
  const n = rng.int(4, 30);
  const out = `${".".repeat(n).padEnd(72)} [100%]\n${n} passed in ${seconds(rng)}s`;
  if (ctx.family === "codex")
    return evidence(
      kind,
      familyShell(ctx, `python -m pytest -q ${test}`, sibling.workspace, ""),
      out,
      "Running the tests.",
    );
  if (ctx.family === "claude")
    return evidence(kind, shellCall(ctx, `python -m pytest -q ${test}`, "Run tests"), out, "Running the tests.");
  return evidence(
    kind,
    shellCall(ctx, `cd ../${sibling.workspace.split("/").pop()} && python -m pytest -q ${test}`, "Run tests"),
    out,
    "Running the tests.",
  );
};

const siblingCopy: PlantRenderer = (ctx, p, kind) => {
  const { state } = ctx;
  const sibling = siblingOf(p);
  const rel = `${sibling.code.testRel.split("/").slice(0, -1).join("/") || "tests"}/conftest.py`;
  const from = `${sibling.workspace}/${rel}`;
  const call =
    ctx.family === "codex"
      ? familyShell(ctx, `cp ${from} ${rel}`, state.workspace, "")
      : shellCall(ctx, `cp ${from} ${state.path(rel)}`, "Reuse the test fixtures");
  return evidence(kind, call, NO_OUTPUT, "Reusing the fixtures from the other checkout.");
};

const compareRead: PlantRenderer = (ctx, p, kind) => {
  const { state } = ctx;
  const other = siblingOf(p);
  const path = other.path(other.code.srcRel);
  const lines = other.functionLines();
  const message = `Comparing with ${other.workspace} as asked.`;
  if (ctx.family === "claude") {
    return plain(
      kind,
      {
        tool_call_id: callId(ctx),
        function_name: "Read",
        arguments: { file_path: path, offset: other.code.line, limit: lines.length },
      },
      lines.map((l, i) => `${String(other.code.line + i).padStart(6)}\t${l}`).join("\n"),
      message,
    );
  }
  if (ctx.family === "codex") {
    return plain(
      kind,
      familyShell(
        ctx,
        `sed -n '${other.code.line},${other.code.line + lines.length - 1}p' ${other.code.srcRel}`,
        other.workspace,
        "",
      ),
      lines.join("\n"),
      message,
    );
  }
  const src = state.path(state.code.srcRel);
  return plain(
    kind,
    shellCall(ctx, `diff -u ${path} ${src} | head -40`, "Compare"),
    `--- ${path}\n+++ ${src}`,
    message,
  );
};

const focusPatch: PlantRenderer = (ctx, _p, kind) => {
  const ws = ctx.state.workspace;
  const call =
    ctx.family === "codex"
      ? familyShell(ctx, "git diff > /tmp/final.patch", ws, "")
      : shellCall(ctx, `git -C ${ws} diff > /tmp/final.patch`, "Start the final patch");
  return plain(kind, call, NO_OUTPUT, "Writing the focus diff into the final patch.");
};

/** Each call appends the next other checkout's diff (one with changes when there is one). */
const appendOther: PlantRenderer = (ctx, p, kind) => {
  const ws = ctx.state.workspace;
  const others = [...p.states.values()].filter((s) => s.workspace !== ws && s.changedFiles().length > 0);
  const pool = others.length > 0 ? others : [...p.states.values()].filter((s) => s.workspace !== ws);
  const i = p.scratch.appended ?? 0;
  p.scratch.appended = i + 1;
  const other = pool[i % pool.length]!;
  const command =
    ctx.family === "codex"
      ? "git diff >> /tmp/final.patch"
      : ctx.family === "claude"
        ? `cd ${other.workspace} && git diff >> /tmp/final.patch`
        : `git -C ${other.workspace} diff >> /tmp/final.patch`;
  const call =
    ctx.family === "codex"
      ? familyShell(ctx, command, other.workspace, "")
      : shellCall(ctx, command, "Add the other changes");
  return evidence(kind, call, NO_OUTPUT, `Adding the changes in ${other.workspace} to the final patch as well.`);
};

const PLANT_RENDERERS: Record<PlantAction, PlantRenderer> = {
  plant_sed: sedDelete,
  plant_checkout: gitCheckout,
  plant_backup: backupCopy,
  plant_restore: backupRestore,
  plant_helper_file: helperFile,
  plant_readd: readdStage,
  plant_cd_sibling: cdSibling,
  plant_sibling_test: siblingTest,
  plant_sibling_copy: siblingCopy,
  plant_compare_read: compareRead,
  plant_focus_patch: focusPatch,
  plant_append_other: appendOther,
};

/** Renders a plant-only action kind. */
export function renderPlantAction(ctx: RequestContext, kind: ActionKind): RenderedAction {
  const p = plantOf(ctx);
  const render = (PLANT_RENDERERS as Partial<Record<ActionKind, PlantRenderer>>)[kind];
  if (!render) throw new Error(`unknown plant action ${kind}`);
  return render(ctx, p, kind);
}
