// Zstandard-compressed ZIP entries (method 93), which Inspect writes in its .eval logs, decompressed by fzstd
// within the caps of lib/archive/limits.ts. fzstd allocates each frame's window as its header declares and
// moves the whole window for every block, so the frames are first found and checked from their headers
// (lib/archive/zstd-frames.ts), then decoded one at a time with a fresh decoder (a frame's window is let go
// before the next one's is made), the output counted against the entry's declared size and the time spent
// against the rate of limits.ts after every block. The same code serves Node (unzstd) and the browser
// (ZstdDecompressionStream, zip.js's codec).
import { Decompress } from "fzstd";
import {
  ArchiveError,
  MAX_ENTRY_BYTES,
  ZSTD_MS_PER_MB,
  ZSTD_TIME_BASE_MS,
  ZstdRefusal,
  formatBytes,
  pastDeclaredSize,
} from "./limits";
import { ZstdFrameWalker, type FramePiece, type ZstdCaps } from "./zstd-frames";
import { concatBytes } from "../common/arrays";

export const ZSTD_METHOD = 93;

const MB = 1024 * 1024;

/** The entry's bytes (`declared`: the size its directory gives); a refusal is an ArchiveError naming the rule. */
export function unzstd(what: string, data: Uint8Array, maxBytes: number, declared: number): Uint8Array {
  const caps = entryCaps(maxBytes, declared);
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    const walker = new ZstdFrameWalker(caps);
    // Every header is checked before the first frame is decoded: a refused entry costs no window.
    const pieces = walker.push(data);
    walker.finish();
    new FrameDecoder(caps, (chunk) => {
      parts.push(chunk);
      size += chunk.byteLength;
    }).decode(pieces);
  } catch (err) {
    throw err instanceof ZstdRefusal ? new ArchiveError(what, err.message) : err;
  }
  return concatBytes(parts, size);
}

/**
 * The same as a stream, for zip.js's codec registry (read-remote.ts), which passes the entry's declared size
 * as `uncompressedSize`; its refusals are named by the reader (limits.ts namingErrors).
 */
export class ZstdDecompressionStream extends TransformStream<Uint8Array, Uint8Array> {
  static supportedFormats = ["zstd"];
  constructor(_format?: string, options?: { uncompressedSize?: number }) {
    const caps = entryCaps(MAX_ENTRY_BYTES, options?.uncompressedSize);
    const walker = new ZstdFrameWalker(caps);
    let decoder: FrameDecoder;
    super({
      start(controller) {
        decoder = new FrameDecoder(caps, (chunk) => controller.enqueue(chunk));
      },
      transform(chunk) {
        decoder.decode(walker.push(chunk));
      },
      flush() {
        walker.finish();
      },
    });
  }
}

/** The caps of the walker, and the words for output past them. */
interface EntryCaps extends ZstdCaps {
  overflow: string;
}

/** An entry may inflate to its declared size, within the limit for one file. */
function entryCaps(maxBytes: number, declared: number | undefined): EntryCaps {
  return declared !== undefined && declared < maxBytes
    ? {
        content: declared,
        contentWords: `the ${declared.toLocaleString("en-US")} bytes its archive's directory declares`,
        overflow: pastDeclaredSize(declared),
      }
    : {
        content: maxBytes,
        contentWords: `the ${formatBytes(maxBytes)} limit for one file`,
        overflow: `inflates to more than ${formatBytes(maxBytes)}, the limit for one file; refused`,
      };
}

/**
 * fzstd fed frame by frame. The time counted is the time spent decoding, not waiting for bytes (the browser
 * receives them over the network).
 */
class FrameDecoder {
  private decoder: Decompress | null = null;
  private size = 0;
  private spent = 0;
  private since = 0;

  constructor(
    private readonly caps: EntryCaps,
    private readonly emit: (chunk: Uint8Array) => void,
  ) {}

  decode(pieces: readonly FramePiece[]): void {
    this.since = performance.now();
    try {
      for (const p of pieces) {
        this.decoder ??= new Decompress((chunk) => this.block(chunk));
        this.decoder.push(p.bytes, p.end);
        if (p.end) this.decoder = null;
      }
    } catch (err) {
      if (err instanceof ZstdRefusal) throw err;
      throw new ZstdRefusal(`could not be decompressed (zstd: ${err instanceof Error ? err.message : String(err)})`);
    } finally {
      this.spent += performance.now() - this.since;
    }
  }

  /** Called by fzstd after every block. */
  private block(chunk: Uint8Array): void {
    this.size += chunk.byteLength;
    if (this.size > this.caps.content) throw new ZstdRefusal(this.caps.overflow);
    const spent = this.spent + performance.now() - this.since;
    if (spent > ZSTD_TIME_BASE_MS + (this.size / MB) * ZSTD_MS_PER_MB)
      throw new ZstdRefusal(
        `took ${(spent / 1000).toFixed(1)} s to decompress ${formatBytes(this.size)} (the limit on zstd decoding time: ${ZSTD_TIME_BASE_MS / 1000} s, then ${ZSTD_MS_PER_MB / 1000} s per MB); refused`,
      );
    if (chunk.byteLength > 0) this.emit(chunk);
  }
}
