// Flags derived from a session's schedule (docs/benchmark.md, "Sessions, requests and schedules" and "Resolution and
// gap"; docs/data-format.md, "Derived definitions"). The build writes them into the `requests` table; the profile, cost
// scopes and trajectory timeline read them.
import { SUBMIT, type ScheduledRequest } from "./schema";

export interface RequestFlags {
  position: number;
  isFocus: boolean;
  isSubmit: boolean;
  /** This request runs in a different checkout than the one before it. */
  workspaceSwitch: boolean;
  /** A substantive focus request right after work in another checkout (finalization never counts). */
  focusReturn: boolean;
  /** Switch-Focus cost scope: a substantive focus request after the first non-focus request. */
  inSwitchFocusScope: boolean;
}

export function requestFlags(schedule: readonly ScheduledRequest[], focusTaskId: string): RequestFlags[] {
  let seenOtherTask = false;
  return schedule.map((req, position) => {
    const prev = position > 0 ? schedule[position - 1] : undefined;
    const isFocus = req.task_id === focusTaskId;
    const isSubmit = req.stage === SUBMIT;
    const workspaceSwitch = prev !== undefined && prev.workspace !== req.workspace;
    const substantiveFocus = isFocus && !isSubmit;
    const flags: RequestFlags = {
      position,
      isFocus,
      isSubmit,
      workspaceSwitch,
      focusReturn: substantiveFocus && workspaceSwitch,
      inSwitchFocusScope: substantiveFocus && seenOtherTask,
    };
    if (!isFocus) seenOtherTask = true;
    return flags;
  });
}

export interface ScheduleProfile {
  requests: number;
  workspaceSwitches: number;
  focusReturns: number;
  interruptionTasks: number;
}

export function scheduleProfile(schedule: readonly ScheduledRequest[], focusTaskId: string): ScheduleProfile {
  const flags = requestFlags(schedule, focusTaskId);
  const others = new Set(schedule.filter((r) => r.task_id !== focusTaskId).map((r) => r.task_id));
  return {
    requests: schedule.length,
    workspaceSwitches: flags.filter((f) => f.workspaceSwitch).length,
    focusReturns: flags.filter((f) => f.focusReturn).length,
    interruptionTasks: others.size,
  };
}
