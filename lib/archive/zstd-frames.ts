// The frames of a zstd entry found from their headers alone (RFC 8878, sections 3.1.1 to 3.1.2: frame header,
// then blocks of a 3-byte header each, then an optional 4-byte checksum; skippable frames carry a length), so
// that an entry's cost is checked before fzstd (lib/archive/zstd.ts) allocates a window for it: the frame
// count, each frame's window and declared content size, and each block's size, against the caps of
// lib/archive/limits.ts. Bytes arrive in chunks of any size (zip.js streams them in the browser): the walker
// keeps its place between chunks and hands back each zstd frame's bytes, skippable frames left out.
import {
  MAX_ZSTD_FRAMES,
  MAX_ZSTD_WINDOW_BYTES,
  ZSTD_WORK_BASE_BYTES,
  ZSTD_WORK_PER_BYTE,
  ZstdRefusal,
  formatBytes,
} from "./limits";

const ZSTD_MAGIC = 0xfd2fb528;
const SKIPPABLE_MAGIC = 0x184d2a50; // the low four bits are free
/** Block_Maximum_Size (RFC 8878, 3.1.1.2.3): no block holds or makes more, nor more than its window. */
const MAX_BLOCK_BYTES = 128 * 1024;
const BLOCK_RESERVED = 3;
const BLOCK_RLE = 1;

/** Bytes of one zstd frame; `end` on its last piece. A frame may come in several pieces. */
export interface FramePiece {
  bytes: Uint8Array;
  end: boolean;
}

/** How much an entry may declare: `content` bytes in all, `contentWords` naming where that cap comes from. */
export interface ZstdCaps {
  content: number;
  contentWords: string;
  frames?: number;
  window?: number;
}

type State = "magic" | "descriptor" | "header" | "skippable" | "block" | "body" | "skip" | "checksum";

export class ZstdFrameWalker {
  private state: State = "magic";
  private readonly head = new Uint8Array(18);
  private have = 0;
  private need = 4;
  /** Bytes of a block body, skipped frame or checksum still to come. */
  private left = 0;
  private frames = 0;
  private declared = 0;
  /**
   * Σ window over the blocks so far but each frame's first: what decoding them will move (limits.ts, ZSTD_WORK_*).
   * A frame's first block is its allocation, which the frame and window caps already bound.
   */
  private work = 0;
  private firstBlock = true;
  private window = 0;
  private checksum = false;
  private lastBlock = false;
  private started = false;
  private ended = false;
  private inFrame = false;
  private readonly maxFrames: number;
  private readonly maxWindow: number;

  constructor(private readonly caps: ZstdCaps) {
    this.maxFrames = caps.frames ?? MAX_ZSTD_FRAMES;
    this.maxWindow = caps.window ?? MAX_ZSTD_WINDOW_BYTES;
  }

  /** The zstd frames' bytes in `chunk`; throws ZstdRefusal at the first header that breaks a cap. */
  push(chunk: Uint8Array): FramePiece[] {
    const pieces: FramePiece[] = [];
    let run = this.inFrame ? 0 : -1;
    let i = 0;
    while (i < chunk.length) {
      if (this.left > 0) {
        const n = Math.min(this.left, chunk.length - i);
        i += n;
        this.left -= n;
        if (this.left === 0) this.spanDone();
      } else {
        this.head[this.have++] = chunk[i++]!;
        if (this.have === this.need) this.headDone();
      }
      if (this.started) {
        this.started = false;
        pieces.push({ bytes: this.head.slice(0, 4), end: false });
        run = i;
      }
      if (this.ended) {
        this.ended = false;
        pieces.push({ bytes: chunk.subarray(run, i), end: true });
        run = -1;
      }
    }
    if (run >= 0 && run < chunk.length) pieces.push({ bytes: chunk.subarray(run), end: false });
    return pieces;
  }

  /** At the end of the entry: refuses one that stops inside a frame. */
  finish(): void {
    if (this.state !== "magic" || this.have !== 0) throw new ZstdRefusal("ends inside a zstd frame (truncated)");
  }

  private expect(state: State, need: number): void {
    this.state = state;
    this.have = 0;
    this.need = need;
  }

  private headDone(): void {
    const h = this.head;
    switch (this.state) {
      case "magic":
        return this.magicDone(u32(h, 0));
      case "descriptor":
        // Magic and descriptor are kept in `head`: the header's length depends on the descriptor.
        this.state = "header";
        this.need = headerLength(h[4]!);
        return;
      case "header":
        this.frameHeader();
        return this.expect("block", 3);
      case "skippable":
        this.state = "skip";
        this.left = u32(h, 4);
        if (this.left === 0) this.spanDone();
        return;
      case "block":
        return this.blockHeader();
    }
  }

  private magicDone(magic: number): void {
    if (magic === ZSTD_MAGIC) {
      if (++this.frames > this.maxFrames)
        throw new ZstdRefusal(
          `holds more than ${this.maxFrames.toLocaleString("en-US")} zstd frames (the limit on zstd frames per entry); refused`,
        );
      this.started = true;
      this.inFrame = true;
      this.state = "descriptor";
      this.need = 5;
    } else if ((magic & 0xfffffff0) >>> 0 === SKIPPABLE_MAGIC) {
      // The magic stays in `head`: the frame's length follows it.
      this.state = "skippable";
      this.need = 8;
    } else
      throw new ZstdRefusal("is not zstd data (a frame starts with neither zstd's magic number nor a skippable one)");
  }

  private frameHeader(): void {
    const h = this.head;
    const fhd = h[4]!;
    const singleSegment = (fhd >> 5) & 1;
    const dictionaryBytes = [0, 1, 2, 4][fhd & 3]!;
    let at = 5;
    let window = 0;
    if (!singleSegment) {
      const exponent = h[at]! >> 3;
      const base = 2 ** (10 + exponent);
      window = base + (base / 8) * (h[at++]! & 7);
    }
    if (dictionaryBytes > 0 && readLE(h, at, dictionaryBytes) !== 0)
      throw new ZstdRefusal("needs a zstd dictionary, which this reader does not have; refused");
    at += dictionaryBytes;
    const content = frameContentSize(h, at, fhd);
    if (singleSegment) window = content ?? 0;
    else if (window > this.maxWindow)
      throw new ZstdRefusal(
        `has a zstd frame whose window is ${formatBytes(window)}, more than ${formatBytes(this.maxWindow)} (the limit on zstd window size); refused`,
      );
    if (content !== null) {
      this.declared += content;
      if (this.declared > this.caps.content)
        throw new ZstdRefusal(
          `has zstd frames declaring ${this.declared.toLocaleString("en-US")} bytes, more than ${this.caps.contentWords} (the limit on zstd frame content size); refused`,
        );
    }
    this.window = window;
    this.firstBlock = true;
    this.checksum = ((fhd >> 2) & 1) === 1;
  }

  private blockHeader(): void {
    const h = this.head;
    const bits = h[0]! | (h[1]! << 8) | (h[2]! << 16);
    const type = (bits >> 1) & 3;
    const size = bits >>> 3;
    if (type === BLOCK_RESERVED) throw new ZstdRefusal("is not zstd data (a block of the reserved type)");
    const max = Math.min(MAX_BLOCK_BYTES, this.window);
    if (size > max)
      throw new ZstdRefusal(
        `has a zstd block of ${size.toLocaleString("en-US")} bytes, more than the ${max.toLocaleString("en-US")} its frame allows (the limit on zstd block size); refused`,
      );
    if (!this.firstBlock) this.work += this.window;
    this.firstBlock = false;
    const allowed = ZSTD_WORK_BASE_BYTES + ZSTD_WORK_PER_BYTE * this.caps.content;
    if (this.work > allowed)
      throw new ZstdRefusal(
        `has zstd blocks that would move ${formatBytes(this.work)} of window to make at most ${formatBytes(this.caps.content)} (the limit on zstd decoding work: ${formatBytes(ZSTD_WORK_BASE_BYTES)}, then ${ZSTD_WORK_PER_BYTE} bytes per byte declared); refused`,
      );
    this.lastBlock = (bits & 1) === 1;
    this.state = "body";
    this.left = type === BLOCK_RLE ? 1 : size;
    if (this.left === 0) this.spanDone();
  }

  private spanDone(): void {
    if (this.state === "skip") return this.expect("magic", 4);
    if (this.state === "body" && !this.lastBlock) return this.expect("block", 3);
    if (this.state === "body" && this.checksum) {
      this.state = "checksum";
      this.left = 4;
      return;
    }
    this.ended = true;
    this.inFrame = false;
    this.expect("magic", 4);
  }
}

/** Magic, descriptor, window byte, dictionary id and content size (RFC 8878, 3.1.1.1). */
function headerLength(fhd: number): number {
  if (fhd & 8) throw new ZstdRefusal("is not zstd data (a frame header's reserved bit is set)");
  const singleSegment = (fhd >> 5) & 1;
  return 5 + (singleSegment ? 0 : 1) + [0, 1, 2, 4][fhd & 3]! + contentSizeBytes(fhd);
}

function contentSizeBytes(fhd: number): number {
  const flag = fhd >> 6;
  return flag === 0 ? (fhd >> 5) & 1 : 1 << flag;
}

/** The frame's declared content size, or null when it declares none. */
function frameContentSize(h: Uint8Array, at: number, fhd: number): number | null {
  const n = contentSizeBytes(fhd);
  if (n === 0) return null;
  return readLE(h, at, n) + (n === 2 ? 256 : 0);
}

function readLE(h: Uint8Array, at: number, n: number): number {
  let v = 0;
  for (let k = n - 1; k >= 0; k--) v = v * 256 + h[at + k]!;
  return v;
}

function u32(h: Uint8Array, at: number): number {
  return readLE(h, at, 4);
}
