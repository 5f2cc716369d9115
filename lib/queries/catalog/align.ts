// Side-by-side schedules of one focus task with π_A(S_cond) = S_base made visible: the k-th focus request
// of every session lands on the same row, and each session's other requests between two focus requests
// fill the rows above it. Pure, so the alignment is tested apart from any rendering.
import type { RequestRow } from "../trajectory/request-row";

/** One request of a session's schedule, as TASK_REQUESTS_SQL selects it. */
export type ScheduleRequest = RequestRow;

export interface AlignedRow {
  /** "focus": the k-th focus request of each session; "other": requests of other tasks. */
  kind: "focus" | "other";
  /** For focus rows: k (0-based). */
  focusIndex: number | null;
  /** One cell per session, in the order given; null where that session has nothing here. */
  cells: (ScheduleRequest | null)[];
}

export interface Alignment {
  rows: AlignedRow[];
  /** Per session: its focus requests equal the first (baseline) session's, task, stage and checkout. */
  projectionEqual: boolean[];
}

function blocks(schedule: readonly ScheduleRequest[]): {
  before: ScheduleRequest[][];
  focus: ScheduleRequest[];
  after: ScheduleRequest[];
} {
  const before: ScheduleRequest[][] = [];
  const focus: ScheduleRequest[] = [];
  let pending: ScheduleRequest[] = [];
  for (const r of schedule) {
    if (r.is_focus) {
      before.push(pending);
      focus.push(r);
      pending = [];
    } else {
      pending.push(r);
    }
  }
  return { before, focus, after: pending };
}

const payload = (r: ScheduleRequest) => `${r.task_id}\u0000${r.is_submit ? "submit" : r.stage}\u0000${r.workspace}`;

export function alignSchedules(sessions: readonly (readonly ScheduleRequest[])[]): Alignment {
  const parts = sessions.map(blocks);
  const k = Math.max(0, ...parts.map((p) => p.focus.length));
  const rows: AlignedRow[] = [];
  const otherRows = (pick: (p: (typeof parts)[number]) => ScheduleRequest[]) => {
    const height = Math.max(0, ...parts.map((p) => pick(p).length));
    for (let i = 0; i < height; i++)
      rows.push({ kind: "other", focusIndex: null, cells: parts.map((p) => pick(p)[i] ?? null) });
  };
  for (let f = 0; f < k; f++) {
    otherRows((p) => p.before[f] ?? []);
    rows.push({ kind: "focus", focusIndex: f, cells: parts.map((p) => p.focus[f] ?? null) });
  }
  otherRows((p) => p.after);
  const base = parts[0]?.focus.map(payload).join("\u0001");
  return { rows, projectionEqual: parts.map((p) => p.focus.map(payload).join("\u0001") === base) };
}
