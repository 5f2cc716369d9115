// What one run's trajectory is written from, fixed before its first request: the run's usage by request, the
// checkouts, where a scenario or plant goes, and which tests the final verdict hides. Plus what the writer
// carries from request to request (trajectory.ts writes the requests, trajectory-evidence.ts reports them).
import { SUBMIT, type Config, type RequestUsage, type Run, type Session, type Task } from "@/lib/data/schema";
import type { AtifStep } from "./trajectory-atif";
import { CheckoutState, TaskCode } from "./trajectory-code";
import { FORMS, plantAnchors, type FormSpec, type PlantAnchors } from "./trajectory-plants";
import { Rng } from "./trajectory-random";
import { toolFamily, type PlantForm, type RenderedAction, type ToolFamily } from "./trajectory-request";

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

export interface Anchors {
  /** Position of the finalization that shows cross-task interference. */
  interference?: number;
  /** The focus request whose stage lines get lost, and the later focus request that drops them. */
  loss?: { earlier: number; earlierStage: number; later: number };
}

/** A planted form in this run: its spec and the requests it rewrites. */
export interface PlantSetup {
  form: PlantForm;
  spec: FormSpec;
  anchors: PlantAnchors;
  /** The form's later edit drops the earlier stage's lines the way the App. E.2 scenario does. */
  dropForm: boolean;
}

export type PlantRole = "earlier" | "later" | "at";

export interface RunSetup {
  input: TrajectoryInput;
  rng: Rng;
  family: ToolFamily;
  usageAt: ReadonlyMap<number, RequestUsage>;
  /** The last request the run sent. */
  lastPos: number;
  endedEarly: boolean;
  taskOf: (id: string) => Task;
  states: Map<string, CheckoutState>;
  /** Every checkout, in path order. */
  allStates: CheckoutState[];
  anchors: Anchors;
  plant: PlantSetup | undefined;
  /** A finalized run whose patch did not apply, without a planted cause: its submitted diff was cut short. */
  truncatedPatch: boolean;
  /** Tests the final verdict reports failing that a local run at this request must not show passing. */
  hiddenAt: (position: number, taskId: string) => ReadonlySet<string>;
}

/** What the writer carries from one request to the next. */
export interface RunProgress {
  steps: AtifStep[];
  evidence: Evidence[];
  /** The clock, in ms since the epoch. */
  cursor: number;
  latestFocusStage: number;
  /** The step that added the earlier stage's lines of the requirement_state_loss scenario. */
  addedStepId?: number;
  /** The same for a planted loss form. */
  plantAddedStep?: number;
  truth: PlantTruth | null;
}

/** An agent step written for one request, with the actions it carries. */
export interface RequestStep {
  id: number;
  acts: RenderedAction[];
  closing: boolean;
}

function usageByPosition(run: Run, session: Session): Map<number, RequestUsage> {
  const usageAt = new Map<number, RequestUsage>();
  for (const u of run.usage) {
    if (u.position >= session.schedule.length)
      throw new Error(`run ${run.run_id}: usage at position ${u.position} is outside the schedule`);
    if (usageAt.has(u.position)) throw new Error(`run ${run.run_id}: two usage lines at position ${u.position}`);
    usageAt.set(u.position, u);
  }
  return usageAt;
}

/** One checkout per workspace (the session's, then any only the schedule names), sharing each task's code. */
function checkoutsOf(session: Session, taskOf: (id: string) => Task): Map<string, CheckoutState> {
  const codes = new Map<string, TaskCode>();
  const codeOf = (id: string) => codes.get(id) ?? codes.set(id, new TaskCode(taskOf(id))).get(id)!;
  const states = new Map<string, CheckoutState>();
  for (const [ws, id] of Object.entries(session.workspaces)) states.set(ws, new CheckoutState(ws, codeOf(id)));
  for (const req of session.schedule)
    if (!states.has(req.workspace)) states.set(req.workspace, new CheckoutState(req.workspace, codeOf(req.task_id)));
  return states;
}

function plantSetup(
  input: TrajectoryInput,
  usageAt: ReadonlyMap<number, RequestUsage>,
  lastPos: number,
  family: ToolFamily,
): PlantSetup | undefined {
  const form = input.plant;
  if (!form) return undefined;
  const anchors = plantAnchors(form, input.session, usageAt, lastPos, input.tasks, family);
  if (!anchors) throw new Error(`run ${input.run.run_id}: cannot plant ${form}`);
  const dropForm = form === "rsl-e2-restructure" || form === "nm-rsl-restored" || form === "nm-rsl-requested-replace";
  return { form, spec: FORMS[form], anchors, dropForm };
}

/** The role a request plays in the plant, if any. */
export function plantRole(plant: PlantSetup | undefined, position: number): PlantRole | undefined {
  const planted = plant?.anchors;
  return planted === undefined
    ? undefined
    : planted.at === position
      ? "at"
      : planted.later === position
        ? "later"
        : planted.earlier === position
          ? "earlier"
          : undefined;
}

/**
 * Throws when the inputs contradict each other (unknown task or stage, usage outside the schedule) or when
 * the scenario or plant cannot be shown in this run.
 */
export function setUpRun(input: TrajectoryInput): RunSetup {
  const { run, session, config, tasks, scenario } = input;
  if (run.session_id !== session.session_id)
    throw new Error(`run ${run.run_id} is not a run of session ${session.session_id}`);
  if (run.config_id !== config.config_id)
    throw new Error(`run ${run.run_id} is not a run of config ${config.config_id}`);
  const rng = new Rng(input.seed);
  const family = toolFamily(config.harness);
  const usageAt = usageByPosition(run, session);
  const lastPos = run.usage.reduce((m, u) => Math.max(m, u.position), -1);
  const taskOf = (id: string): Task => {
    const task = tasks.get(id);
    if (!task) throw new Error(`session ${session.session_id}: unknown task ${id}`);
    return task;
  };
  const states = checkoutsOf(session, taskOf);
  const anchors = scenarioAnchors(input, usageAt, lastPos);
  const plant = plantSetup(input, usageAt, lastPos, family);
  const verdictFailures = new Set([...run.tests.failed, ...run.tests.missing, ...(run.tests.skipped ?? [])]);
  // Before a loss the earlier stage's tests still pass locally; from the loss on they fail as the verdict says.
  const lossLater = anchors.loss?.later ?? plant?.anchors.later;
  return {
    input,
    rng,
    family,
    usageAt,
    lastPos,
    endedEarly: lastPos < session.schedule.length - 1,
    taskOf,
    states,
    allStates: [...states.values()].sort((a, b) => (a.workspace < b.workspace ? -1 : 1)),
    anchors,
    plant,
    truncatedPatch: scenario === "normal" && plant?.spec.failure !== "submission" && run.finalized && !run.applied,
    hiddenAt: (position, taskId) => {
      if (taskId !== session.focus_task_id) return new Set();
      if (lossLater !== undefined && position < lossLater) return new Set();
      return verdictFailures;
    },
  };
}

function scenarioAnchors(input: TrajectoryInput, usageAt: ReadonlyMap<number, RequestUsage>, lastPos: number): Anchors {
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
