// A loss with no removed line (docs/detectors.md, "What v4 reads"): a later focus edit adds a path around an
// earlier stage's rule, the rule's lines stay in the file, and the final verdict fails that earlier stage's F2P
// tests. The paths around: an early return or a fast path placed above the rule; the rule pushed into a branch
// of its own beside a new `else:`/`elif` (App. E.2: one branch keeps it, the other does without); a call
// switched to a new function; a new exit calling a new function with the same arguments as the kept call. The
// verdict alone is never enough: the edit that goes around the rule is the evidence, and the tag points at it and
// at the edit that wrote the rule.
import type { FileChange } from "./call-effects";
import type { FocusChange, replayFocusWork } from "./line-replay";
import type { SignatureTag } from "./tags";

type Replay = ReturnType<typeof replayFocusWork>;

/** A line that leaves the block early: what puts the lines below it out of reach. */
const EXIT = /^(return\b|raise\b|yield\b|continue\b|break\b)|^if\b.*:\s*(return|raise)\b/;

const indent = (l: string) => l.length - l.trimStart().length;

/** A rule line the change keeps but indents further: it now sits inside a new branch. */
function nestedDeeper(change: FileChange & { kind: "replace" }, lines: ReadonlySet<string>): boolean {
  const was = new Map(change.before.split("\n").map((l) => [l.trim(), indent(l)] as const));
  return change.after.split("\n").some((l) => {
    const before = was.get(l.trim());
    return lines.has(l.trim()) && before !== undefined && indent(l) > before;
  });
}

/** A later change whose new text adds an exit beside some of `lines` (above them, or in a branch of its own). */
function exitAbove(change: FileChange, lines: ReadonlySet<string>): boolean {
  if (change.kind !== "replace") return false;
  const before = new Set(change.before.split("\n").map((l) => l.trim()));
  const after = change.after.split("\n").map((l) => l.trim());
  const exitAt = after.findIndex((l) => EXIT.test(l) && !before.has(l) && !lines.has(l));
  // The rule pushed into a branch of its own, with a new branch beside it (App. E.2: the extension's branch keeps
  // the rule, the other does without it).
  const newBranch = after.some((l) => /^(else\s*:|elif\b)/.test(l) && !before.has(l));
  if (nestedDeeper(change, lines) && (exitAt >= 0 || newBranch)) return true;
  // An exit above the rule.
  return exitAt >= 0 && after.slice(exitAt + 1).some((l) => lines.has(l));
}

/**
 * A new function called beside the old one with the same arguments, in a new exit (`return self._jittered(a)`
 * above `return self.delay(a)`): a path that goes around what the old function does.
 */
function sidestepsCall(change: FileChange, fresh: ReadonlySet<string>): boolean {
  if (change.kind !== "replace" || fresh.size === 0) return false;
  const before = new Set(change.before.split("\n").map((l) => l.trim()));
  const after = change.after.split("\n").map((l) => l.trim());
  const calls = (l: string) =>
    [...l.matchAll(/([\w.]+)\(([^()]*)\)/g)].map((m) => ({ fn: m[1]!.split(".").pop()!, args: m[2]! }));
  const kept = after.filter((l) => before.has(l)).flatMap(calls);
  return after.some(
    (l) =>
      !before.has(l) &&
      EXIT.test(l) &&
      calls(l).some((c) => fresh.has(c.fn) && kept.some((k) => k.fn !== c.fn && k.args === c.args)),
  );
}

const DEF = /^(?:async\s+)?def\s+(\w+)\s*\(/;

/** Functions the later focus work defines (a new function the caller can be switched to). */
function newFunctions(changes: readonly FocusChange[], after: number): Set<string> {
  const out = new Set<string>();
  for (const c of changes) {
    if (c.stage <= after || c.change.kind !== "replace") continue;
    const before = new Set(c.change.before.split("\n").map((l) => l.trim()));
    for (const l of c.change.after.split("\n").map((x) => x.trim())) {
      const m = before.has(l) ? null : DEF.exec(l);
      if (m) out.add(m[1]!);
    }
  }
  return out;
}

/** A change that switches a call from one function to a new one, the line otherwise the same. */
function redirectsCall(change: FileChange, fresh: ReadonlySet<string>): boolean {
  if (change.kind !== "replace" || fresh.size === 0) return false;
  const before = change.before.split("\n").map((l) => l.trim());
  const after = new Set(change.after.split("\n").map((l) => l.trim()));
  return before.some(
    (old) =>
      !after.has(old) &&
      [...old.matchAll(/\b(\w+)\(/g)].some((f) => [...fresh].some((g) => after.has(old.replace(`${f[1]}(`, `${g}(`)))),
  );
}

/** The earlier stage's lines still in each focus file, and the steps that wrote them. */
interface Rule {
  lines: Set<string>;
  steps: Set<number>;
  /** The request of the first edit that wrote the rule. */
  position: number;
}

function stageLines(replay: Replay["lines"], stage: number): Map<string, Rule> {
  const out = new Map<string, Rule>();
  for (const [file, entries] of replay.files) {
    for (const e of entries) {
      if (!e.owner || e.owner.stage !== stage) continue;
      const path = replay.relative(file);
      const at =
        out.get(path) ?? out.set(path, { lines: new Set(), steps: new Set(), position: e.owner.position }).get(path)!;
      at.lines.add(e.line);
      at.steps.add(e.owner.step);
      at.position = Math.min(at.position, e.owner.position);
    }
  }
  return out;
}

export function bypassTags(
  failing: ReadonlyMap<number, string[]>,
  covered: Set<number>,
  replay: Replay["lines"],
  changes: readonly FocusChange[],
  asked: (from: number, to: number, lines: readonly string[]) => boolean,
  detector: string,
): SignatureTag[] {
  const tags: SignatureTag[] = [];
  for (const [stage, tests] of failing) {
    if (covered.has(stage)) continue;
    for (const [path, rule] of stageLines(replay, stage)) {
      const fresh = newFunctions(changes, stage);
      const around = changes.find(
        (c) =>
          c.stage > stage &&
          c.path === path &&
          (exitAbove(c.change, rule.lines) || redirectsCall(c.change, fresh) || sidestepsCall(c.change, fresh)),
      );
      if (!around) continue;
      const firstOwner = Math.min(...rule.steps);
      const ruleLines = [...rule.lines];
      if (asked(rule.position, around.position, ruleLines)) continue;
      covered.add(stage);
      tags.push({
        id: `detector-rsl-bypass-${firstOwner}-${around.step}`,
        signature: "requirement_state_loss",
        position: around.position,
        steps: [...new Set([...rule.steps, around.step])].sort((a, b) => a - b),
        note:
          `At request ${around.position} (focus stage ${around.stage}) step ${around.step} adds an early exit above the ` +
          `stage-${stage} lines of ${path} (\`${ruleLines[0]}\`), which stay in the file; the final verdict fails ` +
          `${tests.length} stage-${stage} F2P test${tests.length === 1 ? "" : "s"} (${tests.slice(0, 2).join(", ")}${tests.length > 2 ? ", …" : ""}).`,
        author: { kind: "detector", name: detector },
        origin: "detector",
        strength: "strong",
        reasons: [
          ...[...rule.steps].map((step) => ({
            step,
            kind: "earlier-stage-lines",
            text: `adds the stage-${stage} lines`,
          })),
          {
            step: around.step,
            kind: "bypass",
            text: `adds a path around them for stage ${around.stage}: the rule stays but is no longer reached`,
          },
        ],
      });
      break;
    }
  }
  return tags;
}
