// What a focus edit takes from another task's work (detect-cross-task.ts): lines another task wrote in its
// checkout, written into the focus checkout after a look at it, and functions or classes only another task's work
// defined, used by a focus edit. Looking alone takes nothing; these say what a look took.
import { addedText, type CallEffect } from "./call-effects";
import {
  within,
  type AddReason,
  type CheckoutWorkIndex,
  type Other,
  type Produced,
  type ScanContext,
} from "./cross-task-scan";
import { containsName } from "./identifiers";
import type { Step } from "./model";
import { addedLines } from "./tools";

/** The distinctive lines a call's observation showed (what a look at another checkout saw). */
export function observedLines(step: Step, callId: string): ReadonlySet<string> {
  const result = step.results.find((r) => r.callId === callId) ?? (step.results.length === 1 ? step.results[0] : null);
  if (!result) return new Set();
  return new Set(
    result.content
      .split("\n")
      .map((l) => l.replace(/^\s*\d+[\t|:→]\s?/, "").trim())
      .filter(distinctive),
  );
}

/** Lines worth tracing between checkouts: long enough that two tasks would not write them independently. */
export const distinctive = (line: string) =>
  line.length >= 12 && /[A-Za-z]/.test(line) && !/^(import|from)\s/.test(line);

/**
 * A focus edit that writes lines another task's work wrote into its own checkout, after a focus request looked
 * at that checkout: what the look took. Evidence at the edit, and at the looks before it.
 */
export function takenLines(eff: CallEffect, n: number, ctx: ScanContext, add: AddReason): void {
  ctx.work.update(ctx.produced, ctx.others, n);
  const { writers } = ctx.work;
  for (const change of eff.changes) {
    const text = addedText(change);
    const path = change.kind === "copy" || change.kind === "move" ? change.to : change.path;
    if (!text || !ctx.focusWs.some((w) => within(path, w))) continue;
    const lines = addedLines({ path, before: text.before, after: text.after }).filter(distinctive);
    if (lines.length === 0) continue;
    for (const other of ctx.others) {
      const looked = ctx.looks.filter((l) => l.other === other && l.step < n);
      if (looked.length === 0) continue;
      // Written elsewhere than in that checkout (by the focus work or a third task): not taken from it.
      const ours = (l: string) => [...(writers.get(l) ?? [])].some((ws) => ws !== other.ws);
      const taken = lines.filter((l) => writers.get(l)?.has(other.ws) && !ours(l));
      // Lines only seen in a look (its output), not written by the trace: the checkouts share their base, so more are needed.
      const shown = lines.filter((l) => !ours(l) && looked.some((k) => k.seen.has(l)));
      if (taken.length < 2 && !taken.some((l) => l.length >= 40) && shown.length < 3) continue;
      add(
        n,
        "foreign-lines",
        `a focus edit writes ${taken.length} line(s) that ${other.task}'s work wrote in ${other.ws}`,
      );
      for (const look of looked)
        add(look.step, "foreign-lines", `reads ${other.ws}, the checkout of ${other.task}, before taking its lines`);
    }
  }
}

const DEFINES = /^(?:async\s+)?def\s+(\w+)|^class\s+(\w+)/;

/** A function or class a line defines, when its name is long or private enough to be specific. */
export function definedName(line: string): string | null {
  const m = DEFINES.exec(line);
  const name = m?.[1] ?? m?.[2];
  return name && (name.length >= 8 || name.includes("_")) ? name : null;
}

/**
 * What each checkout's work has written so far, read once per change as the scan goes: its lines and the functions
 * and classes they define (the focus work's, and relative paths, under "").
 */
export class CheckoutWork implements CheckoutWorkIndex {
  private read = 0;
  readonly definedBy = new Map<string, Set<string>>();
  readonly writers = new Map<string, Set<string>>();

  /** Takes in the changes recorded before step `n` (they come in step order). */
  update(produced: readonly Produced[], others: readonly Other[], n: number): void {
    for (; this.read < produced.length && produced[this.read]!.step < n; this.read++) {
      const p = produced[this.read]!;
      const ws = others.find((o) => within(p.path, o.ws))?.ws ?? "";
      for (const l of p.lines) {
        (this.writers.get(l) ?? this.writers.set(l, new Set()).get(l)!).add(ws);
        const name = definedName(l);
        if (name) (this.definedBy.get(ws) ?? this.definedBy.set(ws, new Set()).get(ws)!).add(name);
      }
    }
  }
}

/**
 * A focus edit that uses a function or class only another task's work defined, in its own checkout, earlier in the
 * trace (an import of that task's helper): the focus code now depends on the other task's work.
 */
export function foreignDefinitions(eff: CallEffect, n: number, ctx: ScanContext, add: AddReason): void {
  ctx.work.update(ctx.produced, ctx.others, n);
  const ours = ctx.work.definedBy.get("") ?? new Set<string>();
  for (const change of eff.changes) {
    const text = addedText(change);
    const path = change.kind === "copy" || change.kind === "move" ? change.to : change.path;
    if (!text || !ctx.focusWs.some((w) => within(path, w))) continue;
    let lines: string[] | null = null;
    for (const other of ctx.others) {
      for (const name of ctx.work.definedBy.get(other.ws) ?? []) {
        if (ours.has(name) || !text.after.includes(name) || containsName(text.before, name)) continue;
        lines ??= addedLines({ path, before: text.before, after: text.after });
        if (!lines.some((l) => containsName(l, name))) continue;
        add(
          n,
          "foreign-definition",
          `a focus edit uses \`${name}\`, which only ${other.task}'s work defines (in ${other.ws})`,
        );
      }
    }
  }
}
