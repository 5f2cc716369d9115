// The difference between two final patches of one focus task (the compare page's matched pair: the
// uninterrupted run's patch against the switched run's). Per file, which side touches it, and the added and
// removed lines only one side has. Lines are compared trimmed, as multisets. Pure.
import type { PatchFile } from "./patch";

export interface FileDifference {
  path: string;
  /** "both": both patches change the file; otherwise only that side does. */
  in: "both" | "left" | "right";
  /** Added lines only the left (right) patch has. */
  leftOnly: string[];
  rightOnly: string[];
  /** Removed lines only the left (right) patch removes. */
  leftRemovesOnly: string[];
  rightRemovesOnly: string[];
}

export interface PatchDifference {
  files: FileDifference[];
  /** The two patches change the same files with the same added and removed lines. */
  same: boolean;
}

function linesOf(files: readonly PatchFile[], path: string, kind: "add" | "del"): string[] {
  return files
    .filter((f) => f.path === path)
    .flatMap((f) => f.hunks.flatMap((h) => h.lines.filter((l) => l.kind === kind).map((l) => l.text.trim())))
    .filter((l) => l !== "");
}

/** Items of `a` not matched one-for-one by items of `b`, in `a`'s order. */
function minus(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const x of b) left.set(x, (left.get(x) ?? 0) + 1);
  const out: string[] = [];
  for (const x of a) {
    const n = left.get(x) ?? 0;
    if (n > 0) left.set(x, n - 1);
    else out.push(x);
  }
  return out;
}

export function patchDifference(left: readonly PatchFile[], right: readonly PatchFile[]): PatchDifference {
  const paths = [...new Set([...left.map((f) => f.path), ...right.map((f) => f.path)])].sort();
  const files = paths.map((path): FileDifference => {
    const inL = left.some((f) => f.path === path);
    const inR = right.some((f) => f.path === path);
    const [la, ra, ld, rd] = [
      linesOf(left, path, "add"),
      linesOf(right, path, "add"),
      linesOf(left, path, "del"),
      linesOf(right, path, "del"),
    ];
    return {
      path,
      in: inL && inR ? "both" : inL ? "left" : "right",
      leftOnly: minus(la, ra),
      rightOnly: minus(ra, la),
      leftRemovesOnly: minus(ld, rd),
      rightRemovesOnly: minus(rd, ld),
    };
  });
  const same = files.every(
    (f) =>
      f.in === "both" &&
      f.leftOnly.length + f.rightOnly.length + f.leftRemovesOnly.length + f.rightRemovesOnly.length === 0,
  );
  return { files, same };
}
