import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { writeArchive } from "../archive/write-node";
import { openFileRef, releaseFiles } from "./run-files";

const text = async (s: ReadableStream<Uint8Array>) =>
  new TextDecoder().decode(new Uint8Array(await new Response(s).arrayBuffer()));

describe("releaseFiles", () => {
  it("finds a picked folder's files by their path below the release folder", async () => {
    const files = releaseFiles(
      [
        { path: "picked/rel/release.json", file: new Blob(["{}"]) },
        { path: "picked/rel/trajectories/a.json", file: new Blob(['{"a":1}']) },
        { path: "picked\\rel\\trajectories\\b.json", file: new Blob(['{"b":2}']) },
        { path: "picked/other/trajectories/a.json", file: new Blob(["elsewhere"]) },
      ],
      "picked/rel/",
    );
    expect(await text(await openFileRef((await files.find("trajectories/a.json"))!))).toBe('{"a":1}');
    expect(await text(await openFileRef((await files.find("trajectories/b.json"))!))).toBe('{"b":2}');
    expect(await files.find("trajectories/c.json")).toBeNull();
    expect(await files.find("../other/trajectories/a.json")).toBeNull();
  });

  it("finds a zip's entries without inflating any until one is opened", async () => {
    const zip = new Blob([readFileSync("lib/local/fixtures/minimal-release.zip")]);
    const files = releaseFiles([{ path: "minimal-release.zip", file: zip }], "minimal/");
    const ref = await files.find("trajectories/orca-opencode.s-101-switched.0.json");
    expect(ref?.kind).toBe("zip");
    const body = await text(await openFileRef(ref!));
    expect(body).toBe(readFileSync("data/examples/minimal/trajectories/orca-opencode.s-101-switched.0.json", "utf8"));
    expect(await files.find("runs.jsonl")).not.toBeNull();
    expect(await files.find("minimal/runs.jsonl")).toBeNull();
  });

  it("reads an entry of a release's trajectory archive, picked as a folder or inside a zip of the release", async () => {
    const inner = await writeArchive([
      { name: "r1.json", text: () => '{"r":1}' },
      { name: "r2.json", text: () => '{"r":2}' },
    ]);
    const folder = releaseFiles(
      [
        { path: "rel/release.json", file: new Blob(["{}"]) },
        { path: "rel/trajectories/c.zip", file: new Blob([new Uint8Array(inner)]) },
      ],
      "rel/",
    );
    const ref = await folder.find("trajectories/c.zip#r2.json");
    expect(ref?.kind).toBe("archived");
    expect(await text(await openFileRef(ref!))).toBe('{"r":2}');
    await expect(openFileRef((await folder.find("trajectories/c.zip#nope.json"))!)).rejects.toThrow(
      /c\.zip#nope\.json: no such entry/,
    );
    expect(await folder.find("trajectories/missing.zip#r1.json")).toBeNull();

    // The release zipped with its archive inside (the outer zip deflates the inner one).
    const { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } = await import("@zip.js/zip.js/lib/zip-core-native.js");
    const w = new ZipWriter(new Uint8ArrayWriter(), { useWebWorkers: false });
    await w.add("rel/release.json", new Uint8ArrayReader(new TextEncoder().encode("{}")));
    await w.add("rel/trajectories/c.zip", new Uint8ArrayReader(inner));
    const zipped = releaseFiles([{ path: "rel.zip", file: new Blob([new Uint8Array(await w.close())]) }], "rel/");
    expect(await text(await openFileRef((await zipped.find("trajectories/c.zip#r1.json"))!))).toBe('{"r":1}');
  });
});
