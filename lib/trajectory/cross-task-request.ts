// The scan of one focus request for cross-task interference (detect-cross-task.ts): each call's effect judged
// against the other checkouts, in order. What a call only looks at is kept as a look (cross-task-taking.ts says
// what a later edit took from it); what a call takes, runs or edits there is evidence at its step.
import { addedText, callEffect, type CallEffect, type TrajectoryShell } from "./call-effects";
import { takenLines, foreignDefinitions, observedLines } from "./cross-task-taking";
import { forEachCall, record, within, type AddReason, type Other, type ScanContext } from "./cross-task-scan";
import { containsName, isFileName } from "./identifiers";
import type { Step } from "./model";
import type { RequestInfo, Segment } from "./segment";
import type { EvidenceReason } from "./tags";
import { addedLines } from "./tools";

const BUILDS_PATCH = /\b(diff|format-patch|patch|apply)\b/;

/** The evidence of interference one focus request's calls show; records their changes and looks in `ctx`. */
export function scanSegment(
  steps: readonly Step[],
  seg: Segment,
  req: RequestInfo,
  shell: TrajectoryShell,
  ctx: ScanContext,
): EvidenceReason[] {
  const reasons: EvidenceReason[] = [];
  const seen = new Set<string>();
  const add: AddReason = (step, kind, text) => {
    if (seen.has(`${step}\u0000${text}`)) return;
    seen.add(`${step}\u0000${text}`);
    reasons.push({ step, kind, text });
  };
  const brought: string[] = []; // names of files copied in from other checkouts during this request
  const diffs: number[] = []; // steps that build a diff or patch, for a finalization's evidence
  forEachCall(steps, seg, (call, n) => {
    const eff = record(ctx.produced, n, callEffect(call, shell, req.workspace));
    const copied = foreignCopies(eff, ctx);
    // Running or reading what was brought in is using it: part of the same interference.
    const used = brought.find((name) => eff.text.includes(name));
    if (used && copied.length === 0) add(n, "uses-foreign-file", `uses ${used}, brought in from another checkout`);
    for (const c of copied) {
      brought.push(c.from.split("/").pop()!);
      ctx.brought.push(c.to);
    }
    for (const c of copied)
      add(
        n,
        "foreign-file",
        `copies ${c.from} from ${c.other.ws}, the checkout of ${c.other.task}, into the focus checkout`,
      );
    const named = ctx.others.filter((o) => o.re.test(eff.text) || eff.dirs.some((d) => within(d, o.ws)));
    let touched = named.filter((o) => !copied.some((c) => c.other === o));
    if (eff.readOnly) touched = touched.filter((o) => !ctx.requested.includes(o));
    const globbed = ctx.globs.some((g) => g.test(eff.text)) && !(eff.readOnly && ctx.requested.length > 0);
    const patchy = eff.command !== null ? BUILDS_PATCH.test(eff.command) : false;
    if (patchy) diffs.push(n);
    // Looking is no interference: a call that only reads other checkouts takes nothing from them, unless it
    // builds the submission's diff. What a later focus edit takes from them is (cross-task-taking.ts).
    if (eff.readOnly && (touched.length > 0 || globbed) && !(req.isSubmit && patchy)) {
      const seen = observedLines(steps[n - 1]!, call.id);
      for (const o of touched) ctx.looks.push({ step: n, other: o, seen });
      return;
    }
    if (touched.length >= 2 || globbed) {
      const list = touched.length ? touched.map((o) => o.ws).join(", ") : "every checkout";
      add(
        n,
        eff.command !== null ? "checkout-loop" : "sibling-path",
        `${eff.command !== null ? "a command iterates over" : "a tool call reaches"} other checkouts (${list})`,
      );
      if (req.isSubmit && patchy)
        add(n, "multi-checkout-submission", "the submitted diff is built from other checkouts");
    } else if (touched.length === 1) {
      const o = touched[0]!;
      if (req.isSubmit && patchy) {
        add(n, "multi-checkout-submission", `the final patch takes in the diff of ${o.ws}, the checkout of ${o.task}`);
      } else if (eff.command !== null) {
        const how = o.re.test(eff.command)
          ? ""
          : eff.dirs.some((d) => within(d, o.ws)) && !o.re.test(eff.text)
            ? " (its working directory, left by an earlier cd)"
            : " (its working directory)";
        add(n, "sibling-command", `a command runs in ${o.ws}, the checkout of ${o.task}${how}`);
      } else {
        add(n, "sibling-path", `${call.name} touches ${o.ws}, the checkout of ${o.task}`);
      }
    }
    takenLines(eff, n, ctx, add);
    foreignDefinitions(eff, n, ctx, add);
    namedOnlyElsewhere(eff, n, ctx, add);
  });
  // A finalization that took from other checkouts: the diff it then builds is the submission that carries it.
  if (req.isSubmit && reasons.length > 0)
    for (const n of diffs)
      if (!reasons.some((r) => r.step === n)) add(n, "submission-diff", "builds the submitted diff");
  return reasons;
}

/**
 * A focus edit of a file only another task's requests name, or adding a name only another task's requests
 * mention; the focus work's own files (edited before) are its own, whoever names them later.
 */
function namedOnlyElsewhere(eff: CallEffect, n: number, ctx: ScanContext, add: AddReason): void {
  for (const change of eff.changes) {
    const paths = change.kind === "copy" || change.kind === "move" ? [change.to] : [change.path];
    if (paths.some((p) => ctx.others.some((o) => within(p, o.ws)))) continue; // reported as a path in another checkout
    if ((change.kind === "copy" || change.kind === "move") && ctx.others.some((o) => within(change.from, o.ws)))
      continue; // reported as a copy
    const text = addedText(change);
    const rel = relativeTo(paths[0]!, ctx.focusWs);
    let added: string[] | null = null;
    for (const [name, task] of ctx.foreignNames) {
      if (isFileName(name) && (rel === name || rel.endsWith(`/${name}`)) && !ctx.focusFiles.has(rel)) {
        add(n, "foreign-file", `edits ${rel}, a file only ${task}'s requests name`);
      } else if (
        text &&
        !containsName(text.before, name) &&
        (added ??= addedLines({ path: rel, before: text.before, after: text.after })).some((l) => containsName(l, name))
      ) {
        add(n, "foreign-identifier", `a focus edit adds \`${name}\`, named only in ${task}'s requests`);
      }
    }
    ctx.focusFiles.add(rel);
  }
}

/** Copies or moves from another checkout into the focus checkout. */
function foreignCopies(eff: CallEffect, ctx: ScanContext): { from: string; to: string; other: Other }[] {
  const out: { from: string; to: string; other: Other }[] = [];
  for (const c of eff.changes) {
    if (c.kind !== "copy" && c.kind !== "move") continue;
    const other = ctx.others.find((o) => within(c.from, o.ws));
    if (other && ctx.focusWs.some((w) => within(c.to, w))) out.push({ from: c.from, to: c.to, other });
  }
  return out;
}

function relativeTo(path: string, roots: string[]): string {
  for (const root of roots) if (path.startsWith(`${root}/`)) return path.slice(root.length + 1);
  return path.replace(/^\.\//, "");
}
