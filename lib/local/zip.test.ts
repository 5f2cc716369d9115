import { readFileSync } from "node:fs";
import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { testZip } from "../archive/testing-zip";
import { openLocal } from "./open";
import { sourceOf } from "../files/source";
import { openZipEntry, openZipEntryOf, readZip } from "../files/zip";

const text = async (s: ReadableStream<Uint8Array>) =>
  new TextDecoder().decode(new Uint8Array(await new Response(s).arrayBuffer()));

describe("a zip written by Python's zipfile (lib/local/fixtures/minimal-release.zip)", () => {
  const zip = new Blob([readFileSync("lib/local/fixtures/minimal-release.zip")]);

  it("lists its entries from the central directory", async () => {
    const { entries } = await readZip("minimal-release.zip", zip);
    expect(entries.map((e) => [e.name, e.size])).toEqual([
      ["minimal/annotations.jsonl", 359],
      ["minimal/configs.jsonl", 411],
      ["minimal/release.json", 792],
      ["minimal/runs.jsonl", 8812],
      ["minimal/sessions.jsonl", 2922],
      ["minimal/tasks.jsonl", 4059],
      ["minimal/trajectories/orca-opencode.s-101-switched.0.json", 11496],
    ]);
  });

  it("reads stored and deflated entries byte for byte", async () => {
    const picked = await readZip("minimal-release.zip", zip);
    for (const [name, file] of [
      ["minimal/release.json", "release.json"],
      ["minimal/runs.jsonl", "runs.jsonl"],
    ]) {
      expect(await text(await openZipEntry(picked, name!))).toBe(readFileSync(`data/examples/minimal/${file}`, "utf8"));
    }
  });
});

/** A one-entry zip, deflated, optionally with every size and offset moved to zip64 records. */
function makeZip(name: string, content: string, zip64: boolean): Uint8Array<ArrayBuffer> {
  const data = deflateRawSync(Buffer.from(content));
  const nameBytes = Buffer.from(name);
  const size = Buffer.byteLength(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const extra = Buffer.alloc(zip64 ? 28 : 0);
  if (zip64) {
    extra.writeUInt16LE(1, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(size), 4);
    extra.writeBigUInt64LE(BigInt(data.length), 12);
    extra.writeBigUInt64LE(0n, 20);
  }
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(zip64 ? 0xffffffff : data.length, 20);
  central.writeUInt32LE(zip64 ? 0xffffffff : size, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt16LE(extra.length, 30);
  central.writeUInt32LE(zip64 ? 0xffffffff : 0, 42);
  const cdOffset = 30 + nameBytes.length + data.length;
  const cd = Buffer.concat([central, nameBytes, extra]);
  const parts: Buffer[] = [local, nameBytes, data, cd];
  if (zip64) {
    const e64 = Buffer.alloc(56);
    e64.writeUInt32LE(0x06064b50, 0);
    e64.writeBigUInt64LE(44n, 4);
    e64.writeBigUInt64LE(1n, 24);
    e64.writeBigUInt64LE(1n, 32);
    e64.writeBigUInt64LE(BigInt(cd.length), 40);
    e64.writeBigUInt64LE(BigInt(cdOffset), 48);
    const loc = Buffer.alloc(20);
    loc.writeUInt32LE(0x07064b50, 0);
    loc.writeBigUInt64LE(BigInt(cdOffset + cd.length), 8);
    parts.push(e64, loc);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? 0xffff : 1, 8);
  end.writeUInt16LE(zip64 ? 0xffff : 1, 10);
  end.writeUInt32LE(zip64 ? 0xffffffff : cd.length, 12);
  end.writeUInt32LE(zip64 ? 0xffffffff : cdOffset, 16);
  parts.push(end);
  return new Uint8Array(Buffer.concat(parts));
}

describe("zip64 records", () => {
  it("are followed for sizes, offsets and the directory", async () => {
    for (const zip64 of [false, true]) {
      const blob = new Blob([makeZip("r/runs.jsonl", "line one\nline two\n", zip64)]);
      const picked = await readZip("r.zip", blob);
      expect(picked.entries).toEqual([{ name: "r/runs.jsonl", size: 18 }]);
      expect(await text(await openZipEntry(picked, "r/runs.jsonl"))).toBe("line one\nline two\n");
    }
  });
});

describe("what is not a zip", () => {
  it("is refused naming the file and saying what is expected", async () => {
    await expect(readZip("results.zip", new Blob(["just text, no archive"]))).rejects.toThrow(
      "results.zip is not a zip archive this page can read (File format is not recognized); pick a release folder, a zip of one, or agent logs (.json, .jsonl, .traj, .eval)",
    );
  });
});

// Bombs: 2 GiB of zeros deflate to 2.1 MB (testing-zip.ts); the directory says the entry holds 100 bytes.
describe("an entry whose directory lies about its size (a zip bomb)", () => {
  const bomb = new Blob([new Uint8Array(testZip([{ name: "bomb/runs.jsonl", zerosMiB: 2048, declare: 100 }]))]);

  it("is small, and is refused once its bytes pass the declared 100, naming the zip and the entry", async () => {
    expect(bomb.size).toBeLessThan(3_000_000);
    const reader = (await openZipEntryOf("bomb.zip", bomb, "bomb/runs.jsonl")).getReader();
    let delivered = 0;
    const failure = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return null;
        delivered += value.byteLength;
      }
    })().catch((err: unknown) => err);
    expect(String(failure)).toBe(
      "ArchiveError: bomb.zip#bomb/runs.jsonl: does not inflate to the 100 bytes its archive's directory declares (a zip bomb or a damaged archive); refused",
    );
    expect(delivered).toBeLessThanOrEqual(100);
  });

  it("declared honestly but over the limit, is refused by its declared size before a byte is inflated", async () => {
    const honest = await readZip("big.zip", new Blob([new Uint8Array(testZip([{ name: "t.json", zerosMiB: 3 }]))]));
    expect(honest.entries).toEqual([{ name: "t.json", size: 3 * 1024 * 1024 }]);
    await expect(openZipEntry(honest, "t.json", 2 * 1024 * 1024)).rejects.toThrow(
      "big.zip#t.json: declares 3 MB, more than the 2 MB limit for one file; refused",
    );
  });

  it("in a release zip loses its file with a file.read error; the rest of the release loads", async () => {
    const files = ["release.json", "tasks.jsonl", "sessions.jsonl", "configs.jsonl", "annotations.jsonl"].map((f) => ({
      name: `minimal/${f}`,
      content: readFileSync(`data/examples/minimal/${f}`),
    }));
    const zip = new Blob([
      new Uint8Array(testZip([...files, { name: "minimal/runs.jsonl", zerosMiB: 2048, declare: 8812 }])),
    ]);
    const result = await openLocal([{ path: "results.zip", file: zip }]);
    expect(result.kind).toBe("release");
    if (result.kind !== "release") return;
    expect(result.problems.filter((p) => p.rule === "file.read")).toEqual([
      {
        level: "error",
        file: "runs.jsonl",
        rule: "file.read",
        message:
          "results.zip#minimal/runs.jsonl: does not inflate to the 8,812 bytes its archive's directory declares (a zip bomb or a damaged archive); refused",
      },
    ]);
    expect(result.counts.runs).toBe(0);
    expect(result.configs.length).toBe(
      readFileSync("data/examples/minimal/configs.jsonl", "utf8").trim().split("\n").length,
    );
  });

  it("as release.json leaves nothing loaded, and says why", async () => {
    const zip = new Blob([new Uint8Array(testZip([{ name: "r/release.json", zerosMiB: 64, declare: 792 }]))]);
    const result = await openLocal([{ path: "r.zip", file: zip }]);
    expect(result).toMatchObject({ kind: "invalid", label: "r.zip" });
    expect(result.problems).toContainEqual({
      level: "error",
      file: "release.json",
      rule: "file.read",
      message:
        "r.zip#r/release.json: does not inflate to the 792 bytes its archive's directory declares (a zip bomb or a damaged archive); refused",
    });
  });

  it("with a name that leaves the archive refuses the zip, naming it", async () => {
    await expect(
      sourceOf([
        { path: "x.zip", file: new Blob([new Uint8Array(testZip([{ name: "../evil.json", content: "{}" }]))]) },
      ]),
    ).rejects.toThrow("x.zip is not a zip archive this page can read (Unsafe filename)");
  });

  it("twice by one name keeps the first; the second is not read", async () => {
    const source = await sourceOf([
      {
        path: "d.zip",
        file: new Blob([
          new Uint8Array(
            testZip([
              { name: "a.json", content: "1" },
              { name: "a.json", content: "2" },
            ]),
          ),
        ]),
      },
    ]);
    expect(source.files.map((f) => f.path)).toEqual(["a.json"]);
    expect(await text(await source.files[0]!.open())).toBe("1");
  });
});
