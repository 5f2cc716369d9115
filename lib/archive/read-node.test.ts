// The three forms of a release file read in Node (plain, gzip, archive entry), a corrupted entry refused by
// name while its neighbours still read, and the inflation cap holding even when the archive lies about sizes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexArchives, readEntrySync } from "./index-node";
import { ArchiveCache, openArchive, readReleaseFile } from "./read-node";
import { writeArchive } from "./write-node";

let dir: string;
const DOC = JSON.stringify({ schema_version: "ATIF-v1.6", steps: [{ step_id: 1, source: "user", message: "hi" }] });
const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** Offsets of every central-directory record (signature PK\x01\x02) of an archive. */
function centralRecords(zip: Buffer): number[] {
  const out: number[] = [];
  for (let i = 0; i + 4 <= zip.length; i++) if (zip.readUInt32LE(i) === 0x02014b50) out.push(i);
  return out;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "archive-node-"));
  writeFileSync(join(dir, "plain.json"), DOC);
  writeFileSync(join(dir, "packed.json.gz"), gzipSync(DOC));
  writeFileSync(join(dir, "not.json.gz"), "plain text, not gzip");
  writeFileSync(
    join(dir, "a.zip"),
    await writeArchive([
      { name: "one.json", text: () => DOC },
      { name: "two/two.json", text: () => DOC.replace("hi", "two") },
    ]),
  );
  // An archive whose second entry's compressed bytes are overwritten: its CRC and deflate stream break.
  const good = Buffer.from(
    await writeArchive([
      { name: "ok.json", text: () => DOC },
      { name: "bad.json", text: () => DOC.repeat(50) },
    ]),
  );
  const local = good.indexOf(Buffer.from("bad.json")) + "bad.json".length;
  good.fill(0xff, local + 4, local + 40);
  writeFileSync(join(dir, "corrupt.zip"), good);
  // A bomb that lies: 8 MB of zeros whose directory says 100 bytes.
  const bomb = Buffer.from(await writeArchive([{ name: "bomb.json", text: () => "0".repeat(8 * 1024 * 1024) }]));
  for (const at of centralRecords(bomb)) bomb.writeUInt32LE(100, at + 24);
  writeFileSync(join(dir, "bomb.zip"), bomb);
  // A directory that says the entry's compressed bytes run 2 GB past the end of a small archive.
  const long = Buffer.from(await writeArchive([{ name: "long.json", text: () => DOC }]));
  for (const at of centralRecords(long)) long.writeUInt32LE(0x7fffffff, at + 20);
  writeFileSync(join(dir, "long.zip"), long);
  writeFileSync(join(dir, "notzip.zip"), "this is not a zip archive at all, only text");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("readReleaseFile", () => {
  it("reads a plain file, a gzip file and an archive entry to the same text", async () => {
    const cache = new ArchiveCache();
    expect(text(await readReleaseFile(dir, "plain.json", cache))).toBe(DOC);
    expect(text(await readReleaseFile(dir, "packed.json.gz", cache))).toBe(DOC);
    expect(text(await readReleaseFile(dir, "a.zip#one.json", cache))).toBe(DOC);
    expect(text(await readReleaseFile(dir, "a.zip#two/two.json", cache))).toContain('"two"');
    await cache.close();
  });

  it("names the file or entry it could not read", async () => {
    const cache = new ArchiveCache();
    await expect(readReleaseFile(dir, "missing.json", cache)).rejects.toThrow("missing.json: no such file");
    await expect(readReleaseFile(dir, "not.json.gz", cache)).rejects.toThrow(
      /not\.json\.gz: is not a readable gzip file/,
    );
    await expect(readReleaseFile(dir, "a.zip#nope.json", cache)).rejects.toThrow(/a\.zip#nope\.json: no such entry/);
    await expect(readReleaseFile(dir, "notzip.zip#x.json", cache)).rejects.toThrow(
      /notzip\.zip: not a readable ZIP archive/,
    );
    await expect(readReleaseFile(dir, "none.zip#x.json", cache)).rejects.toThrow(/none\.zip: no such archive/);
    await cache.close();
  });

  it("refuses a corrupted entry by name while the other entry of its archive still reads", async () => {
    const cache = new ArchiveCache();
    await expect(readReleaseFile(dir, "corrupt.zip#bad.json", cache)).rejects.toThrow(
      /corrupt\.zip#bad\.json: could not be inflated/,
    );
    expect(text(await readReleaseFile(dir, "corrupt.zip#ok.json", cache))).toBe(DOC);
    await cache.close();
  });

  it("refuses an entry whose compressed bytes would run past the archive's end, before allocating them", async () => {
    const cache = new ArchiveCache();
    await expect(readReleaseFile(dir, "long.zip#long.json", cache)).rejects.toThrow(
      "long.zip#long.json: the archive ends inside the entry",
    );
    const index = (await indexArchives(dir, ["long.zip#long.json"])).get("long.zip")!;
    if ("error" in index) throw new Error(index.error);
    expect(() => readEntrySync(join(dir, "long.zip"), "long.json", index.entries.get("long.json")!)).toThrow(
      "long.zip#long.json: the archive ends inside the entry",
    );
    await cache.close();
  });

  it("stops inflating at the cap whatever the directory declares", async () => {
    const cache = new ArchiveCache();
    const a = await openArchive(join(dir, "bomb.zip"));
    expect(a.entries.get("bomb.json")!.uncompressedSize).toBe(100);
    await a.close();
    await expect(readReleaseFile(dir, "bomb.zip#bomb.json", cache, 1024 * 1024)).rejects.toThrow(
      "bomb.zip#bomb.json: inflates past the 100 bytes its archive's directory declares (a zip bomb or a damaged archive); refused",
    );
    // The validator's synchronous reader (annotated runs) stops at the declared size too.
    const index = (await indexArchives(dir, ["bomb.zip#bomb.json"])).get("bomb.zip")!;
    if ("error" in index) throw new Error(index.error);
    expect(() => readEntrySync(join(dir, "bomb.zip"), "bomb.json", index.entries.get("bomb.json")!)).toThrow(
      "bomb.zip#bomb.json: inflates past the 100 bytes its archive's directory declares (a zip bomb or a damaged archive); refused",
    );
    await expect(readReleaseFile(dir, "a.zip#one.json", cache, 10)).rejects.toThrow(
      /a\.zip#one\.json: declares 85 bytes, more than the 10 bytes limit/,
    );
    await expect(readReleaseFile(dir, "plain.json", cache, 10)).rejects.toThrow(
      /plain\.json: is 85 bytes, more than the 10 bytes limit/,
    );
    await cache.close();
  });

  it("writes the same bytes for the same entries", async () => {
    const again = await writeArchive([
      { name: "one.json", text: () => DOC },
      { name: "two/two.json", text: () => DOC.replace("hi", "two") },
    ]);
    expect(Buffer.from(again).equals(readFileSync(join(dir, "a.zip")))).toBe(true);
  });
});
