// A loss with no removed line (docs/detectors.md, "What v4 reads"): a later focus edit adds a path around an
// earlier stage's rule (an early return or a fast path placed before it), the rule's lines stay in the file,
// and the final verdict fails that earlier stage's F2P tests. The verdict alone is never enough: the edit that
// goes around the rule is the evidence, and the tag points at it and at the edit that wrote the rule.
import type { FileChange } from "./call-effects";
import type { FocusChange, replayFocusWork } from "./line-replay";
import type { SignatureTag } from "./tags";

type Replay = ReturnType<typeof replayFocusWork>;

/** A line that leaves the block early: what puts the lines below it out of reach. */
const EXIT = /^(return\b|raise\b|yield\b|continue\b|break\b)|^if\b.*:\s*(return|raise)\b/;

/** A later change whose new text puts an exit above some of `lines` that it did not have before. */
function exitAbove(change: FileChange, lines: ReadonlySet<string>): boolean {
  if (change.kind !== "replace") return false;
  const before = new Set(change.before.split("\n").map((l) => l.trim()));
  const after = change.after.split("\n").map((l) => l.trim());
  const firstRule = after.findIndex((l) => lines.has(l));
  if (firstRule <= 0) return false;
  return after.slice(0, firstRule).some((l) => EXIT.test(l) && !before.has(l));
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
  for (const e of replay.events) {
    if (e.kind !== "add" || e.owner.stage !== stage || !replay.presentInFocus(e.line)) continue;
    const at =
      out.get(e.path) ??
      out.set(e.path, { lines: new Set(), steps: new Set(), position: e.owner.position }).get(e.path)!;
    at.lines.add(e.line);
    at.steps.add(e.owner.step);
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
      const around = changes.find((c) => c.stage > stage && c.path === path && exitAbove(c.change, rule.lines));
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
