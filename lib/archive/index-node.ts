// The directories of the archives a release's runs name, read once when the release loads (only their
// central directories: nothing is inflated), so the synchronous validator can tell whether an entry exists and
// read the few entries it needs (annotated runs) without an event loop.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { OutsideRootError, resolveInside } from "../common/inside-root-node";
import { LOCAL_HEADER_BYTES, checkDeclaredSize, checkInside, dataStart, inflateEntry } from "./inflate-node";
import { ArchiveError, MAX_ENTRY_BYTES } from "./limits";
import { metaOf, openArchive } from "./read-node";
import { parseFileRef } from "./ref";
import type { ArchiveIndex, EntryMeta } from "./types";

export type { ArchiveIndex, EntryMeta } from "./types";

/** Indexes every distinct archive named by `refs` (paths relative to `dir`), keyed by the archive's relative path. */
export async function indexArchives(dir: string, refs: Iterable<string>): Promise<Map<string, ArchiveIndex>> {
  const archives = new Set<string>();
  for (const ref of refs) {
    const r = parseFileRef(ref);
    if (r.kind === "entry") archives.add(r.archive);
  }
  const out = new Map<string, ArchiveIndex>();
  for (const archive of [...archives].sort()) {
    try {
      const a = await openArchive(resolveInside(dir, archive));
      const entries = new Map<string, EntryMeta>();
      for (const [name, e] of a.entries) entries.set(name, metaOf(e));
      out.set(archive, { entries, refused: a.refused });
      await a.close();
    } catch (err) {
      out.set(archive, { error: indexError(err) });
    }
  }
  return out;
}

function indexError(err: unknown): string {
  if (err instanceof ArchiveError) return err.message.slice(err.file.length + 2);
  if (err instanceof OutsideRootError) return `${err.message.slice(err.path.length + 2)} (${err.rule})`;
  return String(err);
}

/** Why `entry` of an indexed archive cannot be read, or null when it is there. */
export function entryProblem(index: ArchiveIndex | undefined, archive: string, entry: string): string | null {
  if (!index) return `archive "${archive}" was not indexed`;
  if ("error" in index) return `archive "${archive}": ${index.error}`;
  if (index.entries.has(entry)) return null;
  const refused = index.refused.find((r) => r.name === entry);
  return refused
    ? `entry "${entry}" of "${archive}" is refused: ${refused.why}`
    : `archive "${archive}" has no entry "${entry}"`;
}

/** One entry's bytes, read synchronously (lib/archive/inflate-node.ts says how); `file` is resolved by the caller. */
export function readEntrySync(file: string, name: string, meta: EntryMeta, maxBytes = MAX_ENTRY_BYTES): Uint8Array {
  const what = `${file}#${name}`;
  checkDeclaredSize(what, meta, maxBytes);
  const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const header = Buffer.alloc(LOCAL_HEADER_BYTES);
    const start = dataStart(what, meta, header, readSync(fd, header, 0, LOCAL_HEADER_BYTES, meta.offset));
    checkInside(what, start, meta, fstatSync(fd).size);
    const data = Buffer.alloc(meta.compressedSize);
    if (readSync(fd, data, 0, data.length, start) !== data.length)
      throw new ArchiveError(what, "the archive ends inside the entry");
    return inflateEntry(what, meta, data, maxBytes);
  } finally {
    closeSync(fd);
  }
}
