// Cross-task interference (docs/benchmark.md, "The two trace signatures"; paper App. E.1, E.3): during a
// focus request or the finalization, material of another active task enters the focus work. Evidence this
// detector accepts, per tool call (call-effects.ts reads edit tools and shell commands alike):
//  - a command run in another task's checkout: named by path, by the call's working directory (Codex's
//    `workdir`), by a `cd` inside the command or left by an earlier one in the same shell;
//  - a file of another checkout read or edited, or copied into the focus checkout;
//  - a command iterating over the checkouts (a loop over several of them, or a glob over their folder);
//  - at finalization, a diff or patch built from other checkouts (the submission's scope), in one command
//    or over several;
//  - a focus edit (tool or shell) adding a name (identifier, file) that only another task's requests mention;
//  - when the run's submitted patch is known (DetectorInput.patchTaint, patch-taint.ts): a patch file of another
//    task or checkout, or an added line naming what only another task's requests mention. Such a finding points
//    at the steps that wrote those lines (the last edit adding each line to a file of that path), joined to
//    the tag of the focus request that step belongs to, or to the finalization's when an interruption wrote
//    them; a finding no step of the trace produced makes no tag (the patch tab still shows it).
// Reading another checkout is no interference when the focus request itself asks to compare with it (it
// names that checkout or its task). Each finding points at the step that shows it; the verdict plays no part.
import { addedText, callEffect, TrajectoryShell, type CallEffect } from "./call-effects";
import { containsName, isFileName, mentionedNames } from "./identifiers";
import type { Step } from "./model";
import type { RequestInfo, Segment } from "./segment";
import { resolvePath } from "./shell-ops";
import type { TaintFact } from "./patch-taint";
import type { DetectorInput, EvidenceReason, SignatureTag } from "./tags";
import { addedLines } from "./tools";

export const CROSS_TASK_DETECTOR = "cross-task-interference detector v4";

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A checkout path as a whole path component: /work/w01 matches "/work/w01/src" but not "/work/w010". */
function pathPattern(ws: string): RegExp {
  return new RegExp(`(^|[^\\w./-])${escapeRegExp(ws.replace(/\/$/, ""))}(?=$|[/\\s"'\`;:)|&>,.])`);
}

function parentOf(path: string): string {
  const p = path.replace(/\/$/, "");
  return p.slice(0, p.lastIndexOf("/") + 1);
}

interface Other {
  ws: string;
  task: string;
  re: RegExp;
}

const within = (path: string, ws: string) => path === ws || path.startsWith(`${ws}/`);

export function detectCrossTaskInterference(input: DetectorInput): SignatureTag[] {
  const { steps, segmentation, focusTaskId, workspaces } = input;
  const others: Other[] = Object.entries(workspaces)
    .filter(([, task]) => task !== focusTaskId)
    .map(([ws, task]) => ({ ws: resolvePath(null, ws), task, re: pathPattern(ws) }));
  const focusWs = Object.entries(workspaces)
    .filter(([, task]) => task === focusTaskId)
    .map(([ws]) => resolvePath(null, ws));
  if (others.length === 0) return [];
  const roots = [
    ...new Set(
      Object.keys(workspaces)
        .map(parentOf)
        .filter((r) => r.length > 1),
    ),
  ];
  const globs = roots.map((r) => new RegExp(`${escapeRegExp(r)}[^\\s"'/;|&]*[*?[]`));

  const focusNames = new Set<string>();
  for (const seg of segmentation.segments)
    if (seg.request?.taskId === focusTaskId && seg.request.text)
      for (const n of mentionedNames(seg.request.text)) focusNames.add(n);

  const tags: SignatureTag[] = [];
  const foreignNames = new Map<string, string>(); // name → task whose request mentioned it
  const shell = new TrajectoryShell();
  const focusFiles = new Set<string>(); // files the focus work has edited so far: its own, whoever names them later
  const produced: Produced[] = []; // every change's added lines, for tracing the final patch's lines back
  const looks: ScanContext["looks"] = [];
  const brought: string[] = [];
  const definitions = new Definitions();
  for (const seg of segmentation.segments) {
    const req = seg.request;
    if (!req || req.taskId !== focusTaskId) {
      // Other requests only move the shell (a `cd` there carries over) and name things.
      for (const n of mentionedNames(req?.text ?? ""))
        if (req && !focusNames.has(n) && !foreignNames.has(n)) foreignNames.set(n, req.taskId);
      forEachCall(steps, seg, (call, n) => record(produced, n, callEffect(call, shell, req?.workspace ?? null)));
      continue;
    }
    const requested = others.filter(
      (o) => req.text !== null && (o.re.test(req.text) || containsName(req.text, o.task)),
    );
    const reasons = scanSegment(steps, seg, req, shell, {
      others,
      globs,
      foreignNames,
      focusWs,
      requested,
      focusFiles,
      produced,
      looks,
      brought,
      definitions,
    });
    if (reasons.length === 0) continue;
    // What this request took from other checkouts: its looks at them are part of the taking (a diff viewed, then applied).
    for (const look of looks)
      if (look.step >= seg.first && look.step <= seg.last && !reasons.some((r) => r.step === look.step))
        reasons.push({
          step: look.step,
          kind: "looked-then-took",
          text: `reads ${look.other.ws}, the checkout of ${look.other.task}`,
        });
    const stepNs = [...new Set(reasons.map((r) => r.step))].sort((a, b) => a - b);
    const where = req.isSubmit
      ? `At finalization (request ${req.position})`
      : `During focus request ${req.position} (stage ${req.stage})`;
    const texts = [...new Set(reasons.map((r) => r.text))];
    tags.push({
      id: `detector-cti-${req.position}`,
      signature: "cross_task_interference",
      position: req.position,
      steps: stepNs,
      note: `${where}: ${texts.slice(0, 3).join("; ")}${texts.length > 3 ? "; …" : ""}.`,
      author: { kind: "detector", name: CROSS_TASK_DETECTOR },
      origin: "detector",
      strength: "strong",
      reasons,
    });
  }
  // The final patch is the focus checkout's diff: its lines are traced to changes made there (or to relative
  // paths) first; to another checkout's changes only when no file was copied in from there (a copy is its own
  // evidence), as when the submission takes in other checkouts' diffs (App. E.3).
  const inFocus = produced.filter((p) => !p.path.startsWith("/") || focusWs.some((w) => within(p.path, w)));
  const copiedIn = (path: string) => brought.some((b) => samePath(b, path));
  if (input.patchTaint?.length)
    addPatchEvidence(tags, input.patchTaint, { inFocus, all: produced, copiedIn }, segmentation, focusTaskId);
  return tags;
}

interface Produced {
  step: number;
  path: string;
  lines: Set<string>;
}

function record(out: Produced[], n: number, eff: CallEffect): CallEffect {
  for (const change of eff.changes) {
    const text = addedText(change);
    if (!text) continue;
    const path = change.kind === "copy" || change.kind === "move" ? change.to : change.path;
    out.push({ step: n, path, lines: new Set(addedLines({ path, before: text.before, after: text.after })) });
  }
  return eff;
}

const bare = (p: string) => p.replace(/^(\.\/|\/)+/, "");

/** A trace path and a patch path name the same file: equal, or one is the other below a checkout. */
function samePath(tracePath: string, patchPath: string): boolean {
  const a = bare(tracePath);
  const b = bare(patchPath);
  return a === b || a.endsWith(`/${b}`) || b.endsWith(`/${a}`);
}

/** A line worth tracing: not blank, not a lone bracket or keyword (the state-loss detector's rule). */
const traceable = (line: string) => line.length >= 8 && /[A-Za-z]/.test(line);

/** The steps that wrote a finding's lines: for each line, the last change adding it to a file of that path. */
function producers(fact: TaintFact, produced: readonly Produced[]): number[] {
  const out = new Set<number>();
  const lines = fact.lines
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => (fact.kind === "name" ? l !== "" : traceable(l)));
  for (const line of lines) {
    for (let i = produced.length - 1; i >= 0; i--) {
      const p = produced[i]!;
      if (p.lines.has(line) && samePath(p.path, fact.path)) {
        out.add(p.step);
        break;
      }
    }
  }
  if (out.size === 0 && fact.kind === "name" && fact.name !== null) {
    // The line was reworded after the name came in: the last change adding the name to that file.
    for (let i = produced.length - 1; i >= 0; i--) {
      const p = produced[i]!;
      if (samePath(p.path, fact.path) && [...p.lines].some((l) => containsName(l, fact.name!))) {
        out.add(p.step);
        break;
      }
    }
  }
  return [...out].sort((a, b) => a - b);
}

function factText(f: TaintFact, steps: number[]): string {
  const by = `step${steps.length === 1 ? "" : "s"} ${steps.join(", ")} wrote ${f.kind === "name" ? "it" : "its lines"}`;
  if (f.kind === "name")
    return `the final patch adds \`${f.name}\` to ${f.path}, named only in ${f.task_id}'s requests (${by})`;
  const whose =
    f.mark === "other_task"
      ? `a changed source file of ${f.task_id}`
      : f.task_id
        ? `a file of ${f.task_id}'s checkout`
        : "a file outside the focus checkout";
  return `the final patch carries ${f.path}, ${whose} (${by})`;
}

interface PatchSources {
  inFocus: readonly Produced[];
  all: readonly Produced[];
  copiedIn: (path: string) => boolean;
}

/** The steps that wrote a finding's lines; `foreign` when only another checkout's own changes did. */
function patchProducers(fact: TaintFact, sources: PatchSources): { steps: number[]; foreign: boolean } {
  const own = producers(fact, sources.inFocus);
  if (own.length > 0 || sources.copiedIn(fact.path)) return { steps: own, foreign: false };
  return { steps: producers(fact, sources.all), foreign: true };
}

function addPatchEvidence(
  tags: SignatureTag[],
  facts: readonly TaintFact[],
  sources: PatchSources,
  segmentation: DetectorInput["segmentation"],
  focusTaskId: string,
) {
  const focusReqs = segmentation.segments
    .map((s) => s.request)
    .filter((r): r is RequestInfo => r !== null && r.taskId === focusTaskId);
  const submit = focusReqs.find((r) => r.isSubmit) ?? focusReqs[focusReqs.length - 1] ?? null;
  // A step of a focus stage request answers for itself; an interruption's or the finalization's, at the finalization.
  const requestOf = (n: number): RequestInfo | null => {
    const req = segmentation.segments[segmentation.segmentOf[n - 1] ?? -1]?.request ?? null;
    return req && req.taskId === focusTaskId && !req.isSubmit ? req : submit;
  };
  const byRequest = new Map<RequestInfo, EvidenceReason[]>();
  for (const fact of facts) {
    const { steps, foreign } = patchProducers(fact, sources);
    if (steps.length === 0) continue;
    const kind = fact.kind === "name" ? "patch-foreign-identifier" : "patch-foreign-file";
    const text = factText(fact, steps);
    // Lines only another checkout's own edits wrote came with what the trace already shows taken from there:
    // they join that tag (the finalization's first), one event; with no such tag, the finalization's.
    const taking = foreign ? (tags.find((t) => t.position === submit?.position) ?? tags[tags.length - 1]) : undefined;
    if (taking) {
      for (const n of steps) taking.reasons.push({ step: n, kind, text });
      taking.steps = [...new Set([...taking.steps, ...steps])].sort((a, b) => a - b);
      continue;
    }
    for (const n of steps) {
      const req = foreign ? submit : requestOf(n);
      if (!req) continue;
      const list = byRequest.get(req) ?? byRequest.set(req, []).get(req)!;
      if (!list.some((r) => r.step === n && r.text === text)) list.push({ step: n, kind, text });
    }
  }
  for (const [req, reasons] of byRequest) {
    const texts = [...new Set(reasons.map((r) => r.text))];
    const summary = `${texts.slice(0, 2).join("; ")}${texts.length > 2 ? "; …" : ""}`;
    const found = tags.find((t) => t.position === req.position);
    if (found) {
      found.reasons = [...found.reasons, ...reasons];
      found.steps = [...new Set([...found.steps, ...reasons.map((r) => r.step)])].sort((a, b) => a - b);
      found.note = `${found.note.replace(/\.$/, "")}; ${summary}.`;
      continue;
    }
    const where = req.isSubmit
      ? `At finalization (request ${req.position})`
      : `During focus request ${req.position} (stage ${req.stage})`;
    tags.push({
      id: `detector-cti-${req.position}`,
      signature: "cross_task_interference",
      position: req.position,
      steps: [...new Set(reasons.map((r) => r.step))].sort((a, b) => a - b),
      note: `${where}: ${summary}.`,
      author: { kind: "detector", name: CROSS_TASK_DETECTOR },
      origin: "detector",
      strength: "strong",
      reasons,
    });
  }
  tags.sort((a, b) => (a.position ?? -1) - (b.position ?? -1));
}

function forEachCall(steps: readonly Step[], seg: Segment, f: (call: Step["toolCalls"][number], n: number) => void) {
  for (let n = seg.first; n <= seg.last; n++) {
    const s = steps[n - 1]!;
    if (s.source !== "agent" || s.copied || s.sidechain) continue;
    for (const call of s.toolCalls) f(call, n);
  }
}

interface ScanContext {
  others: Other[];
  globs: RegExp[];
  foreignNames: Map<string, string>;
  focusWs: string[];
  /** Checkouts the focus request itself names: reading them is what it asks for. */
  requested: Other[];
  focusFiles: Set<string>;
  produced: Produced[];
  /** Functions and classes each checkout's work has defined so far. */
  definitions: Definitions;
  /** Focus paths files were copied to from other checkouts (the final patch's evidence defers to the copy). */
  brought: string[];
  /** Reads of other checkouts with nothing taken yet (looking is no interference on its own), with what they showed. */
  looks: { step: number; other: Other; seen: ReadonlySet<string> }[];
}

const BUILDS_PATCH = /\b(diff|format-patch|patch|apply)\b/;

function scanSegment(
  steps: readonly Step[],
  seg: Segment,
  req: RequestInfo,
  shell: TrajectoryShell,
  ctx: ScanContext,
): EvidenceReason[] {
  const reasons: EvidenceReason[] = [];
  const seen = new Set<string>();
  const add = (step: number, kind: string, text: string) => {
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
    // builds the submission's diff. What a later focus edit takes from them is (takenLines below).
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
          (added ??= addedLines({ path: rel, before: text.before, after: text.after })).some((l) =>
            containsName(l, name),
          )
        ) {
          add(n, "foreign-identifier", `a focus edit adds \`${name}\`, named only in ${task}'s requests`);
        }
      }
      ctx.focusFiles.add(rel);
    }
  });
  // A finalization that took from other checkouts: the diff it then builds is the submission that carries it.
  if (req.isSubmit && reasons.length > 0)
    for (const n of diffs)
      if (!reasons.some((r) => r.step === n)) add(n, "submission-diff", "builds the submitted diff");
  return reasons;
}

/** The distinctive lines a call's observation showed (what a look at another checkout saw). */
function observedLines(step: Step, callId: string): ReadonlySet<string> {
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
const distinctive = (line: string) => line.length >= 12 && /[A-Za-z]/.test(line) && !/^(import|from)\s/.test(line);

/**
 * A focus edit that writes lines another task's work wrote into its own checkout, after a focus request looked
 * at that checkout: what the look took. Evidence at the edit, and at the looks before it.
 */
function takenLines(
  eff: CallEffect,
  n: number,
  ctx: ScanContext,
  add: (step: number, kind: string, text: string) => void,
): void {
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
function definedName(line: string): string | null {
  const m = DEFINES.exec(line);
  const name = m?.[1] ?? m?.[2];
  return name && (name.length >= 8 || name.includes("_")) ? name : null;
}

/** Names defined so far, per checkout (the focus work's under ""), read once per change as the scan goes. */
export class Definitions {
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
function foreignDefinitions(
  eff: CallEffect,
  n: number,
  ctx: ScanContext,
  add: (step: number, kind: string, text: string) => void,
): void {
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
