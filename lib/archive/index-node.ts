// The directories of the archives a release's runs name, read once when the release loads (only their
// central directories: nothing is inflated), so the synchronous validator can tell whether an entry exists and
// read the few entries it needs (annotated runs) without an event loop.
import { closeSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import { ArchiveError, MAX_ENTRY_BYTES, declaredSizeExceeded, formatBytes } from "./limits";
import { openArchive } from "./read-node";
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
      const a = await openArchive(join(dir, archive));
      const entries = new Map<string, EntryMeta>();
      for (const [name, e] of a.entries)
        entries.set(name, {
          offset: e.offset,
          compressedSize: e.compressedSize,
          size: e.uncompressedSize,
          method: e.compressionMethod,
        });
      out.set(archive, { entries, refused: a.refused });
      await a.close();
    } catch (err) {
      out.set(archive, { error: err instanceof ArchiveError ? err.message.slice(err.file.length + 2) : String(err) });
    }
  }
  return out;
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

/**
 * One entry's bytes, read synchronously: the local header gives where the data starts (its name and extra
 * field lengths may differ from the central directory's), then stored bytes are copied and deflated ones
 * inflated with Node's own cap on the output.
 */
export function readEntrySync(file: string, name: string, meta: EntryMeta, maxBytes = MAX_ENTRY_BYTES): Uint8Array {
  const what = `${file}#${name}`;
  if (meta.size > maxBytes)
    throw new ArchiveError(
      what,
      `declares ${formatBytes(meta.size)}, more than the ${formatBytes(maxBytes)} limit for one file; refused`,
    );
  const fd = openSync(file, "r");
  try {
    const header = Buffer.alloc(30);
    if (readSync(fd, header, 0, 30, meta.offset) !== 30 || header.readUInt32LE(0) !== 0x04034b50)
      throw new ArchiveError(what, "no local header where the directory says");
    const start = meta.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const data = Buffer.alloc(meta.compressedSize);
    if (readSync(fd, data, 0, data.length, start) !== data.length)
      throw new ArchiveError(what, "the archive ends inside the entry");
    if (meta.method === 0) return data;
    // Node stops at maxOutputLength: at the declared size, so a bomb costs no more than what it declares.
    const cap = Math.max(1, Math.min(maxBytes, meta.size));
    try {
      return inflateRawSync(data, { maxOutputLength: cap });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE" && cap < maxBytes)
        throw declaredSizeExceeded(what, meta.size);
      throw new ArchiveError(what, `could not be inflated (${err instanceof Error ? err.message : String(err)})`);
    }
  } finally {
    closeSync(fd);
  }
}
