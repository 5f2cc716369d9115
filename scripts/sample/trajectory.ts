// Writes one run's ATIF trajectory for the synthetic sample release (issue 2, part 3). The k-th user step
// is the k-th scheduled request, prefixed with its active checkout; the agent steps under it match the
// run's usage line for that request exactly (model calls, tool calls, tokens, cached tokens, cost), so
// a trajectory can be checked against runs.jsonl. Two scenarios plant the paper's trace signatures
// (App. E.2, E.3) and return the step ids that show them, for annotations.jsonl.
import { SUBMIT, type Config, type RequestUsage } from "@/lib/data/schema";
import { isAllWorkspacesAction, planStageRequest, planSubmitRequest, renderAction } from "./trajectory-actions";
import { ATIF_SCHEMA_VERSION, type AtifAgentStep, type AtifTrajectory } from "./trajectory-atif";
import type { CheckoutState } from "./trajectory-code";
import { recordPlantTruth, recordScenarioEvidence } from "./trajectory-evidence";
import { splitRequestUsage, toolCallsPerStep, type StepUsage } from "./trajectory-metrics";
import { plantPlan } from "./trajectory-plants";
import type { PlantContext, RenderedAction, RequestContext } from "./trajectory-request";
import {
  plantRole,
  setUpRun,
  type Evidence,
  type PlantRole,
  type PlantTruth,
  type RequestStep,
  type RunProgress,
  type RunSetup,
  type TrajectoryInput,
} from "./trajectory-setup";
import { clip, reasoning, stageSummary, stepMessage, submitSummary, thinkingMessage } from "./trajectory-text";

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
  const setup = setUpRun(input);
  const progress: RunProgress = { steps: [], evidence: [], cursor: BASE_MS, latestFocusStage: 1, truth: null };
  for (let p = 0; p <= setup.lastPos; p++) writeRequest(setup, progress, p);
  if (input.plant && progress.truth === null)
    throw new Error(`run ${input.run.run_id}: ${input.plant} was not written`);
  return { trajectory: trajectoryOf(setup, progress), evidence: progress.evidence, truth: progress.truth };
}

/** The user step of request `p`, then (when it ran) its agent steps and what they show. */
function writeRequest(setup: RunSetup, progress: RunProgress, p: number): void {
  const { session, submitText } = setup.input;
  const req = session.schedule[p]!;
  const task = setup.taskOf(req.task_id);
  const state = setup.states.get(req.workspace)!;
  const isSubmit = req.stage === SUBMIT;
  const text = isSubmit ? submitText : task.stages.find((s) => s.stage === req.stage)?.text;
  if (text === undefined)
    throw new Error(`session ${session.session_id}: task ${task.task_id} has no stage ${req.stage}`);
  progress.steps.push({
    step_id: progress.steps.length + 1,
    timestamp: iso(progress.cursor),
    source: "user",
    message: `[workspace ${req.workspace}] ${text}`,
    extra: { request_position: p, task_id: req.task_id, stage: req.stage, workspace: req.workspace },
  });

  const usage = setup.usageAt.get(p);
  if (!usage) {
    progress.cursor += 1000;
    return;
  }
  const metrics = splitRequestUsage(usage, setup.rng);
  const closingSummary = !(setup.endedEarly && p === setup.lastPos);
  const perStep = toolCallsPerStep(usage.model_calls, usage.tool_calls, closingSummary);
  const role = plantRole(setup.plant, p);
  const interferenceHere = setup.anchors.interference === p || (setup.plant?.form === "cti-e3-loop" && role === "at");
  const plan = actionPlan(setup, usage, isSubmit, interferenceHere, role);
  const ctx = requestContext(setup, progress, p, state, text, role);
  const rendered = plan.map((kind) => renderAction(ctx, kind));
  const summary = isSubmit
    ? setup.plant?.form === "cti-multi-checkout-submission" && role === "at"
      ? `Combined the diff of ${state.workspace} with the other checkouts' changes in /tmp/final.patch and submitted it.`
      : submitSummary(session.focus_task_id, state, interferenceHere, setup.allStates.length) +
        (setup.truncatedPatch ? TRUNCATED_PATCH : "")
    : stageSummary(task.task_id, req.stage as number, state, plan.includes("edit"), plan.includes("test_after"));

  const wallMs = Math.round(usage.wall_s * 1000);
  const steps = writeAgentSteps(setup, progress, {
    position: p,
    state,
    text,
    usage,
    metrics,
    perStep,
    rendered,
    summary,
    closingSummary,
    wallMs,
  });
  progress.cursor += Math.max(wallMs, usage.model_calls) + setup.rng.int(4000, 60000);

  const written = { position: p, stage: req.stage, task, state, steps };
  recordScenarioEvidence(setup, progress, written);
  recordPlantTruth(setup, progress, written, role);
  if (req.task_id === session.focus_task_id && typeof req.stage === "number") progress.latestFocusStage = req.stage;
}

/** The request's action kinds: the usual plan for its tool calls, with a plant's actions swapped in. */
function actionPlan(
  setup: RunSetup,
  usage: RequestUsage,
  isSubmit: boolean,
  interferenceHere: boolean,
  role: PlantRole | undefined,
): RenderedAction["kind"][] {
  const plan = isSubmit ? planSubmitRequest(usage.tool_calls, interferenceHere) : planStageRequest(usage.tool_calls);
  const plant = setup.plant;
  return plant && role ? plantPlan(plant.form, role, plan, setup.family) : plan;
}

function requestContext(
  setup: RunSetup,
  progress: RunProgress,
  p: number,
  state: CheckoutState,
  text: string,
  role: PlantRole | undefined,
): RequestContext {
  const { anchors, plant } = setup;
  const req = setup.input.session.schedule[p]!;
  const planted = plant?.anchors;
  const plantCtx: PlantContext | undefined =
    plant && role
      ? {
          form: plant.form,
          role,
          states: setup.states,
          scratch: {},
          ...(planted?.earlierStage !== undefined ? { earlierStage: planted.earlierStage } : {}),
          ...(planted?.sibling ? { sibling: planted.sibling } : {}),
          ...(planted?.foreignName ? { foreignName: planted.foreignName } : {}),
        }
      : undefined;
  const task = setup.taskOf(req.task_id);
  return {
    family: setup.family,
    rng: setup.rng,
    state,
    task,
    stage: req.stage,
    allStates: setup.allStates,
    hiddenTests: setup.hiddenAt(p, task.task_id),
    testStage: progress.latestFocusStage,
    dropStage:
      anchors.loss?.later === p
        ? anchors.loss.earlierStage
        : plant?.dropForm && role === "later"
          ? planted!.earlierStage
          : undefined,
    summary: clip(text, 72),
    ...(plantCtx ? { plant: plantCtx } : {}),
  };
}

/** One request's rendered actions and usage, as its agent steps share them out. */
interface RequestRender {
  position: number;
  state: CheckoutState;
  /** The request's text, which the agent's reasoning quotes. */
  text: string;
  usage: RequestUsage;
  metrics: StepUsage[];
  /** Tool calls each model call makes. */
  perStep: number[];
  rendered: RenderedAction[];
  summary: string;
  closingSummary: boolean;
  wallMs: number;
}

/** One agent step per model call, the rendered actions spread over them in order. */
function writeAgentSteps(setup: RunSetup, progress: RunProgress, r: RequestRender): RequestStep[] {
  const { rng } = setup;
  const { config } = setup.input;
  const { state, usage } = r;
  const written: RequestStep[] = [];
  let next = 0;
  let forcedThought = false;
  for (let i = 0; i < usage.model_calls; i++) {
    const acts = r.rendered.slice(next, next + r.perStep[i]!);
    next += acts.length;
    const closing = r.closingSummary && i === usage.model_calls - 1;
    const first =
      acts.find((a) => a.stageEdit !== undefined) ?? acts.find((a) => isAllWorkspacesAction(a.kind)) ?? acts[0];
    let message = first ? stepMessage(rng, first, state) : closing ? r.summary : thinkingMessage(state, r.position + i);
    if (first && closing) message = [message, r.summary].filter((m) => m !== "").join(" ");
    const m = r.metrics[i]!;
    // The step that plants a signature states its (mistaken) intent whenever the model reasons at all.
    const evidenceStep =
      first !== undefined &&
      !forcedThought &&
      (first.stageEdit?.dropped !== undefined || isAllWorkspacesAction(first.kind));
    if (evidenceStep) forcedThought = true;
    const thought =
      first && reasons(config) && (evidenceStep || rng.chance(0.3)) ? reasoning(rng, first, state, r.text) : undefined;
    const step: AtifAgentStep = {
      step_id: progress.steps.length + 1,
      timestamp: iso(progress.cursor + Math.max(Math.round((r.wallMs * (i + 1)) / usage.model_calls), i + 1)),
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
    progress.steps.push(step);
    written.push({ id: step.step_id, acts, closing });
  }
  return written;
}

function trajectoryOf(setup: RunSetup, progress: RunProgress): AtifTrajectory {
  const { run, session, config, seed } = setup.input;
  const { steps } = progress;
  const agentSteps = steps.filter((s): s is AtifAgentStep => s.source === "agent");
  const sum = (f: (s: AtifAgentStep) => number) => agentSteps.reduce((a, s) => a + f(s), 0);
  const costed = run.usage.every((u) => u.cost_usd !== undefined);
  return {
    schema_version: ATIF_SCHEMA_VERSION,
    session_id: run.run_id,
    agent: { name: slug(config.harness), version: config.harness_version ?? "unknown", model_name: config.model },
    steps,
    notes: setup.endedEarly
      ? `Synthetic trajectory (sample release). The run ended after request ${setup.lastPos + 1} of ${session.schedule.length}; later requests were never sent.`
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
      focus_task_id: session.focus_task_id,
      seed,
    },
  };
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
