// Cross-task interference (docs/benchmark.md, "The two trace signatures"; paper App. E.1, E.3): during a
// focus request or the finalization, material of another active task enters the focus work. Looking at another
// checkout is no interference on its own (reading a file there, listing the checkouts, viewing a diff): what
// matters is what the focus work takes. Evidence this detector accepts, per tool call (call-effects.ts reads
// edit tools and shell commands alike; cross-task-request.ts judges each call):
//  - a command that does more than read, run in another task's checkout: named by path, by the call's working
//    directory (Codex's `workdir`), by a `cd` inside the command or left by an earlier one in the same shell;
//    a tool call that does more than read a file of another checkout (an edit there);
//  - a command iterating over the checkouts (a loop over several of them, or a glob over their folder) that
//    does more than read;
//  - at finalization, a diff or patch built from other checkouts (the submission's scope), in one command or
//    over several: there looking is taking, as the diff is what is submitted; once the finalization took from
//    other checkouts, every diff it builds is evidence too (the submission that carries what it took);
//  - a file copied or moved into the focus checkout from another, and a later call of the same request that
//    names it (runs or reads what was brought in);
//  - a focus edit writing lines another task's work wrote in its own checkout, after a focus request looked
//    there (what the look took; cross-task-taking.ts): evidence at the edit and at those looks;
//  - a focus edit using a function or class only another task's work defined, earlier in the trace (an import
//    of that task's helper), when the focus work did not define it too;
//  - a focus edit (tool or shell) adding a name (identifier, file) that only another task's requests mention;
//  - in a request with any of the above, its looks at other checkouts: what was looked at is what was taken
//    (a diff viewed, then applied);
//  - when the run's submitted patch is known (DetectorInput.patchTaint, patch-taint.ts; cross-task-patch.ts): a
//    patch file of another task or checkout, or an added line naming what only another task's requests
//    mention. Its lines are traced to the focus checkout's changes first (the patch is that checkout's diff):
//    the last edit adding each line to a file of that path, joined to the tag of the focus request that step
//    belongs to, or to the finalization's when an interruption wrote them. Lines only another checkout's own
//    changes wrote (and no file copied in from there) came with what the trace already shows taken: they join
//    the existing tag (the finalization's first), else the finalization's. A finding no step of the trace
//    produced makes no tag (the patch tab still shows it).
// A checkout the focus request itself names (it asks to compare with it, by path or by its task) may be read:
// no look of it is kept. Each finding points at the step that shows it; the verdict plays no part.
import { TrajectoryShell, callEffect } from "./call-effects";
import { addPatchEvidence, samePath } from "./cross-task-patch";
import { scanSegment } from "./cross-task-request";
import {
  escapeRegExp,
  forEachCall,
  parentOf,
  pathPattern,
  record,
  requestPlace,
  within,
  type Other,
  type Produced,
  type ScanContext,
} from "./cross-task-scan";
import { CheckoutWork } from "./cross-task-taking";
import { containsName, mentionedNames } from "./identifiers";
import type { RequestInfo } from "./segment";
import { resolvePath } from "./shell-ops";
import type { DetectorInput, EvidenceReason, SignatureTag } from "./tags";

export const CROSS_TASK_DETECTOR = "cross-task-interference detector v4";

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
  const work = new CheckoutWork();
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
      work,
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
    tags.push(requestTag(req, reasons));
  }
  // The final patch is the focus checkout's diff: its lines are traced to changes made there (or to relative
  // paths) first; to another checkout's changes only when no file was copied in from there (a copy is its own
  // evidence), as when the submission takes in other checkouts' diffs (App. E.3).
  const inFocus = produced.filter((p) => !p.path.startsWith("/") || focusWs.some((w) => within(p.path, w)));
  const copiedIn = (path: string) => brought.some((b) => samePath(b, path));
  if (input.patchTaint?.length)
    addPatchEvidence(
      tags,
      input.patchTaint,
      { inFocus, all: produced, copiedIn },
      segmentation,
      focusTaskId,
      CROSS_TASK_DETECTOR,
    );
  return tags;
}

/** One focus request's tag: its evidence steps, and a note of its first few reasons. */
function requestTag(req: RequestInfo, reasons: EvidenceReason[]): SignatureTag {
  const stepNs = [...new Set(reasons.map((r) => r.step))].sort((a, b) => a - b);
  const texts = [...new Set(reasons.map((r) => r.text))];
  return {
    id: `detector-cti-${req.position}`,
    signature: "cross_task_interference",
    position: req.position,
    steps: stepNs,
    note: `${requestPlace(req)}: ${texts.slice(0, 3).join("; ")}${texts.length > 3 ? "; …" : ""}.`,
    author: { kind: "detector", name: CROSS_TASK_DETECTOR },
    origin: "detector",
    strength: "strong",
    reasons,
  };
}
