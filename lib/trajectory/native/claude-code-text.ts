// What a Claude Code user record is: a request typed to the agent, or text the CLI put into the conversation
// (slash-command echoes and their output, meta caveats, compaction summaries, the user's own `!` shell
// commands, interruptions). Only the first is a "user" step; the rest become "system" steps whose
// `extra.claude_code.kind` names them. Text stays as written (ANSI escapes included): the viewer shows text.
import { isRecord, safeJson, str } from "../values";
import type { Raw } from "./claude-code-tree";

export type UserKind =
  "compact_summary" | "meta" | "command" | "command_output" | "user_shell" | "user_shell_output" | "interrupt";

const BY_PREFIX: [RegExp, UserKind][] = [
  [/^\s*<command-(name|message|args)>/, "command"],
  [/^\s*<local-command-(stdout|stderr)>/, "command_output"],
  [/^\s*<bash-input>/, "user_shell"],
  [/^\s*<bash-(stdout|stderr)>/, "user_shell_output"],
  [/^\s*\[Request interrupted by user/, "interrupt"],
];

/** null: a request someone typed. */
export function userKind(r: Raw, text: string): UserKind | null {
  if (r.isCompactSummary === true) return "compact_summary";
  if (r.isMeta === true) return "meta";
  for (const [re, kind] of BY_PREFIX) if (re.test(text)) return kind;
  return null;
}

/** A `local_command` system record holds a command echo or its output, in the same tags as user records. */
export function commandKind(text: string): UserKind {
  return /^\s*<local-command-(stdout|stderr)>/.test(text) ? "command_output" : "command";
}

/** Text of a message or tool_result content: a string, or blocks (text kept, images named, others as JSON). */
export function blocksText(content: unknown): string {
  if (typeof content === "string") return content;
  if (content === null || content === undefined) return "";
  if (!Array.isArray(content)) return safeJson(content);
  return content.map(blockText).join("\n");
}

function blockText(block: unknown): string {
  if (typeof block === "string") return block;
  if (!isRecord(block)) return safeJson(block);
  if (block.type === "text" && typeof block.text === "string") return block.text;
  if (block.type === "image") {
    const source = isRecord(block.source) ? block.source : {};
    return `[image${str(source.media_type) ? ` ${str(source.media_type)}` : ""}]`;
  }
  return safeJson(block);
}
