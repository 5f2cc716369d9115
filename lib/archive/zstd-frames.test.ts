// The frame walker on frames written by hand (testing-zstd.ts): every cap refused by its rule from the headers
// alone, and a valid entry of several frames found whole whatever the chunks it arrives in.
import { describe, expect, it } from "vitest";
import { rawFrame, skippableFrame, windowOf } from "./testing-zstd";
import { ZstdFrameWalker, type FramePiece } from "./zstd-frames";

const CAPS = { content: 1000, contentWords: "the 1,000 bytes its archive's directory declares" };
const bytes = (s: string) => Buffer.from(s);

/** The zstd frames found in `data` fed in chunks of `step` bytes, each frame's pieces joined. */
function frames(data: Buffer, step = data.length, caps = CAPS): Buffer[] {
  const w = new ZstdFrameWalker(caps);
  const pieces: FramePiece[] = [];
  for (let at = 0; at < data.length; at += step) pieces.push(...w.push(data.subarray(at, at + step)));
  w.finish();
  const out: Buffer[] = [];
  let current: Buffer[] = [];
  for (const p of pieces) {
    current.push(Buffer.from(p.bytes));
    if (p.end) {
      out.push(Buffer.concat(current));
      current = [];
    }
  }
  expect(current).toEqual([]);
  return out;
}

describe("ZstdFrameWalker", () => {
  // Frame a: 6-byte header (magic, descriptor 0x00, window byte), blocks of 3 + 3 and 3 + 2 bytes: 17 bytes.
  // Frame b: single segment with a 4-byte content size (4 + 1 + 4), one block of 3 + 4, a 4-byte checksum: 20.
  // Between them a skippable frame of 8 + 5 bytes, which is left out.
  const a = rawFrame(bytes("hello"), { blockBytes: 3 });
  const b = rawFrame(bytes("zstd"), { singleSegment: true, declare: 4, checksum: true });
  const entry = Buffer.concat([a, skippableFrame(5), b]);

  it("finds each frame whole, the skippable one left out, whatever the chunk size", () => {
    expect([a.length, b.length, entry.length]).toEqual([17, 20, 50]);
    for (let step = 1; step <= entry.length; step++) expect(frames(entry, step)).toEqual([a, b]);
  });

  it("refuses more frames than the cap, counted as their headers arrive", () => {
    const one = rawFrame(bytes("x"));
    const caps = { ...CAPS, frames: 3 };
    expect(frames(Buffer.concat([one, one, one]), 1, caps)).toHaveLength(3);
    expect(() => frames(Buffer.concat([one, one, one, one]), 1, caps)).toThrow(
      "holds more than 3 zstd frames (the limit on zstd frames per entry); refused",
    );
  });

  it("refuses a window past the cap, and the largest window there is, before any block", () => {
    expect(frames(rawFrame(bytes("x"), { windowDescriptor: windowOf(23) }))).toHaveLength(1);
    // 2^24 bytes; then exponent 20, mantissa 7: 2^30 × 15/8, the largest window fzstd accepts.
    expect(() => frames(rawFrame(bytes("x"), { windowDescriptor: windowOf(24) }))).toThrow(
      "has a zstd frame whose window is 16 MB, more than 8 MB (the limit on zstd window size); refused",
    );
    expect(() => frames(rawFrame(bytes("x"), { windowDescriptor: 0xa7 }))).toThrow(
      "has a zstd frame whose window is 1920 MB, more than 8 MB (the limit on zstd window size); refused",
    );
  });

  it("refuses frames whose declared content sizes add up past the entry's cap", () => {
    const x500 = Buffer.alloc(500, 120);
    expect(frames(Buffer.concat([rawFrame(x500, { declare: 500 }), rawFrame(x500, { declare: 500 })]))).toHaveLength(2);
    expect(() => frames(Buffer.concat([rawFrame(x500, { declare: 500 }), rawFrame(x500, { declare: 501 })]))).toThrow(
      "has zstd frames declaring 1,001 bytes, more than the 1,000 bytes its archive's directory declares (the limit on zstd frame content size); refused",
    );
    expect(() => frames(rawFrame(bytes("x"), { singleSegment: true, declare: 2_000_000_000 }))).toThrow(
      "has zstd frames declaring 2,000,000,000 bytes, more than the 1,000 bytes its archive's directory declares",
    );
  });

  it("refuses a block larger than its frame allows (128 KB, or a smaller window)", () => {
    // Single segment: the window is the declared 4 bytes, so a block of 5 is too large.
    expect(() => frames(rawFrame(bytes("hello"), { singleSegment: true, declare: 4 }))).toThrow(
      "has a zstd block of 5 bytes, more than the 4 its frame allows (the limit on zstd block size); refused",
    );
    const big = rawFrame(Buffer.alloc(128 * 1024 + 1), { blockBytes: 200_000, windowDescriptor: windowOf(20) });
    expect(() => frames(big, big.length, { ...CAPS, content: 1 << 20 })).toThrow(
      "has a zstd block of 131,073 bytes, more than the 131,072 its frame allows",
    );
  });

  it("refuses what is not zstd, a dictionary, and an entry that stops inside a frame", () => {
    expect(() => frames(bytes("PK\x03\x04 not zstd"))).toThrow("is not zstd data (a frame starts with neither");
    const reserved = Buffer.from(a);
    reserved[4] = 0x08;
    expect(() => frames(reserved)).toThrow("is not zstd data (a frame header's reserved bit is set)");
    const reservedBlock = Buffer.from(a);
    reservedBlock[6] = 0x06; // block type 3
    expect(() => frames(reservedBlock)).toThrow("is not zstd data (a block of the reserved type)");
    const dictionary = Buffer.concat([a.subarray(0, 4), Buffer.from([0x01]), a.subarray(5, 6), Buffer.from([9])]);
    expect(() => frames(dictionary)).toThrow("needs a zstd dictionary, which this reader does not have; refused");
    expect(() => frames(a.subarray(0, a.length - 1))).toThrow("ends inside a zstd frame (truncated)");
  });
});
