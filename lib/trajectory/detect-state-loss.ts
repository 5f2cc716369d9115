// Requirement-state loss (docs/benchmark.md, "The two trace signatures"; paper App. E.1, E.2): a later
// focus edit conflicts with an earlier focus requirement or overlooks the state built for it. The detector
// replays every file change of the trace in order (edit tools, apply_patch, and shell edits: sed -i,
// heredoc and redirection rewrites, git checkout --, cp, mv, patch), remembering which focus stage added
// each line, and judges the final state, not one edit:
//  - strong: a focus edit for a later stage (or the finalization) removes lines an earlier focus stage
//    added, and the final state does not have them anywhere in the focus checkout (a refactor that moves
//    them, or a removal restored before finalization, is no loss), and no focus request in between asks
//    to replace the earlier behaviour (read from the requests' text);
//  - weak: the final verdict fails F2P tests of an earlier focus stage while every F2P test of a later
//    stage passes, and focus edits for the later stage rewrote a file the earlier stage had changed. The
//    verdict alone is never enough (the paper tags only with visible evidence).
// The final state comes from DetectorInput.finalState where it can say, else from the replay.
import { callEffect, TrajectoryShell, type FileChange } from "./call-effects";
import type { Segment } from "./segment";
import { resolvePath, type SedCommand } from "./shell-ops";
import type { DetectorInput, EvidenceReason, SignatureTag, VerdictTest } from "./tags";

export const STATE_LOSS_DETECTOR = "requirement-state-loss detector v2";

interface Actor {
  step: number;
  position: number | null;
  /** The focus stage being worked on; Infinity at the focus finalization; null outside focus requests. */
  stage: number | null;
}

interface Owner {
  step: number;
  position: number;
  stage: number;
}

interface Entry {
  line: string;
  /** The focus stage edit that added the line; null for lines present but not owned by a stage. */
  owner: Owner | null;
}

interface Removal {
  line: string;
  owner: Owner;
  by: Actor;
  change: FileChange;
  path: string;
}

interface FocusChange {
  step: number;
  position: number;
  stage: number;
  path: string;
}

/** A line worth tracking: not blank, not a lone bracket or keyword. */
function significant(line: string): boolean {
  return line.length >= 8 && /[A-Za-z]/.test(line);
}

const trimmedLines = (text: string) => text.split("\n").map((l) => l.trim());

/**
 * A request that asks to change or replace what an earlier request established ("supersedes the
 * first request's rule", "drop the earlier handling", "no longer applies"). Cumulative refinements
 * ("keep the old behaviour", "restore the previous result") do not match.
 */
const REPLACES_EARLIER =
  /\b(supersed(?:e|es|ed|ing)\b|no longer (?:apply|applies|holds?|needed|wanted|required)\b|(?:replace|drop|remove|undo|revert|discard|abandon)s?\b[^.]{0,60}?\b(?:earlier|previous|first|original|initial|old|stage[- ]?\d|request \d)\b[^.]{0,50}?\b(?:rule|behaviou?r|handling|change|requirement|request|logic|check|guard|branch|fix|conversion)s?\b)/i;

export function asksToReplaceEarlier(text: string | null): boolean {
  return text !== null && REPLACES_EARLIER.test(text);
}

class FileLines {
  readonly files = new Map<string, Entry[]>();
  readonly removals: Removal[] = [];

  constructor(
    private readonly isFocusPath: (path: string) => boolean,
    private readonly rel: (path: string) => string,
  ) {}

  private entries(path: string): Entry[] {
    return this.files.get(path) ?? this.files.set(path, []).get(path)!;
  }

  private remove(path: string, keep: (e: Entry, i: number) => boolean, by: Actor, change: FileChange) {
    const list = this.entries(path);
    const kept: Entry[] = [];
    list.forEach((e, i) => {
      if (keep(e, i)) kept.push(e);
      else if (e.owner && by.stage !== null && e.owner.stage < by.stage)
        this.removals.push({ line: e.line, owner: e.owner, by, change, path: this.rel(path) });
    });
    this.files.set(path, kept);
  }

  private add(path: string, lines: string[], by: Actor) {
    const list = this.entries(path);
    const present = new Set(list.map((e) => e.line));
    const owned = by.stage !== null && Number.isFinite(by.stage) && by.position !== null && this.isFocusPath(path);
    for (const line of lines) {
      if (!significant(line) || present.has(line)) continue;
      present.add(line);
      list.push({ line, owner: owned ? { step: by.step, position: by.position!, stage: by.stage! } : null });
    }
  }

  apply(c: FileChange, by: Actor) {
    switch (c.kind) {
      case "replace": {
        const before = new Set(trimmedLines(c.before));
        const after = trimmedLines(c.after);
        const afterSet = new Set(after);
        this.remove(c.path, (e) => !(before.has(e.line) && !afterSet.has(e.line)), by, c);
        this.add(
          c.path,
          after.filter((l) => !before.has(l)),
          by,
        );
        return;
      }
      case "write": {
        const after = c.content === null ? [] : trimmedLines(c.content);
        const afterSet = new Set(after);
        this.remove(c.path, (e) => afterSet.has(e.line), by, c);
        this.add(c.path, after, by);
        return;
      }
      case "append":
        this.add(c.path, trimmedLines(c.content), by);
        return;
      case "sed":
        this.sed(c.path, c.script, by, c);
        return;
      case "reset":
      case "delete":
        this.remove(c.path, () => false, by, c);
        return;
      case "reset_all":
        for (const path of [...this.files.keys()])
          if (path === c.path || path.startsWith(`${c.path.replace(/\/$/, "")}/`))
            this.remove(path, () => false, by, c);
        return;
      case "copy":
      case "move": {
        const source = (this.files.get(c.from) ?? []).map((e) => ({ ...e }));
        const sourceLines = new Set(source.map((e) => e.line));
        this.remove(c.to, (e) => sourceLines.has(e.line), by, c);
        const target = this.entries(c.to);
        const present = new Set(target.map((e) => e.line));
        for (const e of source) if (!present.has(e.line)) target.push(e);
        if (c.kind === "move") this.remove(c.from, () => false, by, c);
        return;
      }
    }
  }

  private sed(path: string, script: SedCommand[], by: Actor, c: FileChange) {
    for (const cmd of script) {
      const list = this.entries(path);
      if (cmd.kind === "delete") {
        const drop = new Set<number>();
        list.forEach((e, i) => {
          if (!cmd.address.test(e.line)) return;
          for (let k = 0; k <= cmd.following && i + k < list.length; k++) drop.add(i + k);
        });
        this.remove(path, (_e, i) => !drop.has(i), by, c);
      } else {
        const changed: string[] = [];
        const flags = cmd.pattern.flags.replace("g", "") + (cmd.global ? "g" : "");
        const re = new RegExp(cmd.pattern.source, flags);
        this.remove(
          path,
          (e) => {
            const next = e.line.replace(re, cmd.replacement).trim();
            if (next === e.line) return true;
            changed.push(next);
            return false;
          },
          by,
          c,
        );
        this.add(path, changed, by);
      }
    }
  }

  /** Whether some focus file still has the line at the end of the replay. */
  presentInFocus(line: string): boolean {
    for (const [path, list] of this.files) if (this.isFocusPath(path) && list.some((e) => e.line === line)) return true;
    return false;
  }
}

function removalKind(c: FileChange): string {
  if (c.via === "shell") return "shell-edit";
  return c.kind === "write" ? "overwrite" : "dropped-requirement";
}

function removalHow(c: FileChange): string {
  if (c.via === "shell") return `a shell edit (${c.how})`;
  return c.kind === "write" ? `a whole-file write (${c.how})` : `an edit (${c.how})`;
}

export function detectRequirementStateLoss(input: DetectorInput): SignatureTag[] {
  const { steps, segmentation, focusTaskId, workspaces } = input;
  const roots = Object.entries(workspaces)
    .filter(([, t]) => t === focusTaskId)
    .map(([ws]) => resolvePath(null, ws));
  const rootOf = (path: string) => roots.find((r) => path.startsWith(`${r}/`));
  const rel = (path: string) => {
    const root = rootOf(path);
    return root ? path.slice(root.length + 1) : path.replace(/^\.\//, "");
  };
  // Without a known focus checkout, relative paths are taken to be in it.
  const isFocusPath = (path: string) => rootOf(path) !== undefined || (roots.length === 0 && !path.startsWith("/"));
  const replay = new FileLines(isFocusPath, rel);
  const shell = new TrajectoryShell();
  const focusChanges: FocusChange[] = [];
  const focusStage = (seg: Segment) =>
    seg.request?.taskId === focusTaskId && !seg.request.isSubmit && seg.request.stage !== null
      ? seg.request.stage
      : null;

  for (const seg of segmentation.segments) {
    const req = seg.request;
    const stage = focusStage(seg);
    const atSubmit = req?.taskId === focusTaskId && req.isSubmit;
    for (let n = seg.first; n <= seg.last; n++) {
      const s = steps[n - 1]!;
      if (s.source !== "agent" || s.copied || s.sidechain) continue;
      const actor: Actor = { step: n, position: req?.position ?? null, stage: stage ?? (atSubmit ? Infinity : null) };
      for (const call of s.toolCalls) {
        for (const change of callEffect(call, shell, req?.workspace ?? null).changes) {
          replay.apply(change, actor);
          if (stage !== null && req) {
            for (const p of change.kind === "copy" || change.kind === "move" ? [change.to] : [change.path]) {
              if (isFocusPath(p)) focusChanges.push({ step: n, position: req.position, stage, path: rel(p) });
            }
          }
        }
      }
    }
  }

  const requests = segmentation.segments.map((g) => g.request).filter((r): r is NonNullable<typeof r> => r !== null);
  const excused = (r: Removal) =>
    requests.some(
      (q) =>
        q.taskId === focusTaskId &&
        !q.isSubmit &&
        q.position > r.owner.position &&
        q.position <= (r.by.position ?? Infinity) &&
        asksToReplaceEarlier(q.text),
    );
  const lost = (r: Removal) => {
    const said = input.finalState?.containsLine(r.line, r.path) ?? null;
    return said === null ? !replay.presentInFocus(r.line) : !said;
  };

  const pattern = verdictPattern(input.verdict);
  const tags: SignatureTag[] = [];
  const covered = new Set<number>(); // earlier stages a strong tag already explains
  const groups = new Map<string, Removal[]>();
  for (const r of replay.removals) {
    if (!lost(r) || excused(r)) continue;
    const key = `${r.owner.step}:${r.by.step}`;
    const g = groups.get(key) ?? groups.set(key, []).get(key)!;
    if (!g.some((x) => x.line === r.line)) g.push(r);
  }
  for (const group of groups.values()) {
    const { owner, by, change, path } = group[0]!;
    const lines = group.map((r) => r.line);
    covered.add(owner.stage);
    const failing = pattern?.failing.get(owner.stage);
    const verdict = failing
      ? ` The final verdict fails ${failing.length} stage-${owner.stage} F2P test${failing.length === 1 ? "" : "s"} (${failing.slice(0, 2).join(", ")}${failing.length > 2 ? ", …" : ""}).`
      : "";
    const where = Number.isFinite(by.stage)
      ? `request ${by.position} (focus stage ${by.stage})`
      : `the finalization (request ${by.position})`;
    tags.push({
      id: `detector-rsl-${owner.step}-${by.step}`,
      signature: "requirement_state_loss",
      position: by.position,
      steps: [owner.step, by.step],
      note:
        `At ${where} step ${by.step} removes ${lines.length} line${lines.length === 1 ? "" : "s"} of ${path} ` +
        `that step ${owner.step} added for stage ${owner.stage} (request ${owner.position}): \`${lines[0]}\`${lines.length > 1 ? " …" : ""}.${verdict}`,
      author: { kind: "detector", name: STATE_LOSS_DETECTOR },
      origin: "detector",
      strength: "strong",
      reasons: [
        { step: owner.step, kind: "earlier-stage-lines", text: `adds the stage-${owner.stage} lines` },
        {
          step: by.step,
          kind: removalKind(change),
          text: `removes them through ${removalHow(change)} while working on ${Number.isFinite(by.stage) ? `stage ${by.stage}` : "the finalization"}; the final state lacks them`,
        },
      ],
    });
  }

  if (pattern) {
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
