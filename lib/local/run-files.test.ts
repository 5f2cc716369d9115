import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openFileRef, releaseFiles } from "./run-files";

const text = async (s: ReadableStream<Uint8Array>) => new TextDecoder().decode(new Uint8Array(await new Response(s).arrayBuffer()));

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
});
