// The session timeline's geometry: one lane per checkout (focus first), one block per request placed in
// schedule order along the x axis and sized by its steps or its tokens. Requests that never ran keep a
// thin block so the schedule stays whole. Pure, so the component only draws.
import type { StepRow } from "./rows";
import type { RequestInfo, Segment } from "./segment";
import type { SignatureTag } from "./tags";
import type { BlockSize } from "./url-state";

export interface Lane {
  key: string;
  taskId: string | null;
  workspace: string | null;
  focus: boolean;
}

export interface Block {
  segment: number | null;
  position: number | null;
  lane: number;
  /** Left edge and width, in % of the timeline. */
  left: number;
  width: number;
  steps: number;
  tokens: number;
  first: number | null;
  focus: boolean;
  submit: boolean;
  ran: boolean;
  workspaceSwitch: boolean;
  focusReturn: boolean;
  signatures: string[];
  mismatch: boolean;
  label: string;
}

/** The parts of a scheduled request (as the segmenter reads it) that place and label its block. */
export type TimelineRequest = Pick<
  RequestInfo,
  "position" | "taskId" | "stage" | "isSubmit" | "workspace" | "isFocus" | "workspaceSwitch" | "focusReturn" | "ran"
>;

export interface TimelineInput {
  segments: readonly Segment[];
  rows: readonly StepRow[];
  /** The schedule, when the run is known; otherwise blocks follow the user steps. */
  requests: readonly TimelineRequest[] | null;
  workspaces: Readonly<Record<string, string>>;
  focusTaskId: string | null;
  tags: readonly SignatureTag[];
  mismatchPositions: ReadonlySet<number>;
  size: BlockSize;
}

const MIN_SHARE = 0.004;

export function timelineLayout(input: TimelineInput): { lanes: Lane[]; blocks: Block[] } {
  const { segments, rows, requests, workspaces, focusTaskId, tags, size } = input;
  const lanes: Lane[] = [];
  const laneOf = new Map<string, number>();
  const addLane = (key: string, lane: Lane) => {
    if (!laneOf.has(key)) laneOf.set(key, lanes.push(lane) - 1);
    return laneOf.get(key)!;
  };
  const entries = Object.entries(workspaces).sort(
    ([a, ta], [b, tb]) => Number(tb === focusTaskId) - Number(ta === focusTaskId) || (a < b ? -1 : 1),
  );
  for (const [ws, task] of entries) addLane(ws, { key: ws, taskId: task, workspace: ws, focus: task === focusTaskId });

  const segmentOfPosition = new Map<number, number>();
  segments.forEach((s, i) => s.position !== null && segmentOfPosition.set(s.position, i));
  const measure = (i: number) => {
    const s = segments[i]!;
    let tokens = 0;
    for (let n = s.first; n <= s.last; n++) tokens += rows[n - 1]?.tokens ?? 0;
    return { steps: s.last - s.first + 1, tokens };
  };
  const signaturesAt = (position: number | null, seg: Segment | undefined) => [
    ...new Set(
      tags
        .filter(
          (t) =>
            (position !== null && t.position === position) ||
            (seg !== undefined && t.steps.some((n) => n >= seg.first && n <= seg.last)),
        )
        .map((t) => t.signature),
    ),
  ];

  const raw: Omit<Block, "left" | "width">[] = [];
  const pre = segments[0]?.userStep === null ? 0 : -1;
  if (pre === 0) {
    const lane = addLane("(no request)", { key: "(no request)", taskId: null, workspace: null, focus: false });
    raw.push({
      segment: 0,
      position: null,
      lane,
      ...measure(0),
      first: segments[0]!.first,
      focus: false,
      submit: false,
      ran: true,
      workspaceSwitch: false,
      focusReturn: false,
      signatures: signaturesAt(null, segments[0]),
      mismatch: false,
      label: "before the first request",
    });
  }
  if (requests) {
    for (const r of requests) {
      const i = segmentOfPosition.get(r.position);
      const lane = addLane(r.workspace, {
        key: r.workspace,
        taskId: r.taskId,
        workspace: r.workspace,
        focus: r.isFocus,
      });
      const m = i !== undefined ? measure(i) : { steps: 0, tokens: 0 };
      raw.push({
        segment: i ?? null,
        position: r.position,
        lane,
        ...m,
        first: i !== undefined ? segments[i]!.first : null,
        focus: r.isFocus,
        submit: r.isSubmit,
        ran: r.ran,
        workspaceSwitch: r.workspaceSwitch,
        focusReturn: r.focusReturn,
        signatures: signaturesAt(r.position, i !== undefined ? segments[i] : undefined),
        mismatch: input.mismatchPositions.has(r.position),
        label: `request ${r.position}: ${r.taskId} ${r.isSubmit ? "finalization" : `stage ${r.stage}`} (${r.workspace})`,
      });
    }
    segments.forEach((s, i) => {
      if (s.position === null && s.userStep !== null) {
        const lane = addLane("(unscheduled)", { key: "(unscheduled)", taskId: null, workspace: null, focus: false });
        raw.push({
          segment: i,
          position: null,
          lane,
          ...measure(i),
          first: s.first,
          focus: false,
          submit: false,
          ran: true,
          workspaceSwitch: false,
          focusReturn: false,
          signatures: signaturesAt(null, s),
          mismatch: true,
          label: `user step ${s.userStep} beyond the schedule`,
        });
      }
    });
  } else {
    const lane = addLane("(requests)", { key: "(requests)", taskId: null, workspace: null, focus: false });
    segments.forEach((s, i) => {
      if (s.userStep === null) return;
      raw.push({
        segment: i,
        position: s.position,
        lane,
        ...measure(i),
        first: s.first,
        focus: false,
        submit: false,
        ran: true,
        workspaceSwitch: false,
        focusReturn: false,
        signatures: signaturesAt(s.position, s),
        mismatch: false,
        label: `request ${s.position} (user step ${s.userStep})`,
      });
    });
  }

  const weight = (b: (typeof raw)[number]) => (size === "tokens" ? b.tokens : b.steps);
  const total = raw.reduce((a, b) => a + weight(b), 0) || 1;
  const min = total * MIN_SHARE;
  const sum = raw.reduce((a, b) => a + Math.max(weight(b), min), 0);
  let x = 0;
  const blocks = raw.map((b) => {
    const w = (Math.max(weight(b), min) / sum) * 100;
    const block = { ...b, left: x, width: w };
    x += w;
    return block;
  });
  return { lanes, blocks };
}
