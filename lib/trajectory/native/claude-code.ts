// Claude Code session JSONL (~/.claude/projects/<project>/<session>.jsonl) as one ATIF document. The file is a
// tree of records (claude-code-tree.ts): the branch that leads to the last message is read, its records made
// steps (claude-code-steps.ts). A subagent's file (`isSidechain: true` records with an `agentId`) reads as a
// trajectory of its own, and a Task call in the main session that names the agent links to it.
import type { AtifStepJson, AtifTrajectoryJson } from "../atif";
import { isRecord, str } from "../values";
import { buildSteps } from "./claude-code-steps";
import { claudeRecord, followBranch, type ClaudeRecord, type Raw } from "./claude-code-tree";
import type { Converted, JsonlRecord, ReaderNote } from "./types";

export { claudeCodeSubagentFile } from "./claude-code-steps";

const MESSAGE_TYPES = new Set(["user", "assistant", "system"]);

/**
 * Claude Code's records: user/assistant/system messages with `uuid` and `sessionId`; a session with no
 * message yet holds only `summary` (with `leafUuid`) and `file-history-snapshot` records.
 */
export function isClaudeCode(records: JsonlRecord[]): boolean {
  let bookkeeping = 0;
  let other = 0;
  for (const { value } of records) {
    if (!isRecord(value)) continue;
    const type = str(value.type);
    if (type !== null && MESSAGE_TYPES.has(type) && str(value.uuid) !== null && str(value.sessionId) !== null)
      return true;
    const kept =
      (type === "summary" && str(value.leafUuid) !== null) ||
      (type === "file-history-snapshot" && isRecord(value.snapshot));
    if (kept) bookkeeping++;
    else other++;
  }
  return bookkeeping > 0 && other === 0;
}

export function claudeCodeToAtif(records: JsonlRecord[], name: string): Converted {
  const notes: ReaderNote[] = [];
  const recs: ClaudeRecord[] = [];
  for (const { line, value } of records) {
    const rec = claudeRecord(line, value);
    if ("r" in rec) recs.push(rec);
    else notes.push(rec);
  }
  const messages = recs.filter((rec) => rec.type === "user" || rec.type === "assistant");
  const sidechain = messages.length > 0 && messages.every((rec) => rec.r.isSidechain === true);
  const branch = followBranch(recs, sidechain);
  const built = buildSteps(branch.read);
  const steps = built.steps as unknown as AtifStepJson[];
  const sessionId = firstOf(branch.leaf ? [branch.leaf, ...recs] : recs, "sessionId");
  const atif: AtifTrajectoryJson = {
    schema_version: "ATIF-v1.6",
    session_id: sessionId ?? name.replace(/^.*[\\/]/, "").replace(/\.jsonl?$/i, ""),
    agent: agent(recs, branch.leaf, steps),
    notes: describe(name, steps),
    steps,
  };
  if (sidechain)
    atif.extra = {
      claude_code: { agent_id: firstOf(messages, "agentId"), parent_session_id: sessionId, sidechain: true },
    };
  const sessions = new Set(branch.read.map((rec) => str(rec.r.sessionId)).filter((s) => s !== null));
  if (sessions.size > 1)
    notes.push({
      code: "claude_code.sessions",
      message: `records of ${sessions.size} session ids are on the branch; session_id is the last message's`,
    });
  if (messages.length === 0)
    notes.push({ code: "claude_code.no_messages", message: "no user or assistant record: the session has no steps" });
  return { atif, notes: [...notes, ...branch.notes, ...built.notes], skipped: built.skipped };
}

function firstOf(recs: ClaudeRecord[], field: string): string | null {
  for (const rec of recs) {
    const v = str(rec.r[field]);
    if (v !== null) return v;
  }
  return null;
}

function agent(recs: ClaudeRecord[], leaf: ClaudeRecord | null, steps: AtifStepJson[]): AtifTrajectoryJson["agent"] {
  const models = [...new Set(steps.map((s) => s.model_name).filter((m): m is string => typeof m === "string"))];
  const version = firstOf(leaf ? [leaf, ...recs] : recs, "version") ?? "unknown";
  const out: AtifTrajectoryJson["agent"] = { name: "claude-code", version };
  if (models[0] !== undefined) out.model_name = models[0];
  if (models.length > 1) out.extra = { models } satisfies Raw;
  return out;
}

function describe(name: string, steps: AtifStepJson[]): string {
  const costed = steps.some((s) => typeof s.metrics?.cost_usd === "number");
  return (
    `Converted from a Claude Code session JSONL (${name}): the branch that leads to the last message; ` +
    `usage counted once per assistant message (message.id)${costed ? "" : "; the log records no cost"}.`
  );
}
