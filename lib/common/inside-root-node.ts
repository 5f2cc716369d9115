// A release, a submission or a folder of Harbor jobs can come from anyone (a pull request), so every file read
// from one must stay inside it: no symbolic link is followed, at any depth, and no path resolves outside the
// folder. Readers call resolveInside (or openInside) with the folder and a relative path; scanTree lists what
// a folder holds without following links, so a link nobody names is still reported (and never published).
// Node only.
import {
  closeSync,
  constants,
  copyFileSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  type Dirent,
} from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { dirname, isAbsolute, join } from "node:path";

/** Why a path is refused; each is a named rule of docs/data-format.md, "Files stay inside the release". */
export type InsideRule = "path.link" | "path.outside" | "path.special";

export class OutsideRootError extends Error {
  constructor(
    readonly rule: InsideRule,
    /** The path as the caller named it, relative to the root. */
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
    this.name = "OutsideRootError";
  }
}

const LINK_MESSAGE = "is a symbolic link; a release holds regular files and folders only, and links are never followed";

/**
 * The absolute path of `rel` inside `root`, after checking every part of it below the root with lstat: none may
 * be a symbolic link, and `rel` may not climb out (`..`, absolute paths). A missing part is not an error here
 * (the caller's read reports "no such file"); the root itself may be reached through links the operator made.
 */
export function resolveInside(root: string, rel: string): string {
  const parts = relativeParts(rel);
  let at = realRoot(root);
  for (const [i, part] of parts.entries()) {
    at = join(at, part);
    let info;
    try {
      info = lstatSync(at);
    } catch {
      return join(at, ...parts.slice(i + 1));
    }
    if (info.isSymbolicLink()) throw new OutsideRootError("path.link", parts.slice(0, i + 1).join("/"), LINK_MESSAGE);
    if (i < parts.length - 1 && !info.isDirectory()) return join(at, ...parts.slice(i + 1));
    if (i === parts.length - 1 && !info.isFile() && !info.isDirectory()) throw specialFile(parts.join("/"));
  }
  return at;
}

/**
 * Opens `rel` inside `root` for reading, refusing links (resolveInside, then O_NOFOLLOW so the last part cannot
 * be swapped for a link in between) and anything but a regular file.
 */
export async function openInside(root: string, rel: string): Promise<FileHandle> {
  const path = resolveInside(root, rel);
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    throw info.isDirectory() ? Object.assign(new Error(`${rel}: is a folder`), { code: "EISDIR" }) : specialFile(rel);
  }
  return handle;
}

/** The bytes of `rel` inside `root`, read synchronously with the same refusals as openInside. */
export function readInsideSync(root: string, rel: string): Buffer {
  const fd = openSync(resolveInside(root, rel), constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    if (!fstatSync(fd).isFile()) throw specialFile(rel);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** What a folder holds, walked without following links: its regular files and what was refused, both sorted. */
export interface TreeScan {
  files: string[];
  refused: OutsideRootError[];
}

/** Walks `root` (relative paths with '/'); a link or a special file is refused and not entered. */
export function scanTree(root: string): TreeScan {
  const scan: TreeScan = { files: [], refused: [] };
  walk(realRoot(root), "", scan);
  scan.files.sort();
  scan.refused.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return scan;
}

/**
 * Copies `rel` (a file, or a folder and everything in it) from inside `root` to the same relative place under
 * `to`, as regular files: a link anywhere stops the copy before anything is written (an OutsideRootError).
 * With `exclusive`, an existing destination file is an error instead of being replaced. Returns the files copied.
 */
export function copyInside(root: string, rel: string, to: string, exclusive = false): string[] {
  const from = resolveInside(root, rel);
  const info = lstatSync(from);
  const files = info.isDirectory() ? scanFolder(from, rel) : [rel];
  for (const f of files) {
    const target = join(to, f);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(resolveInside(root, f), target, exclusive ? constants.COPYFILE_EXCL : 0);
  }
  return files;
}

function scanFolder(abs: string, rel: string): string[] {
  const scan = scanTree(abs);
  const first = scan.refused[0];
  if (first) throw new OutsideRootError(first.rule, `${rel}/${first.path}`, first.message.slice(first.path.length + 2));
  return scan.files.map((f) => `${rel}/${f}`);
}

function walk(abs: string, rel: string, scan: TreeScan): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(abs, { withFileTypes: true });
  } catch (err) {
    scan.refused.push(new OutsideRootError("path.special", rel || ".", `cannot be listed (${(err as Error).message})`));
    return;
  }
  for (const e of entries) {
    const path = rel ? `${rel}/${e.name}` : e.name;
    if (e.isSymbolicLink()) scan.refused.push(new OutsideRootError("path.link", path, LINK_MESSAGE));
    else if (e.isDirectory()) walk(join(abs, e.name), path, scan);
    else if (e.isFile()) scan.files.push(path);
    else scan.refused.push(specialFile(path));
  }
}

function specialFile(path: string): OutsideRootError {
  return new OutsideRootError("path.special", path, "is not a regular file (a device, pipe or socket); refused");
}

function relativeParts(rel: string): string[] {
  const parts = rel.split(/[\\/]+/).filter((p) => p !== "" && p !== ".");
  if (isAbsolute(rel) || /^[a-z]:/i.test(rel) || parts.includes(".."))
    throw new OutsideRootError("path.outside", rel, "leaves the folder (an absolute path or '..'); refused");
  return parts;
}

function realRoot(root: string): string {
  return realpathSync(root);
}
