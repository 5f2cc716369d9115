// One ZIP entry's bytes from the archive's own bytes, shared by the build's reader (read-node.ts, async, many
// entries) and the validator's (index-node.ts, sync, a few): the local header says where the data starts (its
// name and extra field lengths may differ from the central directory's), stored bytes are taken as they are and
// deflated ones inflated by Node's zlib with its cap on the output. zip.js's streams cost the trajectory pass
// noticeably more time per entry for the same bytes (see docs/performance.md, "Trajectory pass").
import { inflateRawSync } from "node:zlib";
import { ArchiveError, declaredSizeExceeded, declaredSizeMismatch, formatBytes } from "./limits";
import type { EntryMeta } from "./types";
import { unzstd, ZSTD_METHOD } from "./zstd";

export const LOCAL_HEADER_BYTES = 30;

/** Refuses an entry whose declared size passes the limit, before a byte of it is read. */
export function checkDeclaredSize(what: string, meta: EntryMeta, maxBytes: number): void {
  if (meta.size > maxBytes)
    throw new ArchiveError(
      what,
      `declares ${formatBytes(meta.size)}, more than the ${formatBytes(maxBytes)} limit for one file; refused`,
    );
}

/** Where the entry's data starts, from its local header (30 bytes at `meta.offset`). */
export function dataStart(what: string, meta: EntryMeta, header: Buffer, bytesRead: number): number {
  if (bytesRead !== LOCAL_HEADER_BYTES || header.readUInt32LE(0) !== 0x04034b50)
    throw new ArchiveError(what, "no local header where the directory says");
  return meta.offset + LOCAL_HEADER_BYTES + header.readUInt16LE(26) + header.readUInt16LE(28);
}

/** The entry's data must lie inside the archive: checked before its compressed bytes are allocated. */
export function checkInside(what: string, start: number, meta: EntryMeta, archiveBytes: number): void {
  if (start + meta.compressedSize > archiveBytes) throw new ArchiveError(what, "the archive ends inside the entry");
}

/**
 * Stored bytes as they are; deflated (and zstd) ones inflated, stopping at the declared size (so a bomb costs what
 * it declares). An entry that holds fewer bytes than declared is refused too, saying so: the directory lies either
 * way, and the browser's reader (zip.js) refuses it as well.
 */
export function inflateEntry(what: string, meta: EntryMeta, data: Buffer, maxBytes: number): Uint8Array {
  const bytes = inflateUpToDeclared(what, meta, data, maxBytes);
  if (bytes.byteLength < meta.size) throw declaredSizeMismatch(what, meta.size, bytes.byteLength);
  return bytes;
}

function inflateUpToDeclared(what: string, meta: EntryMeta, data: Buffer, maxBytes: number): Uint8Array {
  if (meta.method === 0) {
    if (data.length > meta.size) throw declaredSizeExceeded(what, meta.size);
    return data;
  }
  if (meta.method === ZSTD_METHOD) return unzstd(what, data, maxBytes, meta.size);
  const cap = Math.max(1, Math.min(maxBytes, meta.size));
  try {
    return inflateRawSync(data, { maxOutputLength: cap });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") {
      if (cap < maxBytes) throw declaredSizeExceeded(what, meta.size);
      throw new ArchiveError(what, `inflates to more than ${formatBytes(maxBytes)}, the limit for one file; refused`);
    }
    throw new ArchiveError(what, `could not be inflated (${err instanceof Error ? err.message : String(err)})`);
  }
}
