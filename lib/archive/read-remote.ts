// Browser side (the parse and alignment workers): one entry of a ZIP archive read by HTTP range requests,
// never the whole archive. The archive's end record and central directory are read once per page and kept;
// then each entry costs its local header and its compressed bytes, inflated as they arrive (so the first steps
// can be shown before the entry is complete) with the running cap of limits.ts.
import { BlobReader, configure, registerCodec, ZipReader } from "@zip.js/zip.js/lib/zip-core-native.js";
import { listEntries, type ArchiveListing } from "./entries";
import { DirectoryFirstRangeReader } from "./range-reader";
import { ZSTD_METHOD, ZstdDecompressionStream } from "./zstd";
import { ArchiveError, MAX_ENTRY_BYTES, cappedStream, formatBytes, namingErrors } from "./limits";

configure({ useWebWorkers: false });
// Inspect's .eval logs compress their entries with Zstandard.
registerCodec({ compressionMethod: ZSTD_METHOD, format: "zstd", DecompressionStream: ZstdDecompressionStream });

const directories = new Map<string, Promise<ArchiveListing>>();

/** The archive's directory, read once: later entries of the same archive reuse it. */
export function remoteArchive(url: string): Promise<ArchiveListing> {
  let d = directories.get(url);
  if (!d) {
    const absolute = new URL(url, globalThis.location?.href).href;
    const reader = new ZipReader(new DirectoryFirstRangeReader(absolute), { useWebWorkers: false });
    d = listEntries(url, reader);
    directories.set(url, d);
    d.catch(() => directories.delete(url));
  }
  return d;
}

/** A Blob archive's directory (local results: a picked file, or an archive inside a picked zip). */
export function blobArchive(name: string, blob: Blob): Promise<ArchiveListing> {
  return listEntries(name, new ZipReader(new BlobReader(blob), { useWebWorkers: false }));
}

/** The inflated bytes of one entry as a stream; errors name the archive and entry. */
export async function entryStream(
  listing: ArchiveListing,
  archive: string,
  name: string,
  maxBytes = MAX_ENTRY_BYTES,
): Promise<ReadableStream<Uint8Array>> {
  const what = `${archive}#${name}`;
  const entry = listing.entries.get(name);
  if (!entry) {
    const refused = listing.refused.find((r) => r.name === name);
    throw new ArchiveError(what, refused ? `refused: ${refused.why}` : "no such entry in the archive");
  }
  if (entry.directory) throw new ArchiveError(what, "is a folder");
  if (entry.uncompressedSize > maxBytes) {
    throw new ArchiveError(
      what,
      `declares ${formatBytes(entry.uncompressedSize)}, more than the ${formatBytes(maxBytes)} limit for one file; refused`,
    );
  }
  const capped = cappedStream(maxBytes, what, entry.uncompressedSize);
  // getData writes into the stream as the compressed bytes arrive; its failure (CRC, truncated deflate)
  // reaches the reader as the stream's error.
  entry.getData(capped.writable).catch((err: unknown) => {
    void capped.writable.abort(err).catch(() => undefined);
  });
  return namingErrors(capped.readable, what, entry.uncompressedSize);
}

/** Wraps an error from reading an entry so the message names the file, whatever threw it. */
export function namedError(what: string, err: unknown): Error {
  if (err instanceof ArchiveError) return err;
  return new ArchiveError(what, `could not be inflated (${err instanceof Error ? err.message : String(err)})`);
}
