// Zstandard-compressed ZIP entries (method 93), which Inspect writes in its .eval logs. Decompressed with
// fzstd's streaming decoder, counting the output so that a frame declaring any size costs at most the cap:
// the entry's declared size, as for deflate (limits.ts).
import { Decompress } from "fzstd";
import { ArchiveError, declaredSizeExceeded, formatBytes } from "./limits";
import { concatBytes } from "../common/arrays";

export const ZSTD_METHOD = 93;

/** The entry's bytes, refused once more than `cap` come out (`declared`: the size its directory gives). */
export function unzstd(what: string, data: Uint8Array, maxBytes: number, declared: number): Uint8Array {
  const cap = Math.max(1, Math.min(maxBytes, declared));
  const parts: Uint8Array[] = [];
  let size = 0;
  const decoder = new Decompress((chunk) => {
    size += chunk.byteLength;
    if (size > cap) throw tooLarge(what, cap, maxBytes);
    parts.push(chunk);
  });
  try {
    decoder.push(data, true);
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError(
      what,
      `could not be decompressed (zstd: ${err instanceof Error ? err.message : String(err)})`,
    );
  }
  return concatBytes(parts, size);
}

function tooLarge(what: string, cap: number, maxBytes: number): ArchiveError {
  return cap < maxBytes
    ? declaredSizeExceeded(what, cap)
    : new ArchiveError(what, `inflates to more than ${formatBytes(maxBytes)}, the limit for one file; refused`);
}

/**
 * The same as a stream, for zip.js's codec registry (read-remote.ts): zip.js caps the output at the entry's
 * declared size itself, and the page's running cap (limits.ts cappedStream) follows.
 */
export class ZstdDecompressionStream extends TransformStream<Uint8Array, Uint8Array> {
  static supportedFormats = ["zstd"];
  constructor(_format?: string) {
    let decoder: Decompress;
    super({
      start(controller) {
        decoder = new Decompress((chunk) => controller.enqueue(chunk));
      },
      transform(chunk) {
        decoder.push(chunk);
      },
      flush() {
        decoder.push(new Uint8Array(0), true);
      },
    });
  }
}
