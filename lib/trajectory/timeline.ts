// The session timeline's geometry: one lane per checkout (focus first), one block per request placed in
// schedule order along the x axis and sized by its steps or its tokens. Requests that never ran keep a
// thin block so the schedule stays whole. Pure, so the component only draws.
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
  /** Each step's tokens by step number (lib/trajectory/packed-rows.ts `StepRows`). */
  rows: { tokens(n: number): number };
  /** The schedule, when the run is known; otherwise blocks follow the user steps. */
  requests: readonly TimelineRequest[] | null;
  workspaces: Readonly<Record<string, string>>;
  focusTaskId: string | null;
  tags: readonly SignatureTag[];
  mismatchPositions: ReadonlySet<number>;
  size: BlockSize;
}

const MIN_SHARE = 0.004;

type RawBlock = Omit<Block, "left" | "width">;

/** The lanes in the order they are first asked for; asking again for a key returns its lane. */
class Lanes {
  readonly list: Lane[] = [];
  private readonly byKey = new Map<string, number>();

  add(key: string, lane: Lane): number {
    if (!this.byKey.has(key)) this.byKey.set(key, this.list.push(lane) - 1);
    return this.byKey.get(key)!;
  }

  /** A lane for blocks that belong to no checkout. */
  other(key: string): number {
    return this.add(key, { key, taskId: null, workspace: null, focus: false });
  }
}

/** The first index of a sorted array whose value is at least `x` (its length when none is). */
function lowerBound(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * How each segment is sized and which signatures mark a block. The tags are indexed once (by position, and each
 * signature's evidence steps sorted), so marking the blocks costs the tags once, not once per block: a run may hold
 * thousands of annotations and a long log thousands of requests.
 */
class Measures {
  private readonly byPosition = new Map<number, Set<string>>();
  private readonly stepsOf = new Map<string, number[]>();

  constructor(private readonly input: TimelineInput) {
    for (const t of input.tags) {
      if (t.position !== null) {
        const at = this.byPosition.get(t.position) ?? new Set<string>();
        this.byPosition.set(t.position, at.add(t.signature));
      }
      const steps = this.stepsOf.get(t.signature) ?? [];
      this.stepsOf.set(t.signature, steps);
      for (const n of t.steps) steps.push(n);
    }
    for (const steps of this.stepsOf.values()) steps.sort((a, b) => a - b);
  }

  of(i: number): { steps: number; tokens: number } {
    const s = this.input.segments[i]!;
    let tokens = 0;
    for (let n = s.first; n <= s.last; n++) tokens += this.input.rows.tokens(n);
    return { steps: s.last - s.first + 1, tokens };
  }

  /** Signatures of tags at the request's position or with evidence inside the segment, in the order the tags first name them. */
  signaturesAt(position: number | null, seg: Segment | undefined): string[] {
    const atPosition = position !== null ? this.byPosition.get(position) : undefined;
    return [...this.stepsOf.keys()].filter((signature) => {
      if (atPosition?.has(signature)) return true;
      if (seg === undefined) return false;
      const steps = this.stepsOf.get(signature)!;
      const i = lowerBound(steps, seg.first);
      return i < steps.length && steps[i]! <= seg.last;
    });
  }
}

/** A block for a segment no scheduled request owns (before the first request, or with no schedule known). */
function unscheduledBlock(
  measures: Measures,
  i: number,
  seg: Segment,
  lane: number,
  position: number | null,
  mismatch: boolean,
  label: string,
): RawBlock {
  return {
    segment: i,
    position,
    lane,
    ...measures.of(i),
    first: seg.first,
    focus: false,
    submit: false,
    ran: true,
    workspaceSwitch: false,
    focusReturn: false,
    signatures: measures.signaturesAt(position, seg),
    mismatch,
    label,
  };
}

/** One block per scheduled request (sent or not), then one per user step beyond the schedule. */
function scheduledBlocks(
  input: TimelineInput,
  requests: readonly TimelineRequest[],
  lanes: Lanes,
  measures: Measures,
): RawBlock[] {
  const { segments } = input;
  const segmentOfPosition = new Map<number, number>();
  segments.forEach((s, i) => s.position !== null && segmentOfPosition.set(s.position, i));
  const raw: RawBlock[] = [];
  for (const r of requests) {
    const i = segmentOfPosition.get(r.position);
    const lane = lanes.add(r.workspace, {
      key: r.workspace,
      taskId: r.taskId,
      workspace: r.workspace,
      focus: r.isFocus,
    });
    const m = i !== undefined ? measures.of(i) : { steps: 0, tokens: 0 };
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
      signatures: measures.signaturesAt(r.position, i !== undefined ? segments[i] : undefined),
      mismatch: input.mismatchPositions.has(r.position),
      label: `request ${r.position}: ${r.taskId} ${r.isSubmit ? "finalization" : `stage ${r.stage}`} (${r.workspace})`,
    });
  }
  segments.forEach((s, i) => {
    if (s.position === null && s.userStep !== null) {
      const lane = lanes.other("(unscheduled)");
      raw.push(unscheduledBlock(measures, i, s, lane, null, true, `user step ${s.userStep} beyond the schedule`));
    }
  });
  return raw;
}

/** Without a schedule: one block per user step, all in one lane. */
function userStepBlocks(input: TimelineInput, lanes: Lanes, measures: Measures): RawBlock[] {
  const lane = lanes.other("(requests)");
  const raw: RawBlock[] = [];
  input.segments.forEach((s, i) => {
    if (s.userStep === null) return;
    raw.push(
      unscheduledBlock(measures, i, s, lane, s.position, false, `request ${s.position} (user step ${s.userStep})`),
    );
  });
  return raw;
}

/** Left edges and widths in %: each block's share of steps or tokens, never below MIN_SHARE. */
function placeBlocks(raw: readonly RawBlock[], size: BlockSize): Block[] {
  const weight = (b: RawBlock) => (size === "tokens" ? b.tokens : b.steps);
  const total = raw.reduce((a, b) => a + weight(b), 0) || 1;
  const min = total * MIN_SHARE;
  const sum = raw.reduce((a, b) => a + Math.max(weight(b), min), 0);
  let x = 0;
  return raw.map((b) => {
    const w = (Math.max(weight(b), min) / sum) * 100;
    const block = { ...b, left: x, width: w };
    x += w;
    return block;
  });
}

export function timelineLayout(input: TimelineInput): { lanes: Lane[]; blocks: Block[] } {
  const { segments, requests, workspaces, focusTaskId } = input;
  const lanes = new Lanes();
  const entries = Object.entries(workspaces).sort(
    ([a, ta], [b, tb]) => Number(tb === focusTaskId) - Number(ta === focusTaskId) || (a < b ? -1 : 1),
  );
  for (const [ws, task] of entries)
    lanes.add(ws, { key: ws, taskId: task, workspace: ws, focus: task === focusTaskId });

  const measures = new Measures(input);
  const head = segments[0];
  // Steps before the first user step get their own lane, first after the checkouts'.
  const pre =
    head?.userStep === null
      ? [unscheduledBlock(measures, 0, head, lanes.other("(no request)"), null, false, "before the first request")]
      : [];
  const rest = requests ? scheduledBlocks(input, requests, lanes, measures) : userStepBlocks(input, lanes, measures);
  const raw = [...pre, ...rest];
  return { lanes: lanes.list, blocks: placeBlocks(raw, input.size) };
}
