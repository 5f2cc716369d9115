// Requirement-state loss (docs/benchmark.md, "The two trace signatures"; paper App. E.1, E.2): a later
// focus edit conflicts with an earlier focus requirement or overlooks the state built for it. The detector
// replays every file change of the trace in order (edit tools, apply_patch, and shell edits: sed -i,
// heredoc and redirection rewrites, git checkout --, cp, mv, patch), remembering which focus stage added
// each line (a line rewritten into a longer form of itself stays its stage's, under its new text), and judges
// the final state, not one edit. The verifier has the last word where it ran: a stage whose F2P tests the
// final verdict all passes lost nothing, whatever became of the lines that first met it.
//  - strong: a focus edit for a later stage (or the finalization) removes lines an earlier focus stage
//    added, and the final state does not have them anywhere in the focus checkout (a refactor that moves
//    them, or a removal restored before finalization, is no loss). No loss either when a focus request in
//    between asks to change the earlier behaviour (loss-excuses.ts reads the requests' intent sentence by
//    sentence: a change verb with a reference back to the earlier state or a name of its lines, and no word
//    that keeps it), when the removing edit keeps the lines in another form (amended into a longer form of
//    themselves; renamed or wrapped only when a change was asked), or when a copy from another task's
//    checkout removed them (interference, not loss). One tag per removing step: one later edit that drops
//    several earlier stages' lines is one loss;
//  - strong, with no removed line (loss-bypass.ts): the final verdict fails an earlier stage's F2P tests and a
//    later focus edit adds a path around that stage's rule, which stays in the file (an exit above it, the
//    rule pushed into a branch beside a new one, a call switched to a new function or sidestepped by one);
//  - weak: the final verdict fails F2P tests of an earlier focus stage while every F2P test of a later
//    stage passes, and focus edits for the later stage rewrote a file the earlier stage had changed. The
//    verdict alone is never enough (the paper tags only with visible evidence).
// The replay is line-replay.ts, which the requirement ledger (ledger.ts) reads too. The final state: when the
// ledger's facts are given (DetectorInput.ledger), a stage counts as lost only where the ledger says so, and a
// stage the ledger calls lost that no removal here explains is tagged from the ledger's own steps; within
// that, DetectorInput.finalState answers for single lines where it can say, else the replay. A stage one tag
// explains is not tagged again (removals first, then the ledger, the bypasses, the verdict pattern).
import type { FileChange } from "./call-effects";
import type { LedgerFact } from "./ledger";
import { replayFocusWork, type Removal } from "./line-replay";
import type { RequestInfo } from "./segment";
import type { DetectorInput, EvidenceReason, SignatureTag } from "./tags";
import { asksForAChange, asksToChange, keptInAnotherForm } from "./loss-excuses";
import { bypassTags } from "./loss-bypass";
import { addedText } from "./call-effects";
import { addedLines } from "./tools";
import type { VerdictTest } from "./verdict-test";

/** The replay both the removals and the weak verdict pattern read. */
type FocusReplay = ReturnType<typeof replayFocusWork>;

export const STATE_LOSS_DETECTOR = "requirement-state-loss detector v4";

/**
 * A request that asks to change or replace what an earlier request established ("supersedes the
 * first request's rule", "drop the earlier handling", "no longer applies"); loss-excuses.ts reads the rest.
 */
const REPLACES_EARLIER =
  /\b(supersed(?:e|es|ed|ing)\b|no longer (?:apply|applies|holds?|needed|wanted|required)\b|(?:replace|drop|remove|undo|revert|discard|abandon)s?\b[^.]{0,60}?\b(?:earlier|previous|first|original|initial|old|stage[- ]?\d|request \d)\b[^.]{0,50}?\b(?:rule|behaviou?r|handling|change|requirement|request|logic|check|guard|branch|fix|conversion)s?\b)/i;

function asksToReplace(text: string | null, removed: readonly string[]): boolean {
  return (text !== null && REPLACES_EARLIER.test(text)) || asksToChange(text, removed);
}

function removalKind(c: FileChange): string {
  if (c.via === "shell") return "shell-edit";
  return c.kind === "write" ? "overwrite" : "dropped-requirement";
}

function removalHow(c: FileChange): string {
  if (c.via === "shell") return `a shell edit (${c.how})`;
  return c.kind === "write" ? `a whole-file write (${c.how})` : `an edit (${c.how})`;
}

/** What the three passes below share; `covered` collects the earlier stages a strong tag already explains. */
interface LossContext {
  input: DetectorInput;
  /** Stage → the ledger's fact about it (ledger.ts, over the same replay). */
  ledger: Map<number, LedgerFact>;
  /** Whether a focus request after `from`, up to `to` (null: the end), asks to replace these earlier lines. */
  replacedBetween: (from: number, to: number | null, removed: readonly string[]) => boolean;
  /** Whether a focus request after `from`, up to `to`, asks for any change (a wrapped line counts only then). */
  changeAskedBetween: (from: number, to: number | null) => boolean;
  /** Stages whose F2P tests the final verdict passes, every one: the verifier says their requirement holds. */
  verified: Set<number>;
  /** A path in another task's checkout: a change from there is interference, not a loss. */
  foreignPath: (path: string) => boolean;
  pattern: VerdictPattern | null;
  covered: Set<number>;
}

export function detectRequirementStateLoss(input: DetectorInput): SignatureTag[] {
  const { steps, segmentation, focusTaskId, workspaces } = input;
  const { lines: replay, focusChanges } = replayFocusWork(steps, segmentation, focusTaskId, workspaces);

  const requests = segmentation.segments.map((g) => g.request).filter((r): r is RequestInfo => r !== null);
  const between = (from: number, to: number | null, asks: (text: string | null) => boolean) =>
    requests.some(
      (q) =>
        q.taskId === focusTaskId && !q.isSubmit && q.position > from && q.position <= (to ?? Infinity) && asks(q.text),
    );
  const others = Object.entries(workspaces)
    .filter(([, task]) => task !== focusTaskId)
    .map(([ws]) => ws.replace(/\/$/, ""));
  const ctx: LossContext = {
    input,
    // The ledger judges each stage's final state: a stage it does not call lost (its lines all back, a partial
    // change its tests pass, only documentation lines) lost nothing.
    ledger: new Map<number, LedgerFact>((input.ledger ?? []).map((f) => [f.stage, f])),
    replacedBetween: (from, to, removed) => between(from, to, (t) => asksToReplace(t, removed)),
    changeAskedBetween: (from, to) => between(from, to, asksForAChange),
    verified: verifiedStages(input.verdict),
    foreignPath: (path) => others.some((ws) => path === ws || path.startsWith(`${ws}/`)),
    pattern: verdictPattern(input.verdict),
    covered: new Set<number>(),
  };
  // In this order: a stage the removals explain is not tagged again from the ledger, a bypass or the verdict.
  const removed = removalTags(ctx, replay);
  const fromLedger = ledgerTags(ctx);
  const bypassed = bypassTags(
    failingStages(input.verdict),
    ctx.covered,
    replay,
    focusChanges,
    (from, to, lines) => ctx.replacedBetween(from, to, lines),
    STATE_LOSS_DETECTOR,
  );
  const weak = verdictTags(ctx, focusChanges);
  return [...removed, ...fromLedger, ...bypassed, ...weak];
}

/** Stage → its F2P tests that failed, for stages whose tests all ran and some failed. */
function failingStages(verdict: readonly VerdictTest[] | null): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const notRun = new Set<number>();
  for (const t of verdict ?? []) {
    if (t.kind !== "F2P" || t.stage === null) continue;
    if (t.status === "not_run") notRun.add(t.stage);
    else if (t.status !== "passed") out.set(t.stage, [...(out.get(t.stage) ?? []), t.testId]);
  }
  for (const s of notRun) out.delete(s);
  return out;
}

/** The stages whose F2P tests were all run and all passed. */
function verifiedStages(verdict: readonly VerdictTest[] | null): Set<number> {
  const out = new Set<number>();
  const bad = new Set<number>();
  for (const t of verdict ?? []) {
    if (t.kind !== "F2P" || t.stage === null) continue;
    if (t.status === "passed") out.add(t.stage);
    else bad.add(t.stage);
  }
  for (const s of bad) out.delete(s);
  return out;
}

/** A removal that is no loss: asked for, kept in another form, verified by the tests, or brought by interference. */
function excusedGroup(ctx: LossContext, group: readonly Removal[]): boolean {
  const { owner, by, change } = group[0]!;
  if (ctx.verified.has(owner.stage)) return true;
  if ((change.kind === "copy" || change.kind === "move") && ctx.foreignPath(change.from)) return true;
  const lines = group.map((r) => r.line);
  if (ctx.replacedBetween(owner.position, by.position, lines)) return true;
  const text = addedText(change);
  const added = text ? addedLines({ path: group[0]!.path, before: text.before, after: text.after }) : [];
  return keptInAnotherForm(lines, added, ctx.changeAskedBetween(owner.position, by.position));
}

/** The lost, unexcused removals, one group per (adding step, removing step), each line once. */
function lostRemovalGroups(ctx: LossContext, replay: FocusReplay["lines"]): Removal[][] {
  const { input, ledger } = ctx;
  const lost = (r: Removal) => {
    const row = ledger.get(r.owner.stage);
    if (row && row.status !== "lost") return false;
    const said = input.finalState?.containsLine(r.line, r.path) ?? null;
    return said === null ? !replay.presentInFocus(r.line) : !said;
  };
  const groups = new Map<string, Removal[]>();
  for (const r of replay.removals) {
    if (!lost(r)) continue;
    const key = `${r.owner.step}:${r.by.step}`;
    const g = groups.get(key) ?? groups.set(key, []).get(key)!;
    if (!g.some((x) => x.line === r.line)) g.push(r);
  }
  return [...groups.values()].filter((g) => {
    if (!excusedGroup(ctx, g)) return true;
    // Explained, so neither the ledger nor the verdict pattern tags it again.
    ctx.covered.add(g[0]!.owner.stage);
    return false;
  });
}

/** Strong tags: a later focus edit removed an earlier stage's lines and the final state lacks them. */
function removalTags(ctx: LossContext, replay: FocusReplay["lines"]): SignatureTag[] {
  // One tag per removing step: one later edit that drops several earlier stages' lines is one loss.
  const byStep = new Map<number, Removal[][]>();
  for (const group of lostRemovalGroups(ctx, replay)) {
    const at = group[0]!.by.step;
    byStep.set(at, [...(byStep.get(at) ?? []), group]);
  }
  return [...byStep.values()].map((groups) => removalTag(ctx, groups));
}

function removalTag(ctx: LossContext, groups: readonly Removal[][]): SignatureTag {
  const { owner, by, change, path, source } = groups[0]![0]!;
  const lines = groups[0]!.map((r) => r.line);
  for (const g of groups) ctx.covered.add(g[0]!.owner.stage);
  const owners = [...new Set(groups.map((g) => g[0]!.owner.step))].sort((a, b) => a - b);
  const failing = ctx.pattern?.failing.get(owner.stage);
  const verdict = failing
    ? ` The final verdict fails ${failing.length} stage-${owner.stage} F2P test${failing.length === 1 ? "" : "s"} (${failing.slice(0, 2).join(", ")}${failing.length > 2 ? ", …" : ""}).`
    : "";
  const where = Number.isFinite(by.stage)
    ? `request ${by.position} (focus stage ${by.stage})`
    : `the finalization (request ${by.position})`;
  const more =
    owners.length > 1 ? ` Step${owners.length > 2 ? "s" : ""} ${owners.slice(1).join(", ")} lost lines too.` : "";
  const drafted = source !== null && source !== by.step && !owners.includes(source) ? source : null;
  return {
    id: `detector-rsl-${owner.step}-${by.step}`,
    signature: "requirement_state_loss",
    position: by.position,
    steps: [...new Set([...owners, ...(drafted !== null ? [drafted] : []), by.step])].sort((a, b) => a - b),
    note:
      `At ${where} step ${by.step} removes ${lines.length} line${lines.length === 1 ? "" : "s"} of ${path} ` +
      `that step ${owner.step} added for stage ${owner.stage} (request ${owner.position}): \`${lines[0]}\`${lines.length > 1 ? " …" : ""}.${verdict}${more}`,
    author: { kind: "detector", name: STATE_LOSS_DETECTOR },
    origin: "detector",
    strength: "strong",
    reasons: [
      ...owners.map((step) => ({ step, kind: "earlier-stage-lines", text: "adds earlier-stage lines" })),
      ...(drafted !== null
        ? [{ step: drafted, kind: "draft", text: "writes the file that is then copied or moved over the focus file" }]
        : []),
      {
        step: by.step,
        kind: removalKind(change),
        text: `removes them through ${removalHow(change)} while working on ${Number.isFinite(by.stage) ? `stage ${by.stage}` : "the finalization"}; the final state lacks them`,
      },
    ],
  };
}

/**
 * A stage the ledger calls lost that no removal explains (its lines removed during an interruption, say):
 * the stage's first edit and the step that removed the last of its lines.
 */
function ledgerTags(ctx: LossContext): SignatureTag[] {
  const { segmentation, focusTaskId } = ctx.input;
  const tags: SignatureTag[] = [];
  for (const f of ctx.ledger.values()) {
    if (f.status !== "lost" || ctx.covered.has(f.stage) || f.lost_at_step === null) continue;
    const first = Number(f.edit_steps.split(",")[0]);
    if (!Number.isFinite(first) || first <= 0) continue;
    const ownerPos = segmentation.segments[segmentation.segmentOf[first - 1] ?? -1]?.request?.position ?? null;
    const byReq = segmentation.segments[segmentation.segmentOf[f.lost_at_step - 1] ?? -1]?.request ?? null;
    if (ownerPos === null || ctx.verified.has(f.stage) || ctx.replacedBetween(ownerPos, byReq?.position ?? null, []))
      continue;
    ctx.covered.add(f.stage);
    const failing = ctx.pattern?.failing.get(f.stage);
    tags.push({
      id: `detector-rsl-${first}-${f.lost_at_step}`,
      signature: "requirement_state_loss",
      position: byReq?.position ?? null,
      steps: [first, f.lost_at_step].sort((a, b) => a - b),
      note:
        `The requirement ledger finds stage ${f.stage}'s lines (added at step ${first}) gone from the final state, ` +
        `the last removed at step ${f.lost_at_step}${byReq ? ` (request ${byReq.position}, ${byReq.taskId === focusTaskId ? "a focus request" : `${byReq.taskId}'s request`})` : ""}.` +
        (failing
          ? ` The final verdict fails ${failing.length} stage-${f.stage} F2P test${failing.length === 1 ? "" : "s"}.`
          : ""),
      author: { kind: "detector", name: STATE_LOSS_DETECTOR },
      origin: "detector",
      strength: "strong",
      reasons: [
        { step: first, kind: "earlier-stage-lines", text: `adds the stage-${f.stage} lines` },
        { step: f.lost_at_step, kind: "ledger-lost", text: "removes the last of them; the final state lacks them" },
      ],
    });
  }
  return tags;
}

/** Weak tags: the verdict fails an earlier stage, a later one passes, and later focus edits rewrote its files. */
function verdictTags(ctx: LossContext, focusChanges: FocusReplay["focusChanges"]): SignatureTag[] {
  const { pattern, covered } = ctx;
  if (!pattern) return [];
  const tags: SignatureTag[] = [];
  for (const [early, failing] of pattern.failing) {
    if (covered.has(early)) continue;
    const later = pattern.passing.filter((s) => s > early);
    if (later.length === 0) continue;
    const earlyEdits = focusChanges.filter((e) => e.stage === early);
    const paths = new Set(earlyEdits.map((e) => e.path));
    const rewrites = focusChanges.filter((e) => e.stage > early && later.includes(e.stage) && paths.has(e.path));
    if (earlyEdits.length === 0 || rewrites.length === 0) continue;
    const reasons: EvidenceReason[] = [
      ...earlyEdits
        .slice(0, 3)
        .map((e) => ({ step: e.step, kind: "verdict-pattern", text: `edits ${e.path} for stage ${early}` })),
      ...rewrites
        .slice(0, 3)
        .map((e) => ({ step: e.step, kind: "later-rewrite", text: `edits ${e.path} again for stage ${e.stage}` })),
    ];
    tags.push({
      id: `detector-rsl-verdict-${early}`,
      signature: "requirement_state_loss",
      position: rewrites[0]!.position,
      steps: [...new Set(reasons.map((r) => r.step))].sort((a, b) => a - b),
      note:
        `The final verdict fails ${failing.length} stage-${early} F2P test${failing.length === 1 ? "" : "s"} while stage ${later.join(", ")} passes, ` +
        `and later focus edits rewrote ${[...paths].join(", ")}, which stage ${early} had changed; no removed stage-${early} line was found (weak evidence).`,
      author: { kind: "detector", name: STATE_LOSS_DETECTOR },
      origin: "detector",
      strength: "weak",
      reasons,
    });
  }
  return tags;
}

interface VerdictPattern {
  /** Stage → its failing (or missing, skipped) F2P test ids. */
  failing: Map<number, string[]>;
  /** Stages whose F2P tests all passed. */
  passing: number[];
}

function verdictPattern(verdict: readonly VerdictTest[] | null): VerdictPattern | null {
  if (!verdict) return null;
  const byStage = new Map<number, VerdictTest[]>();
  for (const t of verdict)
    if (t.kind === "F2P" && t.stage !== null) byStage.set(t.stage, [...(byStage.get(t.stage) ?? []), t]);
  const failing = new Map<number, string[]>();
  const passing: number[] = [];
  for (const [stage, tests] of [...byStage].sort((a, b) => a[0] - b[0])) {
    if (tests.some((t) => t.status === "not_run")) continue;
    const bad = tests.filter((t) => t.status !== "passed").map((t) => t.testId);
    if (bad.length) failing.set(stage, bad);
    else passing.push(stage);
  }
  return failing.size && passing.length ? { failing, passing } : null;
}
