// The converter's own file handling (`npm run convert`, docs/agent-logs.md): the log is opened without waiting
// (a FIFO would block the open) and checked to be a regular file within the per-file limit before a byte is
// read; the output is never written through a symbolic link nor over an existing file unless --force is given,
// and a file-system error comes back as a sentence naming the path instead of a raw EISDIR or ENOENT.
import { constants } from "node:fs";
import { lstat, mkdir, open, rename, rm, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import { formatBytes } from "../../lib/archive/limits";

/** Node's codes as words, for messages that name the path. */
const REASONS: Record<string, string> = {
  ENOENT: "does not exist",
  ENOTDIR: "has a part that is not a folder",
  EISDIR: "is a folder",
  EEXIST: "already exists (--force replaces it)",
  EACCES: "is not permitted (permission denied)",
  EPERM: "is not permitted (permission denied)",
  ELOOP: "is a symbolic link",
  ENOSPC: "could not be written: the disk is full",
  EROFS: "is on a read-only file system",
  ENAMETOOLONG: "has a name too long for the file system",
};

/** `err` (a Node file-system error) as one sentence naming `path` and what it is to the converter (`role`). */
function fileError(role: string, path: string, err: unknown): Error {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const reason = code && REASONS[code] ? REASONS[code] : err instanceof Error ? err.message : String(err);
  return new Error(`${role} ${path}: ${reason}`, { cause: err });
}

/** What a non-regular file is, for the refusal's message. */
function kind(info: { isDirectory(): boolean; isFIFO(): boolean; isCharacterDevice(): boolean }): string {
  if (info.isDirectory()) return "a folder";
  if (info.isFIFO()) return "a FIFO (named pipe)";
  if (info.isCharacterDevice()) return "a device";
  return "not a regular file";
}

/** The log opened for reading, after checking it is a regular file; the caller closes it. */
export async function openLog(file: string): Promise<{ handle: FileHandle; size: number }> {
  let handle: FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever.
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    throw fileError("the log", file, err);
  }
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    throw new Error(`the log ${file} is ${kind(info)}, not a log file; refused before reading`);
  }
  return { handle, size: info.size };
}

/** The first `n` bytes (fewer when the file is shorter). */
export async function readHead(handle: FileHandle, n: number): Promise<Buffer> {
  const buffer = Buffer.alloc(n);
  const { bytesRead } = await handle.read(buffer, 0, n, 0);
  return buffer.subarray(0, bytesRead);
}

/** The whole file, refused before reading when its size passes `maxBytes`, and when it grows while read. */
export async function readWhole(file: string, handle: FileHandle, size: number, maxBytes: number): Promise<Buffer> {
  if (size > maxBytes)
    throw new Error(
      `the log ${file} is ${formatBytes(size)}, more than the ${formatBytes(maxBytes)} limit for one file; refused before reading`,
    );
  const buffer = Buffer.alloc(size + 1);
  let at = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, at, buffer.length - at, at);
    if (bytesRead === 0) break;
    at += bytesRead;
    if (at > size) throw new Error(`the log ${file} grew while it was read; refused`);
  }
  return buffer.subarray(0, at);
}

/** What is at `path` now, without following a link, or null when nothing is. */
async function existing(path: string): Promise<"link" | "folder" | "file" | null> {
  try {
    const info = await lstat(path);
    return info.isSymbolicLink() ? "link" : info.isDirectory() ? "folder" : "file";
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw fileError("--out", path, err);
  }
}

/** Refuses an output path that is a link, or that exists without --force, or that is the wrong kind. */
export async function checkOut(out: string, wanted: "file" | "folder", force: boolean): Promise<void> {
  const now = await existing(out);
  if (now === "link") throw new Error(`--out ${out} is a symbolic link: the converter writes through no link; refused`);
  if (now === null) return;
  if (now !== wanted)
    throw new Error(
      `--out ${out} is a ${now}, and this log converts to a ${wanted}: ${wanted === "folder" ? "an Inspect log's samples go into a folder" : "give a file's path"}`,
    );
  if (!force) throw new Error(`--out ${out} already exists: pass --force to replace it`);
}

/** The output folder, created when absent (its parent must exist). */
export async function makeOutFolder(out: string): Promise<void> {
  try {
    await mkdir(out);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw fileError("--out", out, err);
  }
}

/**
 * Writes `text` at `to`: into a new file opened with O_EXCL (which never follows a link) under a temporary name
 * beside it, then renamed over `to`, which replaces a file or a link itself, never what a link points at.
 */
export async function writeOut(to: string, text: string): Promise<void> {
  const temporary = `${to}.${process.pid}.tmp`;
  let handle: FileHandle | null = null;
  let created = false;
  try {
    handle = await open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW);
    created = true;
    await handle.writeFile(text);
    await handle.close();
    handle = null;
    await rename(temporary, to);
  } catch (err) {
    await handle?.close();
    if (created) await rm(temporary, { force: true });
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new Error(`--out ${to}: its folder ${dirname(to)} does not exist`, { cause: err });
    throw fileError("--out", to, err);
  }
}
