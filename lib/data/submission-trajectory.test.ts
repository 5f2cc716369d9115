// The submission check's trajectory reader on real files: plain and gzipped JSON, an archive entry (not
// opened here), and the ways a trajectory is unreadable.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveRef, checkRunTrajectory, readRunTrajectoryText } from "./submission-trajectory";

const MINIMAL = "data/examples/minimal";
const REF = "trajectories/orca-opencode.s-101-switched.0.json";
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "submission-trajectory-"));
  mkdirSync(join(dir, "trajectories"));
  const text = readFileSync(join(MINIMAL, REF));
  writeFileSync(join(dir, "trajectories", "a.json.gz"), gzipSync(text));
  writeFileSync(join(dir, "trajectories", "bad.json"), "{ truncated");
  writeFileSync(join(dir, "trajectories", "empty.json"), JSON.stringify({ schema_version: "ATIF-v1.6", steps: [] }));
  writeFileSync(join(dir, "trajectories", "list.json"), "[1, 2]");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("readRunTrajectoryText", () => {
  it("reads .json as is and .json.gz through gunzip, to the same text", () => {
    const plain = readRunTrajectoryText(MINIMAL, REF);
    const gz = readRunTrajectoryText(dir, "trajectories/a.json.gz");
    expect(plain.kind).toBe("text");
    expect(gz).toEqual(plain);
  });

  it("names an archive entry without opening it", () => {
    expect(readRunTrajectoryText(dir, "trajectories/part-1.zip#runs/x.json")).toEqual({ kind: "archive", archive: "trajectories/part-1.zip", entry: "runs/x.json" });
    expect(archiveRef("trajectories/x.json")).toBeNull();
  });

  it("refuses a path outside the release folder", () => {
    expect(() => readRunTrajectoryText(dir, "../etc/passwd")).toThrow(/not a path inside/);
  });
});

describe("checkRunTrajectory", () => {
  it("finds the minimal example's 23 steps, plain or gzipped", () => {
    expect(checkRunTrajectory(MINIMAL, REF)).toEqual({ status: "ok", steps: 23 });
    expect(checkRunTrajectory(dir, "trajectories/a.json.gz")).toEqual({ status: "ok", steps: 23 });
  });

  it("reports an archive entry as not checked here", () => {
    expect(checkRunTrajectory(dir, "trajectories/p.zip#e.json")).toMatchObject({ status: "archive", message: expect.stringContaining("not checked here (archive entry)") });
  });

  it("calls unreadable: a missing file, not JSON, no steps, not a trajectory", () => {
    expect(checkRunTrajectory(dir, "trajectories/nope.json")).toMatchObject({ status: "unreadable", message: expect.stringContaining("cannot be read") });
    expect(checkRunTrajectory(dir, "trajectories/bad.json")).toMatchObject({ status: "unreadable", message: expect.stringContaining("is not JSON") });
    expect(checkRunTrajectory(dir, "trajectories/empty.json")).toMatchObject({ status: "unreadable", message: expect.stringContaining("no step") });
    expect(checkRunTrajectory(dir, "trajectories/list.json")).toMatchObject({ status: "unreadable", message: expect.stringContaining("not a trajectory format") });
  });
});
