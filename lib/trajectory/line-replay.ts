// The replay of a trajectory's file changes that both the requirement ledger (ledger.ts) and the
// requirement-state-loss detector (detect-state-loss.ts) read, so the two never disagree about what the
// focus checkout held: every change of every call in order (edit tools, apply_patch, and shell edits: sed -i,
// heredoc and redirection rewrites, git checkout --, cp, mv, patch; call-effects.ts), remembering which focus
// stage added each line. A stage's line removed and written again into a focus file (restored, or moved by a
// refactor, before or after the removal) is that stage's line again.
import { callEffect, TrajectoryShell, type FileChange } from "./call-effects";
import type { Step } from "./model";
import type { Segment, Segmentation } from "./segment";
import { resolvePath, type SedCommand } from "./shell-ops";
import { amendmentOf } from "./loss-excuses";

interface Actor {
  step: number;
  position: number | null;
  /** The task of the request the step belongs to (null before the first request). */
  taskId: string | null;
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

/** A stage's line removed by an edit for a later stage or the finalization (the detector's candidates). */
export interface Removal {
  line: string;
  owner: Owner;
  by: Actor;
  change: FileChange;
  path: string;
  /** For a copy or move over the file: the step that last wrote its source (a draft moved into place), if any. */
  source: number | null;
}

/** What happened to owned lines, in order (the ledger's input); `path` is checkout-relative. */
type ReplayEvent =
  | { kind: "add"; line: string; path: string; owner: Owner }
  /** A stage's line written again into a focus file after it was removed. */
  | { kind: "restore"; line: string; path: string; owner: Owner; by: Actor }
  | { kind: "remove"; line: string; path: string; owner: Owner; by: Actor }
  /** A stage's line rewritten into a longer form of itself: still the stage's, under its new text. */
  | { kind: "amend"; line: string; from: string; path: string; owner: Owner };

export interface FocusChange {
  step: number;
  position: number;
  stage: number;
  path: string;
  change: FileChange;
}

/** A line worth tracking: not blank, not a lone bracket or keyword. */
function significant(line: string): boolean {
  return line.length >= 8 && /[A-Za-z]/.test(line);
}

const trimmedLines = (text: string) => text.split("\n").map((l) => l.trim());

class FileLines {
  readonly files = new Map<string, Entry[]>();
  readonly removals: Removal[] = [];
  readonly events: ReplayEvent[] = [];
  /** Owned lines removed and not written again since: line → its owner. */
  private readonly gone = new Map<string, Owner>();
  /** Path → the step that last changed it, and the source of the copy being applied. */
  private readonly lastWriter = new Map<string, number>();
  private copySource: number | null = null;

  constructor(
    private readonly isFocusPath: (path: string) => boolean,
    readonly relative: (path: string) => string,
  ) {}

  private entries(path: string): Entry[] {
    return this.files.get(path) ?? this.files.set(path, []).get(path)!;
  }

  private remove(path: string, keep: (e: Entry, i: number) => boolean, by: Actor, change: FileChange) {
    const list = this.entries(path);
    const kept: Entry[] = [];
    list.forEach((e, i) => {
      if (keep(e, i)) kept.push(e);
      else if (e.owner) {
        this.events.push({ kind: "remove", line: e.line, path: this.relative(path), owner: e.owner, by });
        if (by.stage !== null && e.owner.stage < by.stage)
          this.removals.push({
            line: e.line,
            owner: e.owner,
            by,
            change,
            path: this.relative(path),
            source: this.copySource,
          });
        const elsewhere = this.isFocusPath(path) ? this.elsewhereInFocus(path, e.line) : null;
        if (elsewhere) {
          // Written into another focus file first (a refactor's new module, then the old lines removed): moved.
          elsewhere.entry.owner = e.owner;
          this.events.push({ kind: "restore", line: e.line, path: elsewhere.path, owner: e.owner, by });
        } else this.gone.set(e.line, e.owner);
      }
    });
    this.files.set(path, kept);
  }

  private elsewhereInFocus(path: string, line: string): { entry: Entry; path: string } | null {
    for (const [p, list] of this.files) {
      if (p === path || !this.isFocusPath(p)) continue;
      const entry = list.find((x) => x.line === line);
      if (entry) return { entry, path: this.relative(p) };
    }
    return null;
  }

  private add(path: string, lines: string[], by: Actor) {
    const list = this.entries(path);
    const present = new Set(list.map((e) => e.line));
    const focus = this.isFocusPath(path);
    const owned = by.stage !== null && Number.isFinite(by.stage) && by.position !== null && focus;
    for (const line of lines) {
      if (!significant(line) || present.has(line)) continue;
      present.add(line);
      this.push(
        list,
        path,
        { line, owner: owned ? { step: by.step, position: by.position!, stage: by.stage! } : null },
        by,
      );
    }
  }

  /** Appends an entry; a removed stage line written again into a focus file goes back to its stage. */
  private push(list: Entry[], path: string, e: Entry, by: Actor) {
    const earlier = this.isFocusPath(path) ? this.gone.get(e.line) : undefined;
    if (earlier) {
      this.gone.delete(e.line);
      list.push({ line: e.line, owner: earlier });
      this.events.push({ kind: "restore", line: e.line, path: this.relative(path), owner: earlier, by });
      return;
    }
    list.push(e);
    if (e.owner) this.events.push({ kind: "add", line: e.line, path: this.relative(path), owner: e.owner });
  }

  apply(c: FileChange, by: Actor) {
    this.copySource = c.kind === "copy" || c.kind === "move" ? (this.lastWriter.get(c.from) ?? null) : null;
    this.applyChange(c, by);
    this.copySource = null;
    this.lastWriter.set(c.kind === "copy" || c.kind === "move" ? c.to : c.path, by.step);
  }

  private applyChange(c: FileChange, by: Actor) {
    switch (c.kind) {
      case "replace": {
        const before = new Set(trimmedLines(c.before));
        const after = trimmedLines(c.after);
        const afterSet = new Set(after);
        const amended = this.amend(
          c.path,
          before,
          afterSet,
          after.filter((l) => !before.has(l)),
        );
        this.remove(c.path, (e) => !(before.has(e.line) && !afterSet.has(e.line)), by, c);
        this.add(
          c.path,
          after.filter((l) => !before.has(l) && !amended.has(l)),
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
        for (const e of source) if (!present.has(e.line)) this.push(target, c.to, e, by);
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

  /**
   * An owned line the edit rewrites into a longer form of itself (loss-excuses.ts `amendmentOf`) stays its
   * stage's line under its new text: the requirement it met is still met there. Returns the new texts taken.
   */
  private amend(path: string, before: ReadonlySet<string>, after: ReadonlySet<string>, added: string[]): Set<string> {
    const taken = new Set<string>();
    for (const e of this.entries(path)) {
      if (!e.owner || !before.has(e.line) || after.has(e.line)) continue;
      const next = amendmentOf(
        e.line,
        added.filter((l) => !taken.has(l)),
      );
      if (next === null) continue;
      taken.add(next);
      this.events.push({ kind: "amend", line: next, from: e.line, path: this.relative(path), owner: e.owner });
      e.line = next;
    }
    return taken;
  }

  /** Whether some focus file still has the line at the end of the replay. */
  presentInFocus(line: string): boolean {
    for (const [path, list] of this.files) if (this.isFocusPath(path) && list.some((e) => e.line === line)) return true;
    return false;
  }
}

interface FocusReplay {
  lines: FileLines;
  /** Every change a focus stage request made to a focus file (the weak verdict pattern's evidence). */
  focusChanges: FocusChange[];
}

/** One analysis replays once: the ledger and the detector ask with the same segmentation (analyze.ts). */
const replays = new WeakMap<Segmentation, { steps: readonly Step[]; key: string; replay: FocusReplay }>();

/** Replays every agent call of the trace in order; focus-stage edits own the lines they add. The result is read-only. */
export function replayFocusWork(
  steps: readonly Step[],
  segmentation: Segmentation,
  focusTaskId: string,
  workspaces: Readonly<Record<string, string>>,
): FocusReplay {
  const key = JSON.stringify([focusTaskId, workspaces]);
  const hit = replays.get(segmentation);
  if (hit && hit.steps === steps && hit.key === key) return hit.replay;
  const replay = replayUncached(steps, segmentation, focusTaskId, workspaces);
  replays.set(segmentation, { steps, key, replay });
  return replay;
}

function replayUncached(
  steps: readonly Step[],
  segmentation: Segmentation,
  focusTaskId: string,
  workspaces: Readonly<Record<string, string>>,
): FocusReplay {
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
  const lines = new FileLines(isFocusPath, rel);
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
      const actor: Actor = {
        step: n,
        position: req?.position ?? null,
        taskId: req?.taskId ?? null,
        stage: stage ?? (atSubmit ? Infinity : null),
      };
      for (const call of s.toolCalls) {
        for (const change of callEffect(call, shell, req?.workspace ?? null).changes) {
          lines.apply(change, actor);
          if (stage !== null && req) {
            for (const p of change.kind === "copy" || change.kind === "move" ? [change.to] : [change.path]) {
              if (isFocusPath(p)) focusChanges.push({ step: n, position: req.position, stage, path: rel(p), change });
            }
          }
        }
      }
    }
  }
  return { lines, focusChanges };
}
