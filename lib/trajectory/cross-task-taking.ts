// What a focus edit takes from another task's work (detect-cross-task.ts): lines another task wrote in its
// checkout, written into the focus checkout after a look at it, and functions or classes only another task's work
// defined, used by a focus edit. Looking alone takes nothing; these say what a look took.
import { addedText, type CallEffect } from "./call-effects";
import {
  within,
  type AddReason,
  type DefinitionIndex,
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
  for (const change of eff.changes) {
    const text = addedText(change);
    const path = change.kind === "copy" || change.kind === "move" ? change.to : change.path;
    if (!text || !ctx.focusWs.some((w) => within(path, w))) continue;
    const lines = addedLines({ path, before: text.before, after: text.after }).filter(distinctive);
    if (lines.length === 0) continue;
    for (const other of ctx.others) {
      const looked = ctx.looks.filter((l) => l.other === other && l.step < n);
      if (looked.length === 0) continue;
      const theirs = new Set(
        ctx.produced.filter((p) => p.step < n && within(p.path, other.ws)).flatMap((p) => [...p.lines]),
      );
      const ours = new Set(
        ctx.produced.filter((p) => p.step < n && !within(p.path, other.ws)).flatMap((p) => [...p.lines]),
      );
      const taken = lines.filter((l) => theirs.has(l) && !ours.has(l));
      // Lines only seen in a look (its output), not written by the trace: the checkouts share their base, so more are needed.
      const shown = lines.filter((l) => !ours.has(l) && looked.some((k) => k.seen.has(l)));
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

/** Names defined so far, per checkout (the focus work's under ""), read once per change as the scan goes. */
export class Definitions implements DefinitionIndex {
  private read = 0;
  readonly byCheckout = new Map<string, Set<string>>();

  /** Takes in the changes recorded before step `n` (they come in step order). */
  update(produced: readonly Produced[], others: readonly Other[], n: number): void {
    for (; this.read < produced.length && produced[this.read]!.step < n; this.read++) {
      const p = produced[this.read]!;
      const ws = others.find((o) => within(p.path, o.ws))?.ws ?? "";
      for (const l of p.lines) {
        const name = definedName(l);
        if (name) (this.byCheckout.get(ws) ?? this.byCheckout.set(ws, new Set()).get(ws)!).add(name);
      }
    }
  }
}

/**
 * A focus edit that uses a function or class only another task's work defined, in its own checkout, earlier in the
 * trace (an import of that task's helper): the focus code now depends on the other task's work.
 */
export function foreignDefinitions(eff: CallEffect, n: number, ctx: ScanContext, add: AddReason): void {
  ctx.definitions.update(ctx.produced, ctx.others, n);
  const ours = ctx.definitions.byCheckout.get("") ?? new Set<string>();
  for (const change of eff.changes) {
    const text = addedText(change);
    const path = change.kind === "copy" || change.kind === "move" ? change.to : change.path;
    if (!text || !ctx.focusWs.some((w) => within(path, w))) continue;
    let lines: string[] | null = null;
    for (const other of ctx.others) {
      for (const name of ctx.definitions.byCheckout.get(other.ws) ?? []) {
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
