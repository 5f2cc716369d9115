// Two runs of the same focus task side by side, request by request. The focus requests of two sessions of
// one focus task are identical by construction (projection equality, docs/benchmark.md, "Sessions, requests and
// schedules"), so the k-th focus request on the left faces the k-th on the right whatever came between them; the
// non-focus (interruption) requests between two focus requests become one band per side, which a switched session fills
// and an uninterrupted one leaves empty. Pure: works from the schedules alone, trajectories or not.
import type { RequestInfo } from "./segment";

export interface FocusRow {
  kind: "focus";
  /** 0-based ordinal of the focus request (finalization included). */
  k: number;
  /** The request's position in each run's schedule (null: that side has fewer focus requests). */
  left: number | null;
  right: number | null;
  stage: number | null;
  isSubmit: boolean;
  /** The two sides disagree on the focus request's stage (never, when projection equality holds). */
  mismatch: boolean;
}

export interface BandRow {
  kind: "band";
  /** Non-focus positions on each side, in order (empty: nothing happened there on that side). */
  left: number[];
  right: number[];
  /** The focus ordinal the band comes before (the number of focus requests when it comes after the last). */
  beforeK: number;
}

export type AlignedRow = FocusRow | BandRow;

interface Split {
  focus: RequestInfo[];
  /** bands[k]: the non-focus requests before focus request k; bands[focus.length]: those after the last. */
  bands: number[][];
}

function split(schedule: readonly RequestInfo[]): Split {
  const focus: RequestInfo[] = [];
  const bands: number[][] = [[]];
  for (const r of schedule) {
    if (r.isFocus) {
      focus.push(r);
      bands.push([]);
    } else {
      bands[bands.length - 1]!.push(r.position);
    }
  }
  return { focus, bands };
}

const stageKey = (r: RequestInfo | undefined) => (r === undefined ? null : r.isSubmit ? "submit" : String(r.stage));

/** Focus requests facing each other, interruption work between them as one band per gap. */
export function alignRequests(left: readonly RequestInfo[], right: readonly RequestInfo[]): AlignedRow[] {
  const l = split(left);
  const r = split(right);
  const n = Math.max(l.focus.length, r.focus.length);
  const rows: AlignedRow[] = [];
  for (let k = 0; k <= n; k++) {
    // A side that ran out of focus requests has already shown its trailing band.
    const leftBand = k <= l.focus.length ? l.bands[k]! : [];
    const rightBand = k <= r.focus.length ? r.bands[k]! : [];
    if (leftBand.length > 0 || rightBand.length > 0)
      rows.push({ kind: "band", left: leftBand, right: rightBand, beforeK: k });
    if (k === n) break;
    const a = l.focus[k];
    const b = r.focus[k];
    const ref = a ?? b!;
    rows.push({
      kind: "focus",
      k,
      left: a?.position ?? null,
      right: b?.position ?? null,
      stage: ref.isSubmit ? null : ref.stage,
      isSubmit: ref.isSubmit,
      mismatch: a !== undefined && b !== undefined && stageKey(a) !== stageKey(b),
    });
  }
  return rows;
}

/** The aligned row that holds a side's position (for jumping from a step of one trajectory to its row). */
export function rowOfPosition(rows: readonly AlignedRow[], side: "left" | "right", position: number): number {
  return rows.findIndex((row) => (row.kind === "focus" ? row[side] === position : row[side].includes(position)));
}
