// What the modules of the cross-task-interference detector (detect-cross-task.ts) share: the other tasks'
// checkouts, the changes recorded as the trace is walked, and the context the scan of one focus request reads
// and adds to. No sibling module is imported here, so none of them forms a ring through it.
import { addedText, type CallEffect } from "./call-effects";
import type { Step } from "./model";
import type { RequestInfo, Segment } from "./segment";
import { addedLines } from "./tools";

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A checkout path as a whole path component: /work/w01 matches "/work/w01/src" but not "/work/w010". */
export function pathPattern(ws: string): RegExp {
  return new RegExp(`(^|[^\\w./-])${escapeRegExp(ws.replace(/\/$/, ""))}(?=$|[/\\s"'\`;:)|&>,.])`);
}

/** The folder a checkout sits in ("/work/" for /work/w01). */
export function parentOf(path: string): string {
  const p = path.replace(/\/$/, "");
  return p.slice(0, p.lastIndexOf("/") + 1);
}

/** Another task's checkout. */
export interface Other {
  ws: string;
  task: string;
  re: RegExp;
}

export const within = (path: string, ws: string) => path === ws || path.startsWith(`${ws}/`);

/** One change's added lines, whoever made it, for tracing lines back to the step that wrote them. */
export interface Produced {
  step: number;
  path: string;
  lines: Set<string>;
}

/** Records the call's changes (their added lines) in `out`, and returns the effect. */
export function record(out: Produced[], n: number, eff: CallEffect): CallEffect {
  for (const change of eff.changes) {
    const text = addedText(change);
    if (!text) continue;
    const path = change.kind === "copy" || change.kind === "move" ? change.to : change.path;
    out.push({ step: n, path, lines: new Set(addedLines({ path, before: text.before, after: text.after })) });
  }
  return eff;
}

/** Every agent call of a segment, in order, with its step n (copied and sidechain steps are not the run's). */
export function forEachCall(
  steps: readonly Step[],
  seg: Segment,
  f: (call: Step["toolCalls"][number], n: number) => void,
) {
  for (let n = seg.first; n <= seg.last; n++) {
    const s = steps[n - 1]!;
    if (s.source !== "agent" || s.copied || s.sidechain) continue;
    for (const call of s.toolCalls) f(call, n);
  }
}

/** How a tag's note names the request it belongs to. */
export function requestPlace(req: RequestInfo): string {
  return req.isSubmit
    ? `At finalization (request ${req.position})`
    : `During focus request ${req.position} (stage ${req.stage})`;
}

/** A read of another checkout that took nothing (yet), with the distinctive lines its output showed. */
export interface Look {
  step: number;
  other: Other;
  seen: ReadonlySet<string>;
}

/** What each checkout's work has written so far (cross-task-taking.ts `CheckoutWork`); the focus work's under "". */
export interface CheckoutWorkIndex {
  /** Checkout → the functions and classes its work defined. */
  readonly definedBy: ReadonlyMap<string, ReadonlySet<string>>;
  /** Line → the checkouts whose work wrote it. */
  readonly writers: ReadonlyMap<string, ReadonlySet<string>>;
  /** Takes in the changes recorded before step `n`. */
  update(produced: readonly Produced[], others: readonly Other[], n: number): void;
}

/** Adds one reason to the request's evidence (once per step and text). */
export type AddReason = (step: number, kind: string, text: string) => void;

export interface ScanContext {
  others: Other[];
  globs: RegExp[];
  foreignNames: Map<string, string>;
  focusWs: string[];
  /** Checkouts the focus request itself names: reading them is what it asks for. */
  requested: Other[];
  focusFiles: Set<string>;
  produced: Produced[];
  /** Functions and classes each checkout's work has defined so far. */
  work: CheckoutWorkIndex;
  /** Focus paths files were copied to from other checkouts (the final patch's evidence defers to the copy). */
  brought: string[];
  /** Reads of other checkouts with nothing taken yet (looking is no interference on its own), with what they showed. */
  looks: Look[];
}
