// Writes one run's ATIF trajectory for the synthetic sample release (issue 2, part 3). The k-th user step
// is the k-th scheduled request, prefixed with its active checkout; the agent steps under it match the
// run's usage line for that request exactly (model calls, tool calls, tokens, cached tokens, cost), so
// a trajectory can be checked against runs.jsonl. Two scenarios plant the paper's trace signatures
// (App. E.2, E.3) and return the step ids that show them, for annotations.jsonl.
import { SUBMIT, type Config, type RequestUsage, type Run, type Session, type Task } from "@/lib/data/schema";
import {
  isAllWorkspacesAction,
  planStageRequest,
  planSubmitRequest,
  renderAction,
  toolFamily,
  type RenderedAction,
  type RequestContext,
} from "./trajectory-actions";
import { ATIF_SCHEMA_VERSION, type AtifAgentStep, type AtifStep, type AtifTrajectory } from "./trajectory-atif";
import { CheckoutState, TaskCode } from "./trajectory-code";
import { splitRequestUsage, toolCallsPerStep } from "./trajectory-metrics";
import { Rng } from "./trajectory-random";
import { clip, reasoning, stageSummary, stepMessage, submitSummary, thinkingMessage } from "./trajectory-text";
import {
  FORMS,
  plantAnchors,
  plantPlan,
  type PlantAnchors,
  type PlantContext,
  type PlantForm,
} from "./trajectory-plants";

export type { AtifTrajectory, AtifStep, AtifAgentStep } from "./trajectory-atif";
export { commandOf, editsOf } from "./trajectory-edits";

export type Scenario = "normal" | "cross_task_interference" | "requirement_state_loss";

export interface TrajectoryInput {
  run: Run;
  session: Session;
  config: Config;
  tasks: Map<string, Task>;
  submitText: string;
  scenario: Scenario;
  seed: number;
  /** A planted trace signature or near miss (trajectory-plants.ts); the six annotated runs use `scenario`. */
  plant?: PlantForm;
}

/** What a plant shows, for the ground truth: the steps that show the signature (none for a near miss). */
export interface PlantTruth {
  form: PlantForm;
  signature: "cross_task_interference" | "requirement_state_loss";
  planted: boolean;
  position: number;
  evidenceSteps: number[];
  /** The steps a near miss (or the planted form's context, e.g. the earlier stage's edit) points at. */
  contextSteps: number[];
}

export interface Evidence {
  signature: "cross_task_interference" | "requirement_state_loss";
  position: number;
  stepIds: number[];
  note: string;
}

const BASE_MS = Date.UTC(2026, 4, 1, 9, 0, 0);

const TRUNCATED_PATCH =
  " The diff printed above was cut at the tool's 16 KB output limit and is submitted as printed: its last hunk ends early, so the patch does not apply.";

/**
 * Throws when the inputs contradict each other (unknown task or stage, usage outside the schedule, tokens
 * without model calls) or when the scenario cannot be shown: cross-task interference needs a finalization
 * that ran with at least one tool call; requirement-state loss needs two focus stages that ran with tool
 * calls. A planted signature without its evidence would make a false annotation.
 */
export function makeTrajectory(input: TrajectoryInput): {
  trajectory: AtifTrajectory;
  evidence: Evidence[];
  truth: PlantTruth | null;
} {
  const { run, session, config, tasks, submitText, scenario, seed } = input;
  if (run.session_id !== session.session_id)
    throw new Error(`run ${run.run_id} is not a run of session ${session.session_id}`);
  if (run.config_id !== config.config_id)
    throw new Error(`run ${run.run_id} is not a run of config ${config.config_id}`);
  const rng = new Rng(seed);
  const family = toolFamily(config.harness);
  const schedule = session.schedule;
  const focus = session.focus_task_id;

  const usageAt = new Map<number, RequestUsage>();
  for (const u of run.usage) {
    if (u.position >= schedule.length)
      throw new Error(`run ${run.run_id}: usage at position ${u.position} is outside the schedule`);
    if (usageAt.has(u.position)) throw new Error(`run ${run.run_id}: two usage lines at position ${u.position}`);
    usageAt.set(u.position, u);
  }
  const lastPos = run.usage.reduce((m, u) => Math.max(m, u.position), -1);
  const endedEarly = lastPos < schedule.length - 1;

  const taskOf = (id: string): Task => {
    const task = tasks.get(id);
    if (!task) throw new Error(`session ${session.session_id}: unknown task ${id}`);
    return task;
  };
  const codes = new Map<string, TaskCode>();
  const codeOf = (id: string) => codes.get(id) ?? codes.set(id, new TaskCode(taskOf(id))).get(id)!;
  const states = new Map<string, CheckoutState>();
  for (const [ws, id] of Object.entries(session.workspaces)) states.set(ws, new CheckoutState(ws, codeOf(id)));
  for (const req of schedule)
    if (!states.has(req.workspace)) states.set(req.workspace, new CheckoutState(req.workspace, codeOf(req.task_id)));
  const allStates = [...states.values()].sort((a, b) => (a.workspace < b.workspace ? -1 : 1));

  const anchors = scenarioAnchors(input, usageAt, lastPos);
  const plant = input.plant;
  const spec = plant ? FORMS[plant] : undefined;
  let planted: PlantAnchors | undefined;
  if (plant) {
    const found = plantAnchors(plant, session, usageAt, lastPos, tasks, family);
    if (!found) throw new Error(`run ${run.run_id}: cannot plant ${plant}`);
    planted = found;
  }
  const plantedLoss =
    planted?.later !== undefined
      ? { earlier: planted.earlier!, earlierStage: planted.earlierStage!, later: planted.later }
      : undefined;
  const dropForm =
    plant === "rsl-e2-restructure" || plant === "nm-rsl-restored" || plant === "nm-rsl-requested-replace";
  const plantRole = (p: number): "earlier" | "later" | "at" | undefined =>
    planted === undefined
      ? undefined
      : planted.at === p
        ? "at"
        : planted.later === p
          ? "later"
          : planted.earlier === p
            ? "earlier"
            : undefined;
  // A finalized run whose patch did not apply, without a planted cause: its submitted diff was cut short.
  const truncatedPatch = scenario === "normal" && spec?.failure !== "submission" && run.finalized && !run.applied;
  const verdictFailures = new Set([...run.tests.failed, ...run.tests.missing, ...(run.tests.skipped ?? [])]);
  const lossLater = anchors.loss?.later ?? plantedLoss?.later;
  const hiddenAt = (position: number, taskId: string): ReadonlySet<string> => {
    if (taskId !== focus) return new Set();
    if (lossLater !== undefined && position < lossLater) return new Set();
    return verdictFailures;
  };
  let truth: PlantTruth | null = null;
  let plantAddedStep: number | undefined;

  const steps: AtifStep[] = [];
  const evidence: Evidence[] = [];
  let cursor = BASE_MS;
  let latestFocusStage = 1;
  let addedStepId: number | undefined;

  for (let p = 0; p <= lastPos; p++) {
    const req = schedule[p]!;
    const task = taskOf(req.task_id);
    const state = states.get(req.workspace)!;
    const isSubmit = req.stage === SUBMIT;
    const text = isSubmit ? submitText : task.stages.find((s) => s.stage === req.stage)?.text;
    if (text === undefined)
      throw new Error(`session ${session.session_id}: task ${task.task_id} has no stage ${req.stage}`);
    steps.push({
      step_id: steps.length + 1,
      timestamp: iso(cursor),
      source: "user",
      message: `[workspace ${req.workspace}] ${text}`,
      extra: { request_position: p, task_id: req.task_id, stage: req.stage, workspace: req.workspace },
    });

    const usage = usageAt.get(p);
    if (!usage) {
      cursor += 1000;
      continue;
    }
    const metrics = splitRequestUsage(usage, rng);
    const closingSummary = !(endedEarly && p === lastPos);
    const perStep = toolCallsPerStep(usage.model_calls, usage.tool_calls, closingSummary);
    const role = plantRole(p);
    const interferenceHere = anchors.interference === p || (plant === "cti-e3-loop" && role === "at");
    let plan = isSubmit ? planSubmitRequest(usage.tool_calls, interferenceHere) : planStageRequest(usage.tool_calls);
    if (plant && role) plan = plantPlan(plant, role, plan, family);
    const plantCtx: PlantContext | undefined =
      plant && role
        ? {
            form: plant,
            role,
            states,
            scratch: {},
            ...(planted?.earlierStage !== undefined ? { earlierStage: planted.earlierStage } : {}),
            ...(planted?.sibling ? { sibling: planted.sibling } : {}),
            ...(planted?.foreignName ? { foreignName: planted.foreignName } : {}),
          }
        : undefined;
    const ctx: RequestContext = {
      family,
      rng,
      state,
      task,
      stage: req.stage,
      allStates,
      hiddenTests: hiddenAt(p, task.task_id),
      testStage: latestFocusStage,
      dropStage:
        anchors.loss?.later === p
          ? anchors.loss.earlierStage
          : dropForm && role === "later"
            ? planted!.earlierStage
            : undefined,
      summary: clip(text, 72),
      ...(plantCtx ? { plant: plantCtx } : {}),
    };
    const rendered = plan.map((kind) => renderAction(ctx, kind));
    const summary = isSubmit
      ? plant === "cti-multi-checkout-submission" && role === "at"
        ? `Combined the diff of ${state.workspace} with the other checkouts' changes in /tmp/final.patch and submitted it.`
        : submitSummary(focus, state, interferenceHere, allStates.length) + (truncatedPatch ? TRUNCATED_PATCH : "")
      : stageSummary(task.task_id, req.stage as number, state, plan.includes("edit"), plan.includes("test_after"));

    const wallMs = Math.round(usage.wall_s * 1000);
    const requestStepIds: { id: number; acts: RenderedAction[]; closing: boolean }[] = [];
    let next = 0;
    let forcedThought = false;
    for (let i = 0; i < usage.model_calls; i++) {
      const acts = rendered.slice(next, next + perStep[i]!);
      next += acts.length;
      const closing = closingSummary && i === usage.model_calls - 1;
      const first =
        acts.find((a) => a.stageEdit !== undefined) ?? acts.find((a) => isAllWorkspacesAction(a.kind)) ?? acts[0];
      let message = first ? stepMessage(rng, first, state) : closing ? summary : thinkingMessage(state, p + i);
      if (first && closing) message = [message, summary].filter((m) => m !== "").join(" ");
      const m = metrics[i]!;
      // The step that plants a signature states its (mistaken) intent whenever the model reasons at all.
      const evidenceStep =
        first !== undefined &&
        !forcedThought &&
        (first.stageEdit?.dropped !== undefined || isAllWorkspacesAction(first.kind));
      if (evidenceStep) forcedThought = true;
      const thought =
        first && reasons(config) && (evidenceStep || rng.chance(0.3)) ? reasoning(rng, first, state, text) : undefined;
      const step: AtifAgentStep = {
        step_id: steps.length + 1,
        timestamp: iso(cursor + Math.max(Math.round((wallMs * (i + 1)) / usage.model_calls), i + 1)),
        source: "agent",
        model_name: config.model,
        message,
        ...(thought !== undefined ? { reasoning_content: thought } : {}),
        ...(acts.length > 0
          ? {
              tool_calls: acts.map((a) => a.call),
              observation: { results: acts.map((a) => ({ source_call_id: a.call.tool_call_id, content: a.content })) },
            }
          : {}),
        metrics: {
          prompt_tokens: m.prompt_tokens,
          completion_tokens: m.completion_tokens,
          cached_tokens: m.cached_tokens,
          ...(m.cost_micros !== undefined ? { cost_usd: m.cost_micros / 1e6 } : {}),
        },
      };
      steps.push(step);
      requestStepIds.push({ id: step.step_id, acts, closing });
    }
    cursor += Math.max(wallMs, usage.model_calls) + rng.int(4000, 60000);

    if (interferenceHere) {
      const ids = requestStepIds
        .filter((s) => s.closing || s.acts.some((a) => isAllWorkspacesAction(a.kind)))
        .map((s) => s.id);
      if (anchors.interference === p) {
        evidence.push({
          signature: "cross_task_interference",
          position: p,
          stepIds: ids,
          note: interferenceNote(p, allStates, state),
        });
        const loops = requestStepIds.filter((s) => s.acts.some((a) => isAllWorkspacesAction(a.kind))).map((s) => s.id);
        truth = {
          form: "cti-e3-loop",
          signature: "cross_task_interference",
          planted: true,
          position: p,
          evidenceSteps: loops,
          contextSteps: ids,
        };
      }
    }
    if (anchors.loss?.earlier === p) {
      addedStepId = requestStepIds.find((s) => s.acts.some((a) => a.stageEdit?.added === req.stage))?.id;
    }
    if (anchors.loss?.later === p) {
      const loss = requestStepIds.find((s) => s.acts.some((a) => a.stageEdit?.dropped !== undefined));
      if (addedStepId === undefined || loss === undefined)
        throw new Error(`run ${run.run_id}: state-loss edits were not written`);
      const earlierPos = anchors.loss.earlier;
      const failedEarlier = task.tests
        .filter(
          (t) =>
            t.kind === "F2P" &&
            t.stage !== undefined &&
            t.stage < (req.stage as number) &&
            run.tests.failed.includes(t.test_id),
        )
        .map((t) => t.test_id);
      evidence.push({
        signature: "requirement_state_loss",
        position: p,
        stepIds: [addedStepId, loss.id],
        note: lossNote(
          p,
          req.stage as number,
          earlierPos,
          anchors.loss.earlierStage,
          addedStepId,
          state,
          failedEarlier,
        ),
      });
      truth = {
        form: "rsl-e2-restructure",
        signature: "requirement_state_loss",
        planted: true,
        position: p,
        evidenceSteps: [addedStepId, loss.id],
        contextSteps: [addedStepId, loss.id],
      };
    }
    if (plant && spec && role) {
      const ids = (f: (a: RenderedAction) => boolean) => requestStepIds.filter((s) => s.acts.some(f)).map((s) => s.id);
      if (role === "earlier") {
        plantAddedStep = ids((a) => a.stageEdit?.added === req.stage)[0];
      } else {
        const shows =
          plant === "cti-e3-loop"
            ? ids((a) => isAllWorkspacesAction(a.kind))
            : dropForm
              ? ids((a) => a.stageEdit?.dropped !== undefined)
              : ids((a) => a.plantEvidence === true);
        const near =
          plant === "nm-rsl-refactor"
            ? ids((a) => a.kind === "plant_helper_file" || (a.kind === "edit" && a.stageEdit?.added === req.stage))
            : plant === "nm-rsl-restored"
              ? [...shows, ...ids((a) => a.kind === "plant_readd")]
              : plant === "nm-cti-requested-compare"
                ? ids((a) => a.kind === "plant_compare_read")
                : shows;
        const isLoss = spec.signature === "requirement_state_loss";
        if (spec.planted && shows.length === 0) throw new Error(`run ${run.run_id}: ${plant} wrote no evidence`);
        if (isLoss && plantAddedStep === undefined)
          throw new Error(`run ${run.run_id}: ${plant} found no earlier-stage edit`);
        truth = {
          form: plant,
          signature: spec.signature,
          planted: spec.planted,
          position: p,
          evidenceSteps: spec.planted
            ? [...new Set([...(isLoss ? [plantAddedStep!] : []), ...shows])].sort((a, b) => a - b)
            : [],
          contextSteps: [...new Set([...(isLoss ? [plantAddedStep!] : []), ...near])].sort((a, b) => a - b),
        };
      }
    }
    if (req.task_id === focus && typeof req.stage === "number") latestFocusStage = req.stage;
  }
  if (plant && truth === null) throw new Error(`run ${run.run_id}: ${plant} was not written`);

  const agentSteps = steps.filter((s): s is AtifAgentStep => s.source === "agent");
  const sum = (f: (s: AtifAgentStep) => number) => agentSteps.reduce((a, s) => a + f(s), 0);
  const costed = run.usage.every((u) => u.cost_usd !== undefined);
  const trajectory: AtifTrajectory = {
    schema_version: ATIF_SCHEMA_VERSION,
    session_id: run.run_id,
    agent: { name: slug(config.harness), version: config.harness_version ?? "unknown", model_name: config.model },
    steps,
    notes: endedEarly
      ? `Synthetic trajectory (sample release). The run ended after request ${lastPos + 1} of ${schedule.length}; later requests were never sent.`
      : "Synthetic trajectory (sample release); commands and outputs are invented.",
    final_metrics: {
      total_prompt_tokens: sum((s) => s.metrics.prompt_tokens),
      total_completion_tokens: sum((s) => s.metrics.completion_tokens),
      total_cached_tokens: sum((s) => s.metrics.cached_tokens),
      ...(costed ? { total_cost_usd: Math.round(sum((s) => Math.round((s.metrics.cost_usd ?? 0) * 1e6))) / 1e6 } : {}),
      total_steps: steps.length,
    },
    extra: {
      synthetic: true,
      session_spec_id: session.session_id,
      condition: session.condition,
      focus_task_id: focus,
      seed,
    },
  };
  return { trajectory, evidence, truth };
}

interface Anchors {
  /** Position of the finalization that shows cross-task interference. */
  interference?: number;
  /** The focus request whose stage lines get lost, and the later focus request that drops them. */
  loss?: { earlier: number; earlierStage: number; later: number };
}

function scenarioAnchors(input: TrajectoryInput, usageAt: Map<number, RequestUsage>, lastPos: number): Anchors {
  const { run, session, scenario } = input;
  const schedule = session.schedule;
  if (scenario === "cross_task_interference") {
    const last = schedule.length - 1;
    const req = schedule[last]!;
    if (req.stage !== SUBMIT || req.task_id !== session.focus_task_id) {
      throw new Error(`session ${session.session_id}: the last request is not the focus finalization`);
    }
    if ((usageAt.get(last)?.tool_calls ?? 0) < 1) {
      throw new Error(`run ${run.run_id}: cross_task_interference needs a finalization that ran with a tool call`);
    }
    return { interference: last };
  }
  if (scenario === "requirement_state_loss") {
    const candidates: { position: number; stage: number }[] = [];
    schedule.forEach((req, position) => {
      if (position > lastPos || req.task_id !== session.focus_task_id || typeof req.stage !== "number") return;
      if ((usageAt.get(position)?.tool_calls ?? 0) >= 1) candidates.push({ position, stage: req.stage });
    });
    const earlier = candidates[0];
    const later = [...candidates].reverse().find((c) => earlier !== undefined && c.stage > earlier.stage);
    if (!earlier || !later) {
      throw new Error(`run ${run.run_id}: requirement_state_loss needs two focus stages that ran with tool calls`);
    }
    return { loss: { earlier: earlier.position, earlierStage: earlier.stage, later: later.position } };
  }
  return {};
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

function reasons(config: Config): boolean {
  return config.reasoning !== undefined && !/^(none|off|disabled|minimal|no)$/i.test(config.reasoning);
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "agent"
  );
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
