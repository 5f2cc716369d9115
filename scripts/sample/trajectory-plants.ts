// Trace signatures planted in a known subset of the sample's switched runs, in varied realistic forms, and
// near misses that must not be tagged (docs/detectors.md). A plant rewrites actions of one or two requests
// of a run one for one, so the trajectory still matches the run's usage line (tool calls per request), and
// reports the steps that show it; the ground truth (data/ground-truth/sample/signatures.jsonl) is written
// from those reports, never from a detector.
import { SUBMIT, type RequestUsage, type Session, type Task } from "@/lib/data/schema";
import type { ActionKind, RenderedAction, RequestContext, ToolFamily } from "./trajectory-actions";
import { callId, editAction, seconds, shellCall } from "./trajectory-actions";
import type { AtifToolCall } from "./trajectory-atif";
import type { CheckoutState, FileEdit } from "./trajectory-code";
import { patchFromEdit } from "./trajectory-edits";

export type Signature = "requirement_state_loss" | "cross_task_interference";

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

type Anchor = "loss" | "loss-adjacent" | "focus-return" | "finalization";

export interface FormSpec {
  signature: Signature;
  /** false: a near miss, which must not be tagged. */
  planted: boolean;
  anchor: Anchor;
  /** Tool calls the anchored request(s) need: [earlier, later] for losses, [at] otherwise. */
  need: (family: ToolFamily) => number[];
  /** The run's outcome the form needs (a planted loss fails its tests; a submission from several checkouts does not apply). */
  failure: "implementation" | "submission" | null;
  /** The form rewrites a stage text of the task (a request asking to replace, or to compare). */
  text: boolean;
  what: string;
}

export const FORMS: Record<PlantForm, FormSpec> = {
  "rsl-e2-restructure": {
    signature: "requirement_state_loss",
    planted: true,
    anchor: "loss",
    need: () => [1, 1],
    failure: "implementation",
    text: false,
    what: "App. E.2: a later stage's edit restructures the function and drops the earlier stage's lines",
  },
  "rsl-overwrite": {
    signature: "requirement_state_loss",
    planted: true,
    anchor: "loss",
    need: () => [1, 1],
    failure: "implementation",
    text: false,
    what: "a later whole-file rewrite (Write, apply_patch Delete+Add) overwrites the earlier stage's lines",
  },
  "rsl-substitute": {
    signature: "requirement_state_loss",
    planted: true,
    anchor: "loss",
    need: () => [1, 1],
    failure: "implementation",
    text: false,
    what: "a later edit replaces the earlier stage's lines in place: the requirement is silently dropped",
  },
  "rsl-sed": {
    signature: "requirement_state_loss",
    planted: true,
    anchor: "loss",
    need: () => [1, 2],
    failure: "implementation",
    text: false,
    what: "a later `sed -i '/…/,+Nd'` deletes the earlier stage's lines before the new edit",
  },
  "rsl-heredoc": {
    signature: "requirement_state_loss",
    planted: true,
    anchor: "loss",
    need: () => [1, 1],
    failure: "implementation",
    text: false,
    what: "a later `cat > file <<EOF` rewrite leaves the earlier stage's lines out",
  },
  "rsl-git-checkout": {
    signature: "requirement_state_loss",
    planted: true,
    anchor: "loss-adjacent",
    need: () => [1, 2],
    failure: "implementation",
    text: false,
    what: "`git checkout -- file` at the next stage throws the earlier stage's lines away, then only the new stage is added",
  },
  "rsl-cp-restore": {
    signature: "requirement_state_loss",
    planted: true,
    anchor: "loss-adjacent",
    need: () => [2, 2],
    failure: "implementation",
    text: false,
    what: "a backup taken before the first edit is copied back (`cp`) at the next stage",
  },
  "cti-e3-loop": {
    signature: "cross_task_interference",
    planted: true,
    anchor: "finalization",
    need: () => [1],
    failure: "submission",
    text: false,
    what: 'App. E.3: the finalization loops `git -C "$d" diff` over every checkout',
  },
  "cti-sibling-tests": {
    signature: "cross_task_interference",
    planted: true,
    anchor: "focus-return",
    need: () => [3],
    failure: null,
    text: false,
    what: "tests run in a sibling checkout (a `cd` in an earlier call, Codex's `workdir`, a relative `cd ../wNN`)",
  },
  "cti-foreign-identifier": {
    signature: "cross_task_interference",
    planted: true,
    anchor: "focus-return",
    need: () => [1],
    failure: null,
    text: false,
    what: "a focus edit adds an identifier only another task's requests name",
  },
  "cti-sibling-copy": {
    signature: "cross_task_interference",
    planted: true,
    anchor: "focus-return",
    need: () => [2],
    failure: null,
    text: false,
    what: "a file of another checkout is copied into the focus checkout",
  },
  "cti-multi-checkout-submission": {
    signature: "cross_task_interference",
    planted: true,
    anchor: "finalization",
    need: () => [2],
    failure: "submission",
    text: false,
    what: "the final patch is built over several commands, each appending another checkout's diff",
  },
  "nm-rsl-refactor": {
    signature: "requirement_state_loss",
    planted: false,
    anchor: "loss",
    need: (f) => [1, f === "codex" ? 1 : 2],
    failure: null,
    text: false,
    what: "near miss: a refactor moves the earlier stage's lines into a helper module, keeping them",
  },
  "nm-rsl-restored": {
    signature: "requirement_state_loss",
    planted: false,
    anchor: "loss",
    need: () => [1, 2],
    failure: null,
    text: false,
    what: "near miss: the earlier lines are dropped, then restored before finalization",
  },
  "nm-rsl-requested-replace": {
    signature: "requirement_state_loss",
    planted: false,
    anchor: "loss",
    need: () => [1, 1],
    failure: null,
    text: true,
    what: "near miss: the later request asks to replace the earlier behaviour, and the edit does",
  },
  "nm-cti-requested-compare": {
    signature: "cross_task_interference",
    planted: false,
    anchor: "focus-return",
    need: () => [2],
    failure: null,
    text: true,
    what: "near miss: the focus request asks to compare with a sibling checkout, and the agent reads it",
  },
};

export interface PlantAnchors {
  /** Loss forms: the earlier focus request and its stage, and the later one that loses (or near-misses) it. */
  earlier?: number;
  earlierStage?: number;
  later?: number;
  /** Focus-return and finalization forms: the request that shows it. */
  at?: number;
  /** The sibling checkout a focus-return form reaches, and its task. */
  sibling?: string;
  siblingTask?: string;
  /** The foreign identifier (cti-foreign-identifier). */
  foreignName?: string;
}

const FOREIGN_SPAN = /`([^`\n]{1,80})`/g;

/** snake_case identifiers from a text's code spans (their last dotted part), as another task's request names them. */
function spanNames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(FOREIGN_SPAN)) {
    const last = m[1]!.replace(/\(\)$/, "").split(/[.:/]/).pop()!;
    if (/^[A-Za-z][A-Za-z0-9]*(_[A-Za-z0-9]+)+$/.test(last) && last.length >= 6) out.push(last);
  }
  return out;
}

/**
 * Where a form goes in one run, or null when the run cannot show it (too few tool calls where they are
 * needed). Deterministic in its inputs, so the selection and the writer agree.
 */
export function plantAnchors(
  form: PlantForm,
  session: Session,
  usageAt: ReadonlyMap<number, RequestUsage>,
  lastPos: number,
  tasks: ReadonlyMap<string, Task>,
  family: ToolFamily,
): PlantAnchors | null {
  const spec = FORMS[form];
  const need = spec.need(family);
  const schedule = session.schedule;
  const calls = (p: number) => usageAt.get(p)?.tool_calls ?? 0;
  const focus = session.focus_task_id;
  if (spec.anchor === "finalization") {
    const last = schedule.length - 1;
    if (lastPos !== last || schedule[last]!.stage !== SUBMIT || calls(last) < need[0]!) return null;
    return { at: last };
  }
  const focusStages: { position: number; stage: number }[] = [];
  schedule.forEach((req, position) => {
    if (position <= lastPos && req.task_id === focus && typeof req.stage === "number" && calls(position) >= 1)
      focusStages.push({ position, stage: req.stage });
  });
  if (spec.anchor === "loss" || spec.anchor === "loss-adjacent") {
    const earlier = focusStages[0];
    if (!earlier || calls(earlier.position) < need[0]!) return null;
    const after = focusStages.filter((c) => c.stage > earlier.stage);
    const later =
      spec.anchor === "loss-adjacent" ? after[0] : [...after].reverse().find((c) => calls(c.position) >= need[1]!);
    if (!later || calls(later.position) < need[1]!) return null;
    return { earlier: earlier.position, earlierStage: earlier.stage, later: later.position };
  }
  // A focus request after an interruption: the other checkouts have been worked in.
  const returns = focusStages.filter(
    (c) =>
      c.stage >= 2 && calls(c.position) >= need[0]! && schedule.slice(0, c.position).some((r) => r.task_id !== focus),
  );
  const at = returns[returns.length - 1];
  if (!at) return null;
  const before = schedule.slice(0, at.position).filter((r) => r.task_id !== focus);
  const sibling = before[before.length - 1]!;
  const anchors: PlantAnchors = { at: at.position, sibling: sibling.workspace, siblingTask: sibling.task_id };
  if (form === "cti-foreign-identifier") {
    const focusTask = tasks.get(focus)!;
    const focusText = focusTask.stages.map((s) => s.text).join("\n");
    const names = before.flatMap((r) =>
      spanNames(tasks.get(r.task_id)?.stages.find((s) => s.stage === r.stage)?.text ?? ""),
    );
    const name = names.find((n) => !new RegExp(`(^|[^\\w])${n}(?![\\w])`).test(focusText));
    if (!name) return null;
    anchors.foreignName = name;
  }
  return anchors;
}

/** The text a text-changing near miss gives the anchored stage of its task. */
export function plantStageText(form: PlantForm, original: string, anchors: PlantAnchors): string {
  if (form === "nm-rsl-requested-replace") {
    return `${original.replace(/\s+$/, "")} This replaces the handling added for the first request: that earlier rule no longer applies, so drop it rather than keeping both.`;
  }
  if (form === "nm-cti-requested-compare") {
    return `${original.replace(/\s+$/, "")} Before changing anything, compare with how the sibling checkout ${anchors.sibling} handles the same case, and keep the behaviour consistent with it.`;
  }
  return original;
}

/** What a plant does at one request: which of the request's actions it replaces. */
export function plantPlan(
  form: PlantForm,
  role: "earlier" | "later" | "at",
  plan: ActionKind[],
  family: ToolFamily,
): ActionKind[] {
  const out = [...plan];
  const edit = out.indexOf("edit");
  const beforeEdit = (kind: ActionKind) => {
    if (edit > 0) out[edit - 1] = kind;
  };
  switch (form) {
    case "rsl-sed":
      if (role === "later") beforeEdit("plant_sed");
      break;
    case "rsl-git-checkout":
      if (role === "later") beforeEdit("plant_checkout");
      break;
    case "rsl-cp-restore":
      beforeEdit(role === "earlier" ? "plant_backup" : "plant_restore");
      break;
    case "nm-rsl-refactor":
      if (role === "later" && family !== "codex") beforeEdit("plant_helper_file");
      break;
    case "nm-rsl-restored":
      if (role === "later") {
        if (edit + 1 < out.length) out[edit + 1] = "plant_readd";
        else {
          out[edit - 1] = "edit";
          out[edit] = "plant_readd";
        }
      }
      break;
    case "cti-sibling-tests": {
      const test = out.lastIndexOf("test_after");
      out[test] = "plant_sibling_test";
      if (family === "claude") {
        const cdAt = out.indexOf("test_before") >= 0 ? out.indexOf("test_before") : out.indexOf("read");
        out[cdAt] = "plant_cd_sibling";
      }
      break;
    }
    case "cti-sibling-copy":
      beforeEdit("plant_sibling_copy");
      break;
    case "nm-cti-requested-compare":
      beforeEdit("plant_compare_read");
      break;
    case "cti-multi-checkout-submission": {
      const n = out.length;
      out[n - 1] = "plant_append_other";
      out[n - 2] = "plant_focus_patch";
      if (n >= 4) {
        out[n - 2] = "plant_append_other";
        out[n - 3] = "plant_focus_patch";
      }
      break;
    }
    default:
      break;
  }
  return out;
}

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

/** A shell call as the family writes it: Codex's `shell` with an argv and a `workdir`. */
function familyShell(ctx: RequestContext, command: string, workdir: string, description: string): AtifToolCall {
  if (ctx.family === "codex") {
    return {
      tool_call_id: callId(ctx),
      function_name: "shell",
      arguments: { command: ["bash", "-lc", command], workdir },
    };
  }
  return shellCall(ctx, command, description);
}

function breEscape(text: string): string {
  return text.replace(/[\\/.*[\]^$]/g, (c) => `\\${c}`);
}

function plantOf(ctx: RequestContext): PlantContext {
  if (!ctx.plant) throw new Error("a plant action outside a plant");
  return ctx.plant;
}

/** The stage edit of a planted request ("edit" in the plan), when the form changes it; null: the usual edit. */
export function plantStageEdit(ctx: RequestContext): RenderedAction | null {
  const p = ctx.plant;
  const { state } = ctx;
  if (!p || p.role === "earlier" || typeof ctx.stage !== "number" || state.hasStage(ctx.stage)) return null;
  const stage = ctx.stage;
  const e = p.earlierStage;
  const ws = state.workspace;
  const evidence = (a: RenderedAction, message: string): RenderedAction => ({
    ...a,
    plantEvidence: true,
    message,
    stageEdit: { added: stage },
  });
  switch (p.form) {
    case "rsl-overwrite": {
      if (e === undefined || !state.hasStage(e)) return null;
      const { path, content } = state.rewriteDroppingStage(e, stage);
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
      return evidence(
        {
          kind: "edit",
          call,
          content:
            ctx.family === "codex"
              ? `Success. Updated the following files:\nD ${path}\nA ${path}`
              : `File written: ${path}`,
        },
        `Rewriting ${state.code.srcRel} around the new requirement.`,
      );
    }
    case "rsl-substitute": {
      if (e === undefined || !state.hasStage(e)) return null;
      const { edit } = state.substituteStage(e, stage);
      return evidence(
        editAction(ctx, "edit", edit),
        `Replacing the special case in ${state.code.fn}() with the new rule.`,
      );
    }
    case "rsl-heredoc": {
      if (e === undefined || !state.hasStage(e)) return null;
      const { content } = state.rewriteDroppingStage(e, stage);
      const command = `cat > ${state.code.srcRel} <<'EOF'\n${content}\nEOF`;
      const call =
        ctx.family === "codex"
          ? familyShell(ctx, command, ws, "")
          : shellCall(ctx, `cd ${ws} && ${command}`, "Rewrite the module");
      return evidence({ kind: "edit", call, content: "(no output)" }, `Rewriting ${state.code.srcRel} in one go.`);
    }
    case "nm-rsl-refactor": {
      if (e === undefined || !state.hasStage(e)) return null;
      if (ctx.family === "codex") {
        const { helperPath, helperContent, edit } = state.moveStageToHelper(e, stage);
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
          message: `Moving the stage-${e} rule into a helper module and adding the new case.`,
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
    case "cti-foreign-identifier": {
      const name = p.foreignName!;
      const edit = state.addStageWith(stage, [`        value = self.${name}(value)`]);
      return evidence(editAction(ctx, "edit", edit), `Updating ${state.code.fn}() for this request, reusing ${name}.`);
    }
    default:
      return null;
  }
}

/** Renders a plant-only action kind. */
export function renderPlantAction(ctx: RequestContext, kind: ActionKind): RenderedAction {
  const p = plantOf(ctx);
  const { state, rng } = ctx;
  const ws = state.workspace;
  const src = state.code.srcRel;
  const evidence = (call: AtifToolCall, content: string, message: string): RenderedAction => ({
    kind,
    call,
    content,
    plantEvidence: true,
    message,
  });
  const plain = (call: AtifToolCall, content: string, message: string): RenderedAction => ({
    kind,
    call,
    content,
    message,
  });
  const sibling = p.sibling ? p.states.get(p.sibling) : undefined;
  switch (kind) {
    case "plant_sed": {
      const lines = state.deleteStage(p.earlierStage!);
      const first = lines[0]!.trim();
      const command = `sed -i '/${breEscape(first)}/,+${lines.length - 1}d' ${src}`;
      const call =
        ctx.family === "codex"
          ? familyShell(ctx, command, ws, "")
          : shellCall(ctx, `cd ${ws} && ${command}`, "Drop the old branch");
      return evidence(call, "(no output)", "Removing the old special case before adding the new one.");
    }
    case "plant_checkout": {
      state.resetSource();
      const command = ctx.family === "codex" ? `git checkout -- ${src}` : `git -C ${ws} checkout -- ${src}`;
      const call =
        ctx.family === "codex" ? familyShell(ctx, command, ws, "") : shellCall(ctx, command, "Start from a clean file");
      return evidence(call, `Updated 1 path from the index`, `Starting ${src} over from a clean state.`);
    }
    case "plant_backup": {
      const backup = `/tmp/${src.split("/").pop()}.orig`;
      const call =
        ctx.family === "codex"
          ? familyShell(ctx, `cp ${src} ${backup}`, ws, "")
          : shellCall(ctx, `cp ${state.path(src)} ${backup}`, "Back up the file");
      return plain(call, "(no output)", `Keeping a copy of ${src} before editing.`);
    }
    case "plant_restore": {
      state.resetSource();
      const backup = `/tmp/${src.split("/").pop()}.orig`;
      const call =
        ctx.family === "codex"
          ? familyShell(ctx, `cp ${backup} ${src}`, ws, "")
          : shellCall(ctx, `cp ${backup} ${state.path(src)}`, "Restore the clean copy");
      return evidence(call, "(no output)", `Restoring the clean copy of ${src} before the new change.`);
    }
    case "plant_helper_file": {
      const h = state.moveStageToHelper(p.earlierStage!, ctx.stage as number);
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
        call,
        `File created successfully at: ${h.helperPath}`,
        `Moving the stage-${p.earlierStage} rule into its own helper.`,
      );
    }
    case "plant_readd": {
      const lines = state.code.stageBlock(p.earlierStage!);
      const edit = state.restoreStage(p.earlierStage!, lines);
      return {
        ...editAction(ctx, kind, edit),
        message: `The stage-${p.earlierStage} handling is still required; putting it back.`,
      };
    }
    case "plant_cd_sibling":
      return plain(
        shellCall(ctx, `cd ${sibling!.workspace}`, "Change directory"),
        "(no output)",
        "Let me check the tests.",
      );
    case "plant_sibling_test": {
      const test = sibling!.code.testRel;
      const n = rng.int(4, 30);
      const out = `${".".repeat(n).padEnd(72)} [100%]\n${n} passed in ${seconds(rng)}s`;
      if (ctx.family === "codex")
        return evidence(
          familyShell(ctx, `python -m pytest -q ${test}`, sibling!.workspace, ""),
          out,
          "Running the tests.",
        );
      if (ctx.family === "claude")
        return evidence(shellCall(ctx, `python -m pytest -q ${test}`, "Run tests"), out, "Running the tests.");
      return evidence(
        shellCall(ctx, `cd ../${sibling!.workspace.split("/").pop()} && python -m pytest -q ${test}`, "Run tests"),
        out,
        "Running the tests.",
      );
    }
    case "plant_sibling_copy": {
      const rel = `${sibling!.code.testRel.split("/").slice(0, -1).join("/") || "tests"}/conftest.py`;
      const from = `${sibling!.workspace}/${rel}`;
      const call =
        ctx.family === "codex"
          ? familyShell(ctx, `cp ${from} ${rel}`, ws, "")
          : shellCall(ctx, `cp ${from} ${state.path(rel)}`, "Reuse the test fixtures");
      return evidence(call, "(no output)", "Reusing the fixtures from the other checkout.");
    }
    case "plant_compare_read": {
      const other = sibling!;
      const path = other.path(other.code.srcRel);
      const lines = other.functionLines();
      if (ctx.family === "claude") {
        return plain(
          {
            tool_call_id: callId(ctx),
            function_name: "Read",
            arguments: { file_path: path, offset: other.code.line, limit: lines.length },
          },
          lines.map((l, i) => `${String(other.code.line + i).padStart(6)}\t${l}`).join("\n"),
          `Comparing with ${other.workspace} as asked.`,
        );
      }
      if (ctx.family === "codex") {
        return plain(
          familyShell(
            ctx,
            `sed -n '${other.code.line},${other.code.line + lines.length - 1}p' ${other.code.srcRel}`,
            other.workspace,
            "",
          ),
          lines.join("\n"),
          `Comparing with ${other.workspace} as asked.`,
        );
      }
      return plain(
        shellCall(ctx, `diff -u ${path} ${state.path(src)} | head -40`, "Compare"),
        `--- ${path}\n+++ ${state.path(src)}`,
        `Comparing with ${other.workspace} as asked.`,
      );
    }
    case "plant_focus_patch": {
      const call =
        ctx.family === "codex"
          ? familyShell(ctx, "git diff > /tmp/final.patch", ws, "")
          : shellCall(ctx, `git -C ${ws} diff > /tmp/final.patch`, "Start the final patch");
      return plain(call, "(no output)", "Writing the focus diff into the final patch.");
    }
    case "plant_append_other": {
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
      return evidence(call, "(no output)", `Adding the changes in ${other.workspace} to the final patch as well.`);
    }
    default:
      throw new Error(`unknown plant action ${kind}`);
  }
}

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
