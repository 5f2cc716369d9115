// Zstandard entries (method 93): a real Inspect .eval log's inflated whole, and refused at the size the
// archive's directory declares when they would inflate past it (a lying directory, as for deflate); frames
// written by hand (testing-zstd.ts) refused by the caps of limits.ts with the entry named, in Node (unzstd)
// and through zip.js's codec as the browser reads them (entryStream over a Blob), the entry's neighbours
// still read.
import { describe, expect, it } from "vitest";
import { indexArchives, readEntrySync } from "./index-node";
import { blobArchive, entryStream } from "./read-remote";
import { testZip } from "./testing-zip";
import { rawFrame, skippableFrame, windowOf } from "./testing-zstd";
import { unzstd } from "./zstd";

const DIR = "lib/trajectory/native/fixtures/inspect";
const LOG = "ais-decoder.eval";
const MAX = 512 * 1024 * 1024;
const text = (b: Uint8Array) => new TextDecoder().decode(b);

describe("zstd entries", () => {
  it("inflate to the size their directory declares, and a lie about it is refused by name", async () => {
    const index = (await indexArchives(DIR, [`${LOG}#header.json`])).get(LOG)!;
    if ("error" in index) throw new Error(index.error);
    const meta = index.entries.get("header.json")!;
    expect(meta.method).toBe(93);
    const bytes = readEntrySync(`${DIR}/${LOG}`, "header.json", meta);
    expect(bytes.byteLength).toBe(meta.size);
    expect(JSON.parse(new TextDecoder().decode(bytes))).toMatchObject({ version: 2, status: "success" });
    expect(() => readEntrySync(`${DIR}/${LOG}`, "header.json", { ...meta, size: 100 })).toThrow(
      `${DIR}/${LOG}#header.json: inflates past the 100 bytes its archive's directory declares (a zip bomb or a damaged archive); refused`,
    );
  });
});

// "hello " (6 bytes) in blocks of 4, then a skippable frame, then "world" single-segment with a checksum: 11.
const GOOD = Buffer.concat([
  rawFrame(Buffer.from("hello "), { blockBytes: 4 }),
  skippableFrame(3),
  rawFrame(Buffer.from("world"), { singleSegment: true, declare: 5, checksum: true }),
]);
const tiny = rawFrame(Buffer.from("x"), { windowDescriptor: windowOf(23) });
/** Each hostile class, with the rule it breaks (the entry declares 1,000 bytes). */
const HOSTILE: [string, Buffer, string][] = [
  [
    "frames",
    Buffer.concat(Array.from({ length: 257 }, () => tiny)),
    "holds more than 256 zstd frames (the limit on zstd frames per entry); refused",
  ],
  [
    "window",
    rawFrame(Buffer.from("x"), { windowDescriptor: 0xa7, blockBytes: 1 }),
    "has a zstd frame whose window is 1920 MB, more than 8 MB (the limit on zstd window size); refused",
  ],
  [
    "content",
    rawFrame(Buffer.from("x"), { singleSegment: true, declare: 2_000_000_000 }),
    "has zstd frames declaring 2,000,000,000 bytes, more than the 1,000 bytes its archive's directory declares (the limit on zstd frame content size); refused",
  ],
  [
    "output",
    rawFrame(Buffer.alloc(1001, 120)),
    "inflates past the 1,000 bytes its archive's directory declares (a zip bomb or a damaged archive); refused",
  ],
];

describe("unzstd", () => {
  it("decodes an entry of several frames, skippable ones left out", () => {
    expect(text(unzstd("a.eval#x", GOOD, MAX, 11))).toBe("hello world");
  });

  it.each(HOSTILE)("refuses an entry past the cap on %s, naming the entry and the rule", (_, data, rule) => {
    expect(() => unzstd("a.eval#x", data, MAX, 1000)).toThrow(`a.eval#x: ${rule}`);
  });

  it("refuses output past the limit for one file when the directory declares more", () => {
    expect(() => unzstd("a.eval#x", rawFrame(Buffer.alloc(11)), 10, 20)).toThrow(
      "a.eval#x: inflates to more than 10 bytes, the limit for one file; refused",
    );
  });
});

describe("zstd entries read as the browser reads them", () => {
  it("decodes the good entry and refuses each hostile one by rule, its neighbours still read", async () => {
    const zip = testZip([
      { name: "good.json", content: "hello world", zstd: GOOD },
      ...HOSTILE.map(([name, zstd]) => ({ name, content: "", zstd, declare: 1000 })),
      { name: "after.json", content: "hello world", zstd: GOOD },
    ]);
    const listing = await blobArchive("a.eval", new Blob([new Uint8Array(zip)]));
    const read = async (name: string) => text(await new Response(await entryStream(listing, "a.eval", name)).bytes());
    expect(await read("good.json")).toBe("hello world");
    for (const [name, , rule] of HOSTILE) await expect(read(name)).rejects.toThrow(`a.eval#${name}: ${rule}`);
    expect(await read("after.json")).toBe("hello world");
  });
});
