// Node side of the release's packed files (build, validator, importer, tests): an archive is opened once, its
// central directory read through @zip.js/zip.js over a file handle (only the bytes asked for are read), and
// one entry read and inflated by lib/archive/inflate-node.ts with the cap at its declared size. Plain and .gz files are read here too, so every caller reads a
// trajectory reference the same way.
import { constants } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { OutsideRootError, openInside, resolveInside } from "../common/inside-root-node";
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
    // Callers resolve the path inside its release (resolveInside); O_NOFOLLOW keeps the last part from being a link.
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ArchiveError(
      file,
      code === "ENOENT" ? "no such archive" : code === "ELOOP" ? "is a symbolic link; refused" : String(err),
    );
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
  if (r.kind === "entry") return (await archives.get(insideOrRefuse(releaseDir, r.archive))).read(r.entry, maxBytes);
  let handle: FileHandle;
  try {
    handle = await openInside(releaseDir, r.path);
  } catch (err) {
    throw refusal(r.path, err);
  }
  if (r.kind === "plain") {
    try {
      const size = (await handle.stat()).size;
      if (size > maxBytes)
        throw new ArchiveError(
          r.path,
          `is ${formatBytes(size)}, more than the ${formatBytes(maxBytes)} limit for one file; refused`,
        );
      return new Uint8Array(await handle.readFile());
    } finally {
      await handle.close();
    }
  }
  const capped = cappedStream(maxBytes, r.path);
  const source = handle.createReadStream({ autoClose: false });
  const gunzip = Readable.toWeb(source.pipe(createGunzip())) as ReadableStream<Uint8Array>;
  try {
    return new Uint8Array(await new Response(gunzip.pipeThrough(capped)).arrayBuffer());
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError(r.path, `is not a readable gzip file (${err instanceof Error ? err.message : String(err)})`);
  } finally {
    // A refusal stops reading midway: the file is closed here, not left to the garbage collector.
    source.destroy();
    await handle.close();
  }
}

/** `rel` resolved inside `root`, or an ArchiveError naming it (a link, or a path that leaves the release). */
function insideOrRefuse(root: string, rel: string): string {
  try {
    return resolveInside(root, rel);
  } catch (err) {
    throw refusal(rel, err);
  }
}

function refusal(rel: string, err: unknown): ArchiveError {
  if (err instanceof OutsideRootError)
    return new ArchiveError(rel, `${err.message.slice(err.path.length + 2)} (${err.rule})`);
  const e = err as NodeJS.ErrnoException;
  return new ArchiveError(
    rel,
    e.code === "ENOENT" ? "no such file" : e.code === "EISDIR" ? "is a folder" : String(err),
  );
}
