// Request boundaries: the k-th user step is the k-th scheduled request (docs/data-format.md, "runs.jsonl"). Steps are
// matched to the schedule in order; whatever disagrees (a workspace or task the step names, a position it
// claims, more or fewer user steps than requests that ran, model calls against the usage line) is reported
// as a mismatch beside the timeline, never silently repaired. A native agent log converted by the door
// (lib/trajectory/native) holds whatever a person typed besides the schedule ("please continue"): there, a
// request opens at the user step that carries the scheduled text (docs/agent-logs.md).
import type { Step, Trajectory } from "./model";
import { isRecord, num, str } from "./values";
import { pushAll } from "../common/arrays";

export interface RequestInfo {
  position: number;
  taskId: string;
  /** null for the finalization request. */
  stage: number | null;
  isSubmit: boolean;
  workspace: string;
  isFocus: boolean;
  workspaceSwitch: boolean;
  focusReturn: boolean;
  /** The run has a usage line for this request. */
  ran: boolean;
  modelCalls: number | null;
  tokens: number | null;
  text: string | null;
}

export interface Segment {
  /** The scheduled position, or null for steps before the first request or beyond the schedule. */
  position: number | null;
  request: RequestInfo | null;
  /** The user step that opens the request (n). */
  userStep: number | null;
  first: number;
  last: number;
}

export type MismatchKind =
  "extra_user_step" | "missing_user_step" | "workspace" | "task" | "request_position" | "model_calls";

export interface Mismatch {
  kind: MismatchKind;
  position: number | null;
  step: number | null;
  message: string;
}

export interface Segmentation {
  segments: Segment[];
  mismatches: Mismatch[];
  /** Facts worth showing that are not errors (a preamble, requests that never ran). */
  notes: string[];
  /** Segment index of each step, indexed by n − 1. */
  segmentOf: Int32Array;
}

const WORKSPACE_PREFIX = /^\s*\[workspace ([^\]\s]+)\]/;

export function isRequestStep(s: Step): boolean {
  return s.source === "user" && !s.copied && !s.sidechain;
}

/** The checkouts a user step names: in its "[workspace …]" prefix and in its extra (either may be absent). */
export function stepWorkspaces(s: Step): string[] {
  const named = [WORKSPACE_PREFIX.exec(s.message)?.[1] ?? null, str(s.extra?.workspace)];
  return [...new Set(named.filter((w): w is string => w !== null))];
}

/** The run's segmentation: by the schedule's texts for a converted native log, by order for ATIF. */
export function segmentRun(t: Trajectory, schedule: readonly RequestInfo[] | null): Segmentation {
  return segmentSteps(t.steps, schedule, isRecord(t.extra?.converted_from));
}

export function segmentSteps(
  steps: readonly Step[],
  schedule: readonly RequestInfo[] | null,
  byText = false,
): Segmentation {
  const segments: Segment[] = [];
  const mismatches: Mismatch[] = [];
  const notes: string[] = [];
  const opens = byText && schedule ? requestsByText(steps, schedule) : null;
  const segmentOf = new Int32Array(steps.length).fill(-1);
  const open = (position: number | null, request: RequestInfo | null, userStep: number | null, first: number) => {
    segments.push({ position, request, userStep, first, last: first });
  };

  let k = 0;
  for (const s of steps) {
    if (isRequestStep(s) && opens !== null && !opens.has(s.n)) {
      notes.push(
        `user step ${s.n} carries no scheduled request's text (typed besides the schedule): it stays within ${segments.length ? "the request before it" : "no request"}`,
      );
    } else if (isRequestStep(s)) {
      if (opens !== null) {
        const j = opens.get(s.n)!;
        pushAll(mismatches, missingUserSteps(schedule!.slice(k, j)));
        k = j;
      }
      const request = schedule ? (schedule[k] ?? null) : null;
      const position = schedule ? (request ? k : null) : k;
      if (schedule && !request) {
        mismatches.push({
          kind: "extra_user_step",
          position: null,
          step: s.n,
          message: `user step ${s.n} has no scheduled request: the schedule has ${schedule.length}`,
        });
      }
      if (request) pushAll(mismatches, checkUserStep(s, request));
      open(position, request, s.n, s.n);
      k++;
    } else if (segments.length === 0) {
      open(null, null, null, s.n);
    }
    const seg = segments[segments.length - 1]!;
    seg.last = s.n;
    segmentOf[s.n - 1] = segments.length - 1;
  }

  const pre = segments[0];
  if (pre && pre.userStep === null) {
    notes.push(
      `step${pre.first === pre.last ? ` ${pre.first} comes` : `s ${pre.first}–${pre.last} come`} before the first user step (an agent warm-up?) and belong${pre.first === pre.last ? "s" : ""} to no request`,
    );
  }
  if (schedule) {
    pushAll(mismatches, missingUserSteps(schedule.slice(k)));
    const notRun = schedule.slice(k).filter((r) => !r.ran).length;
    if (notRun > 0) notes.push(`${notRun} scheduled request(s) never ran and have no steps`);
    for (const seg of segments) {
      const expected = seg.request?.modelCalls;
      if (expected === null || expected === undefined) continue;
      const calls = countModelCalls(steps, seg);
      if (calls !== expected) {
        mismatches.push({
          kind: "model_calls",
          position: seg.position,
          step: seg.userStep,
          message: `request ${seg.position}: ${calls} agent step(s) with metrics, the usage line reports ${expected} model call(s)`,
        });
      }
    }
  } else {
    notes.push("the run's schedule is unknown: requests are numbered by user step");
  }
  return { segments, mismatches, notes, segmentOf };
}

/** Requests that ran (they have usage) with no user step of their own. */
function missingUserSteps(requests: readonly RequestInfo[]): Mismatch[] {
  return requests
    .filter((r) => r.ran)
    .map((r) => ({
      kind: "missing_user_step" as const,
      position: r.position,
      step: null,
      message: `request ${r.position} ran (it has usage) but the trajectory has no user step for it`,
    }));
}

function checkUserStep(s: Step, request: RequestInfo): Mismatch[] {
  const out: Mismatch[] = [];
  const at = { position: request.position, step: s.n };
  for (const ws of stepWorkspaces(s)) {
    if (ws !== request.workspace) {
      out.push({
        kind: "workspace",
        ...at,
        message: `user step ${s.n} names workspace ${ws}; request ${request.position} is scheduled in ${request.workspace}`,
      });
    }
  }
  const extra = isRecord(s.extra) ? s.extra : {};
  const task = str(extra.task_id);
  if (task !== null && task !== request.taskId) {
    out.push({
      kind: "task",
      ...at,
      message: `user step ${s.n} says task ${task}; request ${request.position} is for ${request.taskId}`,
    });
  }
  const claimed = num(extra.request_position);
  if (claimed !== null && claimed !== request.position) {
    out.push({
      kind: "request_position",
      ...at,
      message: `user step ${s.n} says request_position ${claimed} but is the user step of request ${request.position}`,
    });
  }
  return out;
}

function countModelCalls(steps: readonly Step[], seg: Segment): number {
  let n = 0;
  for (let i = seg.first; i <= seg.last; i++) {
    const s = steps[i - 1]!;
    if (s.source === "agent" && !s.copied && !s.sidechain && s.metrics !== null) n++;
  }
  return n;
}

const normalText = (t: string) => t.replace(/\s+/g, " ").trim();

/**
 * For each user step that carries a scheduled request's text (the request's text inside the step's, spaces
 * aside), that request's position, taken in schedule order: a step matching a later request skips the ones
 * between (they are reported as never reached, like requests with no user step). A request whose text the
 * release does not give is taken by the next user step when it is reached. Null when no step carries any
 * scheduled text: the log is then read by order, as ATIF is.
 */
export function requestsByText(steps: readonly Step[], schedule: readonly RequestInfo[]): Map<number, number> | null {
  const texts = schedule.map((r) => (r.text === null || r.text.trim() === "" ? null : normalText(r.text)));
  const opens = new Map<number, number>();
  let matched = 0;
  let next = 0;
  for (const s of steps) {
    if (!isRequestStep(s) || next >= texts.length) continue;
    const said = normalText(s.message);
    for (let j = next; j < texts.length; j++) {
      const text = texts[j] ?? null;
      if (text === null && j > next) break;
      if (text === null || said.includes(text)) {
        if (text !== null) matched++;
        opens.set(s.n, j);
        next = j + 1;
        break;
      }
    }
  }
  return matched > 0 ? opens : null;
}
