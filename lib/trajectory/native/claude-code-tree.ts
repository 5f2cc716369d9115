// Claude Code keeps a conversation as a tree, not a list: every record names its parent (`parentUuid`), a
// rewind or an edited message starts a second child of an earlier record, and the records of the abandoned
// branch stay in the file. What the session ended with is the branch that leads to its last message, so that
// branch is read and the others are counted. A `compact_boundary` starts a new root (parentUuid null) and
// names the record it follows in `logicalParentUuid`: the chain continues through it.
import { isRecord, str } from "../values";
import type { ReaderNote } from "./types";

export type Raw = Record<string, unknown>;

/** A JSONL record that is an object with a `type`. */
export interface ClaudeRecord {
  line: number;
  type: string;
  r: Raw;
}

export interface Branch {
  /** Records read, in file order: those on the branch and those outside the tree (no uuid). */
  read: ClaudeRecord[];
  /** The last message of the branch (null when no user/assistant record has a uuid). */
  leaf: ClaudeRecord | null;
  notes: ReaderNote[];
}

const MESSAGE_TYPES = new Set(["user", "assistant"]);

function parentKey(r: Raw): string | null {
  return str(r.parentUuid) ?? str(r.logicalParentUuid);
}

/** In a main session, inline sidechain (subagent) records are their own tree; in a sidechain file, all are. */
function inMainTree(rec: ClaudeRecord, sidechainFile: boolean): boolean {
  return sidechainFile || rec.r.isSidechain !== true;
}

export function followBranch(records: ClaudeRecord[], sidechainFile: boolean): Branch {
  const notes: ReaderNote[] = [];
  const nodes = records.filter((rec) => str(rec.r.uuid) !== null);
  const byUuid = new Map<string, ClaudeRecord>();
  const children = new Map<string, ClaudeRecord[]>();
  for (const rec of nodes) {
    const uuid = str(rec.r.uuid)!;
    if (byUuid.has(uuid))
      notes.push({
        code: "claude_code.duplicate_uuid",
        message: `uuid ${uuid} is written twice; the later record is read`,
        line: rec.line,
      });
    byUuid.set(uuid, rec);
    const parent = parentKey(rec.r);
    if (parent === null || !inMainTree(rec, sidechainFile)) continue;
    const kids = children.get(parent);
    if (kids) kids.push(rec);
    else children.set(parent, [rec]);
  }
  const last = [...nodes].reverse().find((rec) => MESSAGE_TYPES.has(rec.type) && inMainTree(rec, sidechainFile));
  // No message to lead to: there is no branch to choose, every record is read in file order.
  if (!last) return { read: records, leaf: null, notes };
  const onBranch = walkUp(extendDown(last, children), byUuid, notes);
  const off = nodes.filter((rec) => !onBranch.has(rec));
  if (off.length > 0) notes.push(offBranchNote(off, last, sidechainFile));
  return { read: records.filter((rec) => str(rec.r.uuid) === null || onBranch.has(rec)), leaf: last, notes };
}

/**
 * Records written after the last message that descend from it (a stop hook's summary, say) end the same
 * branch: the latest child is followed, so they are read (and counted by type) rather than called another branch.
 */
function extendDown(from: ClaudeRecord, children: Map<string, ClaudeRecord[]>): ClaudeRecord {
  const seen = new Set<ClaudeRecord>([from]);
  let at = from;
  for (;;) {
    const kids = children.get(str(at.r.uuid)!) ?? [];
    const next = kids[kids.length - 1];
    if (!next || seen.has(next)) return at;
    seen.add(next);
    at = next;
  }
}

function walkUp(leaf: ClaudeRecord, byUuid: Map<string, ClaudeRecord>, notes: ReaderNote[]): Set<ClaudeRecord> {
  const onBranch = new Set<ClaudeRecord>();
  for (let at: ClaudeRecord | undefined = leaf; at;) {
    onBranch.add(at);
    const parent = parentKey(at.r);
    if (parent === null) break;
    const next = byUuid.get(parent);
    if (!next) {
      notes.push({
        code: "claude_code.parent_missing",
        message: `the parent ${parent} of this record is not in the file: the branch is read from here`,
        line: at.line,
      });
    }
    if (next && onBranch.has(next)) {
      notes.push(cycleNote(at, next));
      break;
    }
    at = next;
  }
  return onBranch;
}

/** A parent chain that comes back on itself: no record is its root, so the chain is read once around. */
function cycleNote(at: ClaudeRecord, back: ClaudeRecord): ReaderNote {
  return {
    code: "claude_code.parent_cycle",
    message: `the parent ${parentKey(at.r)} of this record leads back to line ${back.line}: the parents form a cycle, so the branch is read once around it, from here`,
    line: at.line,
  };
}

function offBranchNote(off: ClaudeRecord[], last: ClaudeRecord, sidechainFile: boolean): ReaderNote {
  const inline = sidechainFile ? 0 : off.filter((rec) => rec.r.isSidechain === true).length;
  const other = off.length - inline;
  const parts = [
    ...(other > 0
      ? [
          `${other} record(s) are on another branch (a rewind or an edited message), not the one that leads to the last message (line ${last.line})`,
        ]
      : []),
    ...(inline > 0 ? [`${inline} record(s) are an inline sidechain (subagent) conversation`] : []),
  ];
  return { code: "claude_code.off_branch", message: `${parts.join("; ")}: left off`, line: off[0]!.line };
}

/** A typed record, or the note saying why the line is not one. */
export function claudeRecord(line: number, value: unknown): ClaudeRecord | ReaderNote {
  if (!isRecord(value)) return { code: "claude_code.record", message: "not a JSON object; skipped", line };
  const type = str(value.type);
  if (type === null) return { code: "claude_code.record", message: "record has no `type`; skipped", line };
  return { line, type, r: value };
}
