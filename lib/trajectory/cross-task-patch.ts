// The submitted patch as evidence of cross-task interference (detect-cross-task.ts, DetectorInput.patchTaint from
// patch-taint.ts): each finding of the final patch traced back to the steps that wrote its lines, and joined to
// the tag of the focus request those steps belong to.
import { requestPlace, type Produced } from "./cross-task-scan";
import { containsName } from "./identifiers";
import type { TaintFact } from "./patch-taint";
import type { RequestInfo } from "./segment";
import type { DetectorInput, EvidenceReason, SignatureTag } from "./tags";

const bare = (p: string) => p.replace(/^(\.\/|\/)+/, "");

/** A trace path and a patch path name the same file: equal, or one is the other below a checkout. */
export function samePath(tracePath: string, patchPath: string): boolean {
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

/** The changes the final patch's lines are traced to. */
export interface PatchSources {
  /** Changes made in the focus checkout (or to relative paths): the patch is its diff. */
  inFocus: readonly Produced[];
  all: readonly Produced[];
  /** Whether a file of that path was copied in from another checkout (the copy is its own evidence). */
  copiedIn: (path: string) => boolean;
}

/** The steps that wrote a finding's lines; `foreign` when only another checkout's own changes did. */
function patchProducers(fact: TaintFact, sources: PatchSources): { steps: number[]; foreign: boolean } {
  const own = producers(fact, sources.inFocus);
  if (own.length > 0 || sources.copiedIn(fact.path)) return { steps: own, foreign: false };
  return { steps: producers(fact, sources.all), foreign: true };
}

/**
 * Adds the final patch's findings to `tags` (in place): each to the tag of the focus request its steps belong to,
 * a new one where that request has none; lines only another checkout's own changes wrote join an existing tag.
 */
export function addPatchEvidence(
  tags: SignatureTag[],
  facts: readonly TaintFact[],
  sources: PatchSources,
  segmentation: DetectorInput["segmentation"],
  focusTaskId: string,
  detector: string,
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
    tags.push({
      id: `detector-cti-${req.position}`,
      signature: "cross_task_interference",
      position: req.position,
      steps: [...new Set(reasons.map((r) => r.step))].sort((a, b) => a - b),
      note: `${requestPlace(req)}: ${summary}.`,
      author: { kind: "detector", name: detector },
      origin: "detector",
      strength: "strong",
      reasons,
    });
  }
  tags.sort((a, b) => (a.position ?? -1) - (b.position ?? -1));
}
