// Node side of the release's packed files (build, validator, importer, tests): an archive is opened once, its
// central directory read through @zip.js/zip.js over a file handle (only the bytes asked for are read), and
// one entry read and inflated by lib/archive/inflate-node.ts with the cap at its declared size. Plain and .gz files are read here too, so every caller reads a
// trajectory reference the same way.
import { createReadStream } from "node:fs";
import { open, readFile, stat, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { configure, Reader, ZipReader, type Entry } from "@zip.js/zip.js/lib/zip-core-native.js";
import { listEntries, type ArchiveListing } from "./entries";
import { LOCAL_HEADER_BYTES, checkDeclaredSize, checkInside, dataStart, inflateEntry } from "./inflate-node";
import { ArchiveError, MAX_ENTRY_BYTES, cappedStream, formatBytes } from "./limits";
import type { EntryMeta } from "./types";
import { parseFileRef } from "./ref";

configure({ useWebWorkers: false });

class FileHandleReader extends Reader<FileHandle> {
  constructor(private readonly handle: FileHandle) {
    super(handle);
  }
  override async init(): Promise<void> {
    this.size = (await this.handle.stat()).size;
  }
  override async readUint8Array(index: number, length: number): Promise<Uint8Array> {
    const buf = new Uint8Array(length);
    const { bytesRead } = await this.handle.read(buf, 0, length, index);
    return bytesRead === length ? buf : buf.subarray(0, bytesRead);
  }
}

export interface OpenArchive extends ArchiveListing {
  file: string;
  read(name: string, maxBytes?: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

export async function openArchive(file: string): Promise<OpenArchive> {
  let handle: FileHandle;
  try {
    handle = await open(file, "r");
  } catch (err) {
    throw new ArchiveError(file, (err as NodeJS.ErrnoException).code === "ENOENT" ? "no such archive" : String(err));
  }
  const reader = new ZipReader(new FileHandleReader(handle), { useWebWorkers: false });
  let listing: ArchiveListing;
  let archiveBytes: number;
  try {
    archiveBytes = (await handle.stat()).size;
    listing = await listEntries(file, reader);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return {
    file,
    ...listing,
    read: (name, maxBytes = MAX_ENTRY_BYTES) => {
      const entry = listing.entries.get(name);
      if (!entry) return Promise.reject(new ArchiveError(`${file}#${name}`, "no such entry in the archive"));
      return readEntry(handle, archiveBytes, `${file}#${name}`, entry, maxBytes);
    },
    close: () => handle.close(),
  };
}

async function readEntry(
  handle: FileHandle,
  archiveBytes: number,
  what: string,
  entry: Entry,
  maxBytes: number,
): Promise<Uint8Array> {
  if (entry.directory) throw new ArchiveError(what, "is a folder");
  const meta = metaOf(entry);
  checkDeclaredSize(what, meta, maxBytes);
  const header = Buffer.alloc(LOCAL_HEADER_BYTES);
  const { bytesRead } = await handle.read(header, 0, LOCAL_HEADER_BYTES, meta.offset);
  const start = dataStart(what, meta, header, bytesRead);
  checkInside(what, start, meta, archiveBytes);
  const data = Buffer.alloc(meta.compressedSize);
  if ((await handle.read(data, 0, data.length, start)).bytesRead !== data.length)
    throw new ArchiveError(what, "the archive ends inside the entry");
  return inflateEntry(what, meta, data, maxBytes);
}

export function metaOf(e: Entry): EntryMeta {
  return { offset: e.offset, compressedSize: e.compressedSize, size: e.uncompressedSize, method: e.compressionMethod };
}

/** Archives opened by path, kept open for the caller's pass over many entries; close() when done. */
export class ArchiveCache {
  private readonly open = new Map<string, Promise<OpenArchive>>();
  get(file: string): Promise<OpenArchive> {
    let a = this.open.get(file);
    if (!a) {
      a = openArchive(file);
      this.open.set(file, a);
    }
    return a;
  }
  async close(): Promise<void> {
    const all = [...this.open.values()];
    this.open.clear();
    await Promise.all(
      all.map((p) =>
        p.then(
          (a) => a.close(),
          () => undefined,
        ),
      ),
    );
  }
}

/**
 * The bytes of a release file named by reference (plain, .gz, or archive entry), inflated, at most
 * `maxBytes`. Errors name the file or entry.
 */
export async function readReleaseFile(
  releaseDir: string,
  ref: string,
  archives: ArchiveCache,
  maxBytes = MAX_ENTRY_BYTES,
): Promise<Uint8Array> {
  const r = parseFileRef(ref);
  if (r.kind === "entry") return (await archives.get(join(releaseDir, r.archive))).read(r.entry, maxBytes);
  const file = join(releaseDir, r.path);
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    throw new ArchiveError(r.path, "no such file");
  }
  if (r.kind === "plain") {
    if (size > maxBytes)
      throw new ArchiveError(
        r.path,
        `is ${formatBytes(size)}, more than the ${formatBytes(maxBytes)} limit for one file; refused`,
      );
    return new Uint8Array(await readFile(file));
  }
  const capped = cappedStream(maxBytes, r.path);
  const gunzip = Readable.toWeb(createReadStream(file).pipe(createGunzip())) as ReadableStream<Uint8Array>;
  try {
    return new Uint8Array(await new Response(gunzip.pipeThrough(capped)).arrayBuffer());
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError(r.path, `is not a readable gzip file (${err instanceof Error ? err.message : String(err)})`);
  }
}
