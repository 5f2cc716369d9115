// One archive's directory as the rest of the code sees it, whatever read it (a file in Node, a Blob, or HTTP
// range requests): @zip.js/zip.js entries reduced to what a reader needs, with unsafe and duplicate names
// reported instead of silently shadowing each other.
import type { Entry, ZipReader } from "@zip.js/zip.js/lib/zip-core-native.js";
import { ArchiveError, MAX_DIRECTORY_BYTES } from "./limits";
import { isSafeEntryName } from "./ref";
import { ZSTD_METHOD } from "./zstd";

export interface ArchiveListing {
  /** Entries by name (files only; folders are left out). */
  entries: Map<string, Entry>;
  /** Names that were refused (unsafe paths, duplicates), with why. */
  refused: { name: string; why: string }[];
}

export async function listEntries(file: string, reader: ZipReader<unknown>): Promise<ArchiveListing> {
  let all: Entry[];
  try {
    all = await reader.getEntries();
  } catch (err) {
    throw new ArchiveError(file, `not a readable ZIP archive (${err instanceof Error ? err.message : String(err)})`);
  }
  const entries = new Map<string, Entry>();
  const refused: ArchiveListing["refused"] = [];
  let names = 0;
  for (const e of all) {
    names += e.filename.length + 46;
    if (names > MAX_DIRECTORY_BYTES)
      throw new ArchiveError(file, `its central directory is larger than ${MAX_DIRECTORY_BYTES} bytes; refused`);
    if (e.directory) continue;
    if (!isSafeEntryName(e.filename))
      refused.push({ name: e.filename, why: "the name leaves the archive (absolute, .., or empty parts)" });
    else if (entries.has(e.filename)) refused.push({ name: e.filename, why: "a second entry by the same name" });
    else if (e.symlink)
      refused.push({
        name: e.filename,
        why: "a symbolic link (an archive holds regular files only; links are never followed)",
      });
    else if (e.encrypted) refused.push({ name: e.filename, why: "encrypted" });
    else if (e.compressionMethod !== 0 && e.compressionMethod !== 8 && e.compressionMethod !== ZSTD_METHOD)
      refused.push({
        name: e.filename,
        why: `compression method ${e.compressionMethod} (only stored, deflate and zstd are read)`,
      });
    else entries.set(e.filename, e);
  }
  return { entries, refused };
}
