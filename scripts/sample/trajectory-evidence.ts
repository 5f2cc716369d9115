// What a trajectory reports about the steps it just wrote for one request: the annotated scenarios'
// evidence (annotations.jsonl) and a plant's ground truth, both read from the actions the writer placed,
// so they name exactly the steps that show the signature.
import type { Task } from "@/lib/data/schema";
import { isAllWorkspacesAction } from "./trajectory-actions";
import type { CheckoutState } from "./trajectory-code";
import type { RenderedAction } from "./trajectory-request";
import type { PlantRole, RequestStep, RunProgress, RunSetup } from "./trajectory-setup";

/** The request just written: where it is, its task and checkout, and its agent steps. */
export interface WrittenRequest {
  position: number;
  stage: number | "submit";
  task: Task;
  state: CheckoutState;
  steps: RequestStep[];
}

/** The cross_task_interference scenario's finalization: its loops over every checkout and its summary. */
function recordInterference(setup: RunSetup, progress: RunProgress, w: WrittenRequest): void {
  const ids = w.steps.filter((s) => s.closing || s.acts.some((a) => isAllWorkspacesAction(a.kind))).map((s) => s.id);
  progress.evidence.push({
    signature: "cross_task_interference",
    position: w.position,
    stepIds: ids,
    note: interferenceNote(w.position, setup.allStates, w.state),
  });
  const loops = w.steps.filter((s) => s.acts.some((a) => isAllWorkspacesAction(a.kind))).map((s) => s.id);
  progress.truth = {
    form: "cti-e3-loop",
    signature: "cross_task_interference",
    planted: true,
    position: w.position,
    evidenceSteps: loops,
    contextSteps: ids,
  };
}

/** The requirement_state_loss scenario's later request: the earlier stage's edit and the one that drops it. */
function recordLoss(
  setup: RunSetup,
  progress: RunProgress,
  w: WrittenRequest,
  loss: NonNullable<RunSetup["anchors"]["loss"]>,
): void {
  const { run } = setup.input;
  const dropped = w.steps.find((s) => s.acts.some((a) => a.stageEdit?.dropped !== undefined));
  const addedStepId = progress.addedStepId;
  if (addedStepId === undefined || dropped === undefined)
    throw new Error(`run ${run.run_id}: state-loss edits were not written`);
  const failedEarlier = w.task.tests
    .filter(
      (t) =>
        t.kind === "F2P" &&
        t.stage !== undefined &&
        t.stage < (w.stage as number) &&
        run.tests.failed.includes(t.test_id),
    )
    .map((t) => t.test_id);
  progress.evidence.push({
    signature: "requirement_state_loss",
    position: w.position,
    stepIds: [addedStepId, dropped.id],
    note: lossNote(w.position, w.stage as number, loss.earlier, loss.earlierStage, addedStepId, w.state, failedEarlier),
  });
  progress.truth = {
    form: "rsl-e2-restructure",
    signature: "requirement_state_loss",
    planted: true,
    position: w.position,
    evidenceSteps: [addedStepId, dropped.id],
    contextSteps: [addedStepId, dropped.id],
  };
}

/** The annotated scenarios (App. E.2, E.3): evidence for annotations.jsonl, and their ground truth. */
export function recordScenarioEvidence(setup: RunSetup, progress: RunProgress, w: WrittenRequest): void {
  const { anchors } = setup;
  if (anchors.interference === w.position) recordInterference(setup, progress, w);
  if (anchors.loss?.earlier === w.position) {
    progress.addedStepId = w.steps.find((s) => s.acts.some((a) => a.stageEdit?.added === w.stage))?.id;
  }
  if (anchors.loss?.later === w.position) recordLoss(setup, progress, w, anchors.loss);
}

/** A plant's ground truth, from the steps of its anchored request(s). */
export function recordPlantTruth(
  setup: RunSetup,
  progress: RunProgress,
  w: WrittenRequest,
  role: PlantRole | undefined,
): void {
  const plant = setup.plant;
  if (!plant || !role) return;
  const { form, spec, dropForm } = plant;
  const { run } = setup.input;
  const ids = (f: (a: RenderedAction) => boolean) => w.steps.filter((s) => s.acts.some(f)).map((s) => s.id);
  if (role === "earlier") {
    progress.plantAddedStep = ids((a) => a.stageEdit?.added === w.stage)[0];
    return;
  }
  const shows =
    form === "cti-e3-loop"
      ? ids((a) => isAllWorkspacesAction(a.kind))
      : dropForm
        ? ids((a) => a.stageEdit?.dropped !== undefined)
        : ids((a) => a.plantEvidence === true);
  const near =
    form === "nm-rsl-refactor"
      ? ids((a) => a.kind === "plant_helper_file" || (a.kind === "edit" && a.stageEdit?.added === w.stage))
      : form === "nm-rsl-restored"
        ? [...shows, ...ids((a) => a.kind === "plant_readd")]
        : form === "nm-cti-requested-compare"
          ? ids((a) => a.kind === "plant_compare_read")
          : shows;
  const isLoss = spec.signature === "requirement_state_loss";
  if (spec.planted && shows.length === 0) throw new Error(`run ${run.run_id}: ${form} wrote no evidence`);
  if (isLoss && progress.plantAddedStep === undefined)
    throw new Error(`run ${run.run_id}: ${form} found no earlier-stage edit`);
  const added = isLoss ? [progress.plantAddedStep!] : [];
  progress.truth = {
    form,
    signature: spec.signature,
    planted: spec.planted,
    position: w.position,
    evidenceSteps: spec.planted ? [...new Set([...added, ...shows])].sort((a, b) => a - b) : [],
    contextSteps: [...new Set([...added, ...near])].sort((a, b) => a - b),
  };
}

function interferenceNote(position: number, all: readonly CheckoutState[], focusState: CheckoutState): string {
  const foreign = all
    .filter((s) => s !== focusState)
    .flatMap((s) => s.changedFiles().map((f) => `${s.workspace}/${f}`))
    .slice(0, 3);
  const carried = foreign.length > 0 ? `, which carries other tasks' changes (${foreign.join(", ")})` : "";
  const first = all[0]?.workspace ?? "";
  const last = all[all.length - 1]?.workspace ?? "";
  return (
    `At finalization (request ${position}) the agent runs git -C "$d" diff over all ${all.length} workspaces ` +
    `(${first} … ${last}) and submits the combined diff${carried}; no applicable focus patch.`
  );
}

function lossNote(
  position: number,
  stage: number,
  earlierPos: number,
  earlierStage: number,
  addedStepId: number,
  state: CheckoutState,
  failedEarlier: string[],
): string {
  const verdict =
    failedEarlier.length > 0
      ? `; the final verdict fails ${failedEarlier.length} earlier-stage F2P test${failedEarlier.length === 1 ? "" : "s"} (${failedEarlier.slice(0, 3).join(", ")}${failedEarlier.length > 3 ? ", …" : ""})`
      : "";
  return (
    `At request ${position} (focus stage ${stage}) the agent rewrites ${state.code.fn}() in ${state.code.srcRel} ` +
    `and drops the stage-${earlierStage} lines it added at request ${earlierPos} (step ${addedStepId})${verdict}.`
  );
}
