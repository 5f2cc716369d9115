// The parse worker's read path (openRemote) in Node against a real HTTP server (sirv, a host's static server;
// scripts/serve.test.ts checks the project's own, scripts/serve.mjs):
// a plain file, a .json.gz and an archive entry read by range, the bytes each costs, and a corrupted entry
// refused by name while the archive's other entries still read.
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import sirv from "sirv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeArchive } from "../archive/write-node";
import { openRemote, remoteText } from "./open-remote";

let dir: string;
let server: Server;
let base: string;
const log: { url: string; range: string | undefined; bytes: number }[] = [];
const DOC = JSON.stringify({
  schema_version: "ATIF-v1.6",
  steps: Array.from({ length: 200 }, (_, i) => ({
    step_id: i + 1,
    source: "agent",
    message: `step ${i} ${"x".repeat(i % 50)}`,
  })),
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "open-remote-"));
  writeFileSync(join(dir, "plain.json"), DOC);
  writeFileSync(join(dir, "packed.json.gz"), gzipSync(DOC));
  const entries = Array.from({ length: 50 }, (_, i) => ({
    name: `run-${i}.json`,
    text: () => DOC.replace("step 0", `run ${i}`),
  }));
  writeFileSync(join(dir, "a.zip"), await writeArchive(entries));
  const broken = Buffer.from(
    await writeArchive([
      { name: "ok.json", text: () => DOC },
      { name: "bad.json", text: () => DOC },
    ]),
  );
  const at = broken.indexOf(Buffer.from("bad.json")) + "bad.json".length;
  broken.fill(0xff, at + 4, at + 60);
  writeFileSync(join(dir, "broken.zip"), broken);
  const files = sirv(dir, { etag: true });
  server = createServer((req, res) => {
    const range = req.headers.range;
    // Suffix ranges turned into absolute ones, which sirv misreads (`bytes=-N`).
    const m = /^bytes=-(\d+)$/.exec(range ?? "");
    if (m) {
      const size = statSync(join(dir, decodeURIComponent(req.url!.slice(1)))).size;
      req.headers.range = `bytes=${size - Number(m[1])}-${size - 1}`;
    }
    const write = res.write.bind(res);
    let bytes = 0;
    res.write = ((chunk: Buffer, ...rest: never[]) => {
      bytes += chunk.byteLength;
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.on("finish", () => log.push({ url: req.url!, range, bytes }));
    files(req, res);
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
});
afterAll(() => {
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("openRemote", () => {
  it("reads the three forms to the same text", async () => {
    expect(await remoteText(`${base}/plain.json`)).toBe(DOC);
    expect(await remoteText(`${base}/packed.json.gz`)).toBe(DOC);
    expect(await remoteText(`${base}/a.zip#run-0.json`)).toBe(DOC.replace("step 0", "run 0"));
  });

  it("reads an entry with range requests only: the end record, the directory once, then the entry's bytes", async () => {
    log.length = 0;
    expect(await remoteText(`${base}/a.zip#run-7.json`)).toBe(DOC.replace("step 0", "run 7"));
    // The directory is cached from the test above (same archive URL): only the entry's header and data now.
    expect(log.every((l) => l.range !== undefined)).toBe(true);
    const size = statSync(join(dir, "a.zip")).size;
    const moved = log.reduce((n, l) => n + l.bytes, 0);
    expect(moved).toBeLessThan(size / 10);
    expect(log).toHaveLength(2);
  });

  it("reads a new archive's directory with the end record and the directory, not a 64 KB look-back", async () => {
    log.length = 0;
    await remoteText(`${base}/broken.zip#ok.json`);
    const [end, directory] = log;
    expect(end!.range).toBe("bytes=-22");
    expect(end!.bytes).toBe(22);
    // Two entries: 46 bytes + name each.
    expect(directory!.bytes).toBe(46 + "ok.json".length + 46 + "bad.json".length);
  });

  it("refuses a corrupted entry naming it, and still reads the archive's other entry", async () => {
    await expect(remoteText(`${base}/broken.zip#bad.json`)).rejects.toThrow(/broken\.zip#bad\.json/);
    expect(await remoteText(`${base}/broken.zip#ok.json`)).toBe(DOC);
    await expect(openRemote(`${base}/broken.zip#nope.json`)).rejects.toThrow(/broken\.zip#nope\.json: no such entry/);
  });

  it("stops inflating at the cap", async () => {
    const stream = await openRemote(`${base}/a.zip#run-1.json`, 1000).catch((e: Error) => e);
    const err = stream instanceof Error ? stream : await new Response(stream).text().catch((e: Error) => e);
    expect(String(err)).toMatch(/run-1\.json: (declares|inflates to).*1000 bytes.*refused/);
  });
});
