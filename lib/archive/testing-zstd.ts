// Test helper: zstd frames written by hand (RFC 8878), so that tests build at test time the frames no encoder
// writes (a window of gigabytes over a few bytes, a content size that lies, thousands of tiny frames). Their
// blocks are raw (type 0: the bytes as they are), which is valid zstd that fzstd decodes like any other.

export interface RawFrameOptions {
  /** The window descriptor byte (exponent << 3 | mantissa: 2^(10 + exponent) × (1 + mantissa / 8) bytes). */
  windowDescriptor?: number;
  /** A content size to declare (4 bytes), true or not; none when absent. */
  declare?: number;
  /** Single segment: no window descriptor, the window is the declared content size. */
  singleSegment?: boolean;
  /** Bytes per block; 128 KB, the most a block holds, when absent. */
  blockBytes?: number;
  /** A 4-byte checksum after the last block (its value is not checked by fzstd, so it is zeros here). */
  checksum?: boolean;
}

/** The descriptor byte of a window of 2^log bytes. */
export function windowOf(log: number): number {
  return (log - 10) << 3;
}

/** One zstd frame holding `content` in raw blocks. */
export function rawFrame(content: Uint8Array, o: RawFrameOptions = {}): Buffer {
  const fcs = o.declare === undefined ? 0 : 2; // Frame_Content_Size_Flag 2: four bytes
  const fhd = (fcs << 6) | ((o.singleSegment ? 1 : 0) << 5) | ((o.checksum ? 1 : 0) << 2);
  const head = [0x28, 0xb5, 0x2f, 0xfd, fhd];
  if (!o.singleSegment) head.push(o.windowDescriptor ?? windowOf(17));
  const size = Buffer.alloc(fcs ? 4 : 0);
  if (o.declare !== undefined) size.writeUInt32LE(o.declare);
  const parts: Buffer[] = [Buffer.from(head), size];
  const step = o.blockBytes ?? 128 * 1024;
  let at = 0;
  do {
    const n = Math.min(step, content.length - at);
    const last = at + n >= content.length ? 1 : 0;
    const header = Buffer.alloc(3);
    header.writeUIntLE((n << 3) | last, 0, 3); // block type 0 (raw) in bits 1-2
    parts.push(header, Buffer.from(content.subarray(at, at + n)));
    at += n;
  } while (at < content.length);
  if (o.checksum) parts.push(Buffer.alloc(4));
  return Buffer.concat(parts);
}

/** A skippable frame (magic 0x184D2A5?) of `n` bytes of payload, which readers skip. */
export function skippableFrame(n: number): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32LE(0x184d2a53, 0);
  head.writeUInt32LE(n, 4);
  return Buffer.concat([head, Buffer.alloc(n, 7)]);
}

export interface ZstdBomb {
  name: string;
  /** The entry's data. */
  frames: Buffer;
  /** The entry's size as its directory declares it. */
  declare: number;
  /** Words of the refusal: the rule broken. */
  rule: string;
}

/**
 * Issue 58's classes of zstd bomb, small files that unbounded cost gigabytes or half an hour, each with the
 * rule that refuses it (lib/archive/limits.ts). `slow` is refused from its block headers by the work rule.
 */
export function zstdBombs(): ZstdBomb[] {
  const wide = windowOf(23); // 8 MB, the largest window allowed
  const bytes = Buffer.alloc(20_000, 120);
  return [
    {
      // 5,000 frames of one byte, each declaring an 8 MB window: 50 KB.
      name: "frames",
      frames: Buffer.concat(Array.from({ length: 5000 }, () => rawFrame(Buffer.from("x"), { windowDescriptor: wide }))),
      declare: 5000,
      rule: "holds more than 256 zstd frames (the limit on zstd frames per entry); refused",
    },
    {
      // The largest window fzstd takes (2^30 × 15/8 bytes) over 20,000 one-byte blocks: 80 KB.
      name: "window",
      frames: rawFrame(bytes, { windowDescriptor: 0xa7, blockBytes: 1 }),
      declare: bytes.length,
      rule: "has a zstd frame whose window is 1920 MB, more than 8 MB (the limit on zstd window size); refused",
    },
    {
      // The largest window allowed over the same blocks: each block moves the whole window.
      name: "slow",
      frames: rawFrame(bytes, { windowDescriptor: wide, blockBytes: 1 }),
      declare: bytes.length,
      rule: "(the limit on zstd decoding work: 1024 MB, then 64 bytes per byte declared); refused",
    },
    {
      // A frame declaring 2,000,000,000 bytes (and so a window that size) in an entry declaring 1,000.
      name: "content",
      frames: rawFrame(Buffer.from("x"), { singleSegment: true, declare: 2_000_000_000 }),
      declare: 1000,
      rule: "has zstd frames declaring 2,000,000,000 bytes, more than the 1,000 bytes its archive's directory declares (the limit on zstd frame content size); refused",
    },
  ];
}
