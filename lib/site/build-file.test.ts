import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readBuildFile } from "./build-file";

// A real HTTP server; the page's relative /data/... URLs are sent to it.
let server: Server;
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? "");
    if (req.url === "/data/r1/good.json") res.end('{"rows":[1,2]}');
    else if (req.url === "/data/r1/broken.json") res.end('{"rows":[1,');
    else if (req.url === "/data/r1/slow.json") setTimeout(() => res.end("{}"), 2000);
    else res.writeHead(404).end("not found");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", (url: string, init?: RequestInit) => realFetch(`http://127.0.0.1:${port}${url}`, init));
});

afterAll(() => {
  vi.unstubAllGlobals();
  server.close();
});

describe("readBuildFile", () => {
  it("reads the release's file", async () => {
    expect(await readBuildFile<{ rows: number[] }>("r1", "good.json")).toEqual({ rows: [1, 2] });
    expect(asked).toContain("/data/r1/good.json");
  });

  it("gives null for a missing file, not an error", async () => {
    expect(await readBuildFile("r1", "missing.json")).toBeNull();
  });

  it("gives null for a file that is not JSON", async () => {
    expect(await readBuildFile("r1", "broken.json")).toBeNull();
  });

  it("gives null when the request is cancelled", async () => {
    const ctl = new AbortController();
    const p = readBuildFile("r1", "slow.json", ctl.signal);
    ctl.abort();
    expect(await p).toBeNull();
  });
});
