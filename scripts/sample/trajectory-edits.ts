// Reading edits and shell commands back out of tool calls, whatever the harness calls its tools
// (Claude Code "Edit"/"Bash", OpenCode-style "edit"/"bash", Codex "apply_patch"). The writer uses
// patchFromEdit; tests and trace-signature checks use the readers.
import type { AtifToolCall } from "./trajectory-atif";
import type { FileEdit } from "./trajectory-code";
import { patchTextChanges } from "../../lib/trajectory/patch";

export function commandOf(call: AtifToolCall): string | undefined {
  if (call.function_name.toLowerCase() !== "bash") return undefined;
  const command = call.arguments.command;
  return typeof command === "string" ? command : undefined;
}

export function editsOf(call: AtifToolCall): FileEdit[] {
  const args = call.arguments;
  if (call.function_name.toLowerCase() === "edit") {
    const { file_path, old_string, new_string } = args;
    if (typeof file_path === "string" && typeof old_string === "string" && typeof new_string === "string") {
      return [{ file_path, old_string, new_string }];
    }
    return [];
  }
  if (call.function_name === "apply_patch" && typeof args.input === "string") return parsePatch(args.input);
  return [];
}

/** An edit in Codex's apply_patch envelope: shared leading and trailing lines become context. */
export function patchFromEdit(edit: FileEdit): string {
  const oldLines = edit.old_string.split("\n");
  const newLines = edit.new_string.split("\n");
  let head = 0;
  while (head < oldLines.length && head < newLines.length && oldLines[head] === newLines[head]) head++;
  let tail = 0;
  while (
    tail < oldLines.length - head &&
    tail < newLines.length - head &&
    oldLines[oldLines.length - 1 - tail] === newLines[newLines.length - 1 - tail]
  ) {
    tail++;
  }
  const body = [
    ...oldLines.slice(0, head).map((l) => ` ${l}`),
    ...oldLines.slice(head, oldLines.length - tail).map((l) => `-${l}`),
    ...newLines.slice(head, newLines.length - tail).map((l) => `+${l}`),
    ...oldLines.slice(oldLines.length - tail).map((l) => ` ${l}`),
  ];
  return ["*** Begin Patch", `*** Update File: ${edit.file_path}`, "@@", ...body, "*** End Patch"].join("\n");
}

function parsePatch(patch: string): FileEdit[] {
  return patchTextChanges(patch)
    .filter((c) => !c.deleted)
    .map((c) => ({ file_path: c.path, old_string: c.before ?? "", new_string: c.after }));
}
