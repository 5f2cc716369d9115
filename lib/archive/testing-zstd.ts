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
