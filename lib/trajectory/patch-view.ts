// What the final-patch tab shows (docs/trajectory-explorer.md, "Final patch"): the parsed diff, its problems
// and the taint marks, computed in the parse worker from the patch text. Pure.
import { parseUnifiedDiff, type PatchFile, type PatchProblem } from "./patch";
import { patchTaint, type PatchTaint, type TaintInput } from "./patch-taint";

/** A patch larger than this is not read, in the viewer nor by the validator (lib/data/validate-patches.ts). */
export const MAX_PATCH_BYTES = 8 * 1024 * 1024;

export interface PatchView {
  files: PatchFile[];
  problems: PatchProblem[];
  /** null when the page did not know the session's tasks (no release tables for the run). */
  taint: PatchTaint | null;
  chars: number;
}

export function patchView(text: string, taint: TaintInput | null): PatchView {
  const parsed = parseUnifiedDiff(text);
  return {
    files: parsed.files,
    problems: parsed.problems,
    taint: taint ? patchTaint(parsed.files, taint) : null,
    chars: text.length,
  };
}

/** One file of the patch as diff text for the highlighter, and which of its lines (1-based) the taint marks. */
export function fileDiffText(
  file: PatchFile,
  fileIndex: number,
  taint: PatchTaint | null,
): { text: string; marked: number[] } {
  const out: string[] = [];
  const marked: number[] = [];
  const flagged = new Set((taint?.lines ?? []).filter((l) => l.file === fileIndex).map((l) => `${l.hunk}:${l.line}`));
  file.hunks.forEach((h, hi) => {
    out.push(h.header);
    h.lines.forEach((l, li) => {
      out.push(`${l.kind === "add" ? "+" : l.kind === "del" ? "-" : " "}${l.text}`);
      if (flagged.has(`${hi}:${li}`)) marked.push(out.length);
      if (l.noNewline) out.push("\\ No newline at end of file");
    });
  });
  return { text: out.join("\n"), marked };
}
