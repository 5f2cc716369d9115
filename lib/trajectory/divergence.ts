// Where two runs of one focus task part ways. For each pair of facing focus requests (align.ts) the two
// runs are compared on what the agent did (its tool actions within the request) and on how the request's
// stage ends up (the final outcomes of the tests that stage justifies; finalization: the tests no stage
// justifies, P2P included). The first divergence is the first focus request where either differs. Tests
// are only known at the end, so a stage whose tests differ can diverge on tests before any action differs
// (an earlier requirement lost later): the first action difference is reported beside it. Pure.
import type { AlignedRow } from "./align";
import type { Step, ToolCall } from "./model";
import type { Segment } from "./segment";
import type { VerdictTest } from "./verdict-test";
import { fileEdits, shellCommand } from "./tools";
import { pushAll } from "../common/arrays";

/** What one tool call did, independent of what the harness names the tool: commands, edits, or the call itself. */
export function actionKeys(call: ToolCall): string[] {
  const command = shellCommand(call);
  if (command !== null) return [`run ${command.replace(/\s+/g, " ").trim()}`];
  const edits = fileEdits(call);
  if (edits.length > 0) return edits.map((e) => `edit ${e.path} ${JSON.stringify([e.before, e.after])}`);
  return [`${call.name.toLowerCase()} ${canonicalJson(call.args)}`];
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The tool actions of one request, in order: its agent's own steps (replayed context and sidechains left out). */
export function requestActions(steps: readonly Step[], seg: Segment): string[] {
  const out: string[] = [];
  for (let n = seg.first; n <= seg.last; n++) {
    const s = steps[n - 1];
    if (!s || s.source === "user" || s.copied || s.sidechain) continue;
    for (const call of s.toolCalls) pushAll(out, actionKeys(call));
  }
  return out;
}

/** Actions per scheduled position, for every request that has steps. */
export function actionsByPosition(steps: readonly Step[], segments: readonly Segment[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const seg of segments) if (seg.position !== null) out.set(seg.position, requestActions(steps, seg));
  return out;
}

/** The final status of each test a stage justifies (stage null: the tests no stage justifies). */
export function stageTests(verdict: readonly VerdictTest[], stage: number | null): Map<string, string> {
  return new Map(verdict.filter((t) => (t.stage ?? null) === stage).map((t) => [t.testId, t.status]));
}

export type Sameness = "same" | "differ" | "unknown";

export interface TestDiff {
  testId: string;
  /** null: the test is not in that run's verdict. */
  left: string | null;
  right: string | null;
}

export interface FocusComparison {
  k: number;
  left: number | null;
  right: number | null;
  stage: number | null;
  isSubmit: boolean;
  actions: Sameness;
  /** Index of the first action that differs (the shorter list's length when one is a prefix of the other). */
  actionIndex: number | null;
  /** That action on each side, clipped for display (null: that side has no action there). */
  leftAction: string | null;
  rightAction: string | null;
  leftCount: number | null;
  rightCount: number | null;
  tests: Sameness;
  testDiffs: TestDiff[];
}

export interface Divergence {
  focus: FocusComparison[];
  /** The focus ordinal (k) of the first divergence, or null when the runs agree wherever they can be compared. */
  first: number | null;
  firstAction: number | null;
  firstTests: number | null;
}

export interface SideEvidence {
  /** Actions per position; null when the run publishes no trajectory (actions cannot be compared). */
  actions: ReadonlyMap<number, readonly string[]> | null;
  /** The run's final focus verdict; null when unknown. */
  verdict: readonly VerdictTest[] | null;
}

const CLIP = 200;
const clip = (s: string | undefined) => (s === undefined ? null : s.length > CLIP ? `${s.slice(0, CLIP - 1)}…` : s);

function compareActions(a: readonly string[], b: readonly string[]) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? null : n;
}

function compareTests(a: Map<string, string>, b: Map<string, string>): TestDiff[] {
  const ids = [...new Set([...a.keys(), ...b.keys()])].sort();
  return ids
    .filter((id) => a.get(id) !== b.get(id))
    .map((id) => ({ testId: id, left: a.get(id) ?? null, right: b.get(id) ?? null }));
}

export function compareFocus(rows: readonly AlignedRow[], left: SideEvidence, right: SideEvidence): Divergence {
  const focus: FocusComparison[] = [];
  for (const row of rows) {
    if (row.kind !== "focus") continue;
    const la = left.actions && (row.left === null ? [] : (left.actions.get(row.left) ?? []));
    const ra = right.actions && (row.right === null ? [] : (right.actions.get(row.right) ?? []));
    const index = la && ra ? compareActions(la, ra) : null;
    const stage = row.isSubmit ? null : row.stage;
    const diffs =
      left.verdict && right.verdict
        ? compareTests(stageTests(left.verdict, stage), stageTests(right.verdict, stage))
        : [];
    focus.push({
      k: row.k,
      left: row.left,
      right: row.right,
      stage: row.stage,
      isSubmit: row.isSubmit,
      actions: la && ra ? (index === null ? "same" : "differ") : "unknown",
      actionIndex: index,
      leftAction: index === null ? null : clip(la?.[index]),
      rightAction: index === null ? null : clip(ra?.[index]),
      leftCount: la ? la.length : null,
      rightCount: ra ? ra.length : null,
      tests: left.verdict && right.verdict ? (diffs.length > 0 ? "differ" : "same") : "unknown",
      testDiffs: diffs,
    });
  }
  const firstWhere = (p: (c: FocusComparison) => boolean) => focus.find(p)?.k ?? null;
  return {
    focus,
    first: firstWhere((c) => c.actions === "differ" || c.tests === "differ"),
    firstAction: firstWhere((c) => c.actions === "differ"),
    firstTests: firstWhere((c) => c.tests === "differ"),
  };
}
