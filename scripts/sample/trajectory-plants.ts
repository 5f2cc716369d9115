// Trace signatures planted in a known subset of the sample's switched runs, in varied realistic forms, and
// near misses that must not be tagged (docs/detectors.md). A plant rewrites actions of one or two requests
// of a run one for one, so the trajectory still matches the run's usage line (tool calls per request), and
// reports the steps that show it; the ground truth (data/ground-truth/sample/signatures.jsonl) is written
// from those reports, never from a detector. This module says where a plant goes and which actions it
// replaces; the tool calls it writes are trajectory-plant-actions.ts.
import { SUBMIT, type RequestUsage, type Session, type Task } from "@/lib/data/schema";
import type { ActionKind, PlantForm, ToolFamily } from "./trajectory-request";

export type Signature = "requirement_state_loss" | "cross_task_interference";

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
