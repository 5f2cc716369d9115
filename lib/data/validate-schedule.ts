// Rules on one session's schedule (docs/benchmark.md, "Sessions, requests and schedules"; Switch-SWE §3.1 and C.5):
// each task keeps its own request order, the interruption tasks are the right number, from the focus repository,
// source-disjoint from the focus task and of the locality the session's group claims, every request runs in its own
// task's checkout, and focus finalization comes last.
import { locality, type Locality } from "./locality";
import { SUBMIT, type Session, type Task } from "./schema";
import { interruptionTaskCount, type Context } from "./validate-context";

export function checkSchedules(ctx: Context): void {
  for (const session of ctx.release.sessions) {
    checkTaskOrder(ctx, session);
    checkFinalization(ctx, session);
    checkWorkspaces(ctx, session);
    checkInterruptions(ctx, session);
  }
}

/** Distinct non-focus tasks of a session, in order of first appearance. */
export function interruptionTaskIds(session: Session): string[] {
  return [...new Set(session.schedule.map((r) => r.task_id).filter((id) => id !== session.focus_task_id))];
}

function checkTaskOrder(ctx: Context, session: Session): void {
  const stagesByTask = new Map<string, number[]>();
  for (const [position, req] of session.schedule.entries()) {
    if (req.stage === SUBMIT) {
      if (req.task_id !== session.focus_task_id) {
        ctx.error("session", session, "schedule.task_order", `request ${position}: only the focus task is finalized, but task ${req.task_id} gets "submit"`);
      }
      continue;
    }
    const stages = stagesByTask.get(req.task_id) ?? [];
    stages.push(req.stage);
    stagesByTask.set(req.task_id, stages);
  }
  const outOfOrder = new Set<string>();
  for (const [taskId, stages] of stagesByTask) {
    if (stages.some((stage, i) => stage !== i + 1)) {
      outOfOrder.add(taskId);
      ctx.error("session", session, "schedule.task_order", `task ${taskId} is asked stages ${stages.join(", ")}; a task's requests must be its stages 1, 2, 3, … in order, each once`);
      continue;
    }
    const task = ctx.tasks.get(taskId);
    if (task && stages.length > task.stages.length) {
      ctx.error("session", session, "schedule.task_order", `task ${taskId} has ${task.stages.length} stage(s), but the schedule asks for stage ${stages.length}`);
    }
  }
  const focus = ctx.tasks.get(session.focus_task_id);
  const focusStages = stagesByTask.get(session.focus_task_id)?.length ?? 0;
  if (focus && !outOfOrder.has(focus.task_id) && focusStages < focus.stages.length) {
    ctx.error("session", session, "schedule.task_order", `the focus task must be asked all ${focus.stages.length} of its stages; the schedule asks ${focusStages}`);
  }
}

function checkFinalization(ctx: Context, session: Session): void {
  const submits = session.schedule.filter((r) => r.task_id === session.focus_task_id && r.stage === SUBMIT).length;
  const last = session.schedule[session.schedule.length - 1];
  if (submits !== 1) {
    ctx.error("session", session, "schedule.finalization_last", `the schedule has ${submits} focus finalization requests; exactly one is required`);
  } else if (!last || last.task_id !== session.focus_task_id || last.stage !== SUBMIT) {
    ctx.error("session", session, "schedule.finalization_last", `the focus finalization must be the last request; the last is ${last?.task_id} stage ${last?.stage}`);
  }
}

function checkWorkspaces(ctx: Context, session: Session): void {
  const pathsOfTask = new Map<string, string[]>();
  for (const [path, taskId] of Object.entries(session.workspaces)) pathsOfTask.set(taskId, [...(pathsOfTask.get(taskId) ?? []), path]);
  for (const [taskId, paths] of pathsOfTask) {
    if (paths.length > 1) {
      ctx.error("session", session, "schedule.workspace", `task ${taskId} has ${paths.length} checkouts (${paths.join(", ")}); every task has exactly one`);
    }
  }
  const unmapped = new Set<string>();
  for (const [position, req] of session.schedule.entries()) {
    const owner = session.workspaces[req.workspace];
    if (!pathsOfTask.has(req.task_id)) {
      unmapped.add(req.task_id);
    } else if (owner === undefined) {
      ctx.error("session", session, "schedule.workspace", `request ${position}: workspace "${req.workspace}" is not a key of workspaces`);
    } else if (owner !== req.task_id) {
      ctx.error("session", session, "schedule.workspace", `request ${position} for task ${req.task_id} runs in "${req.workspace}", which is the checkout of task ${owner}`);
    }
  }
  for (const taskId of unmapped) {
    ctx.error("session", session, "schedule.workspace", `task ${taskId} is scheduled but has no checkout in workspaces`);
  }
}

function checkInterruptions(ctx: Context, session: Session): void {
  const others = interruptionTaskIds(session);
  const focus = ctx.tasks.get(session.focus_task_id);
  if (others.length === 0 || !focus) return;

  const wanted = interruptionTaskCount(ctx.release);
  if (others.length !== wanted) {
    ctx.error("session", session, "schedule.interruptions", `${others.length} distinct interruption tasks (${others.join(", ")}); exactly ${wanted} are required`);
  }
  const known = others.map((id) => ctx.tasks.get(id)).filter((t): t is Task => t !== undefined);
  for (const task of known.filter((t) => t.repo !== focus.repo)) {
    ctx.error("session", session, "schedule.interruptions", `interruption task ${task.task_id} is from ${task.repo}, not the focus repository ${focus.repo}`);
  }

  const localities = new Map<Locality, string[]>();
  for (const task of known) {
    const kind = locality(focus.changed_source_files, task.changed_source_files);
    if (kind === "overlapping") {
      const shared = task.changed_source_files.filter((f) => focus.changed_source_files.includes(f));
      ctx.error("session", session, "schedule.disjoint", `interruption task ${task.task_id} changes ${shared.join(", ")}, which the focus fix also changes`);
      continue;
    }
    localities.set(kind, [...(localities.get(kind) ?? []), task.task_id]);
  }
  if (localities.size > 1) {
    const detail = [...localities].map(([kind, ids]) => `${kind}: ${ids.join(", ")}`).join("; ");
    ctx.error("session", session, "schedule.locality", `interruption tasks mix localities (${detail}); a session's interruptions share one locality`);
  } else {
    const [kind] = [...localities.keys()];
    if (kind !== undefined && kind !== session.group) {
      ctx.error("session", session, "schedule.locality", `group is "${session.group}", but the interruption tasks are ${kind} to the focus task (recomputed from changed source files)`);
    }
  }
}
