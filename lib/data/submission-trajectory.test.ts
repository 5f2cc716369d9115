// The submission check's trajectory reader on real files: plain and gzipped JSON, an archive entry, and the
// ways a trajectory is unreadable.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeArchive } from "../archive/write-node";
import { archiveRef, checkRunTrajectory, readRunTrajectoryText } from "./submission-trajectory";

const MINIMAL = "data/examples/minimal";
const REF = "trajectories/orca-opencode.s-101-switched.0.json";
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "submission-trajectory-"));
  mkdirSync(join(dir, "trajectories"));
  const text = readFileSync(join(MINIMAL, REF));
  writeFileSync(join(dir, "trajectories", "a.json.gz"), gzipSync(text));
  writeFileSync(join(dir, "trajectories", "p.zip"), await writeArchive([{ name: "runs/x.json", text: () => text.toString("utf8") }]));
  writeFileSync(join(dir, "trajectories", "bad.json"), "{ truncated");
  writeFileSync(join(dir, "trajectories", "empty.json"), JSON.stringify({ schema_version: "ATIF-v1.6", steps: [] }));
  writeFileSync(join(dir, "trajectories", "list.json"), "[1, 2]");
  const native = "lib/trajectory/native/fixtures";
  writeFileSync(join(dir, "trajectories", "cc.jsonl"), readFileSync(`${native}/claude-code/sample_main_transcript.jsonl`));
  writeFileSync(join(dir, "trajectories", "ais.eval"), readFileSync(`${native}/inspect/ais-decoder.eval`));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("readRunTrajectoryText", () => {
  it("reads .json as is, .json.gz through gunzip and an archive entry, to the same text", async () => {
    const plain = await readRunTrajectoryText(MINIMAL, REF);
    expect(await readRunTrajectoryText(dir, "trajectories/a.json.gz")).toBe(plain);
    expect(await readRunTrajectoryText(dir, "trajectories/p.zip#runs/x.json")).toBe(plain);
    expect(archiveRef("trajectories/p.zip#runs/x.json")).toEqual({ archive: "trajectories/p.zip", entry: "runs/x.json" });
    expect(archiveRef("trajectories/x.json")).toBeNull();
  });

  it("refuses a path outside the release folder", async () => {
    await expect(readRunTrajectoryText(dir, "../etc/passwd")).rejects.toThrow(/not a path inside/);
  });
});

describe("checkRunTrajectory", () => {
  it("finds the minimal example's 23 steps, plain, gzipped or archived", async () => {
    expect(await checkRunTrajectory(MINIMAL, REF)).toEqual({ status: "ok", steps: 23 });
    expect(await checkRunTrajectory(dir, "trajectories/a.json.gz")).toEqual({ status: "ok", steps: 23 });
    expect(await checkRunTrajectory(dir, "trajectories/p.zip#runs/x.json")).toEqual({ status: "ok", steps: 23 });
  });

  it("calls unreadable: a missing file or entry, not JSON, no steps, not a trajectory", async () => {
    expect(await checkRunTrajectory(dir, "trajectories/nope.json")).toMatchObject({ status: "unreadable", message: expect.stringContaining("cannot be read") });
    expect(await checkRunTrajectory(dir, "trajectories/p.zip#nope.json")).toMatchObject({ status: "unreadable", message: expect.stringContaining("no such entry") });
    expect(await checkRunTrajectory(dir, "trajectories/bad.json")).toMatchObject({ status: "unreadable", message: expect.stringContaining("is not valid JSON") });
    expect(await checkRunTrajectory(dir, "trajectories/empty.json")).toMatchObject({ status: "unreadable", message: expect.stringContaining("no step") });
    expect(await checkRunTrajectory(dir, "trajectories/list.json")).toMatchObject({ status: "unreadable", message: expect.stringContaining("not a trajectory format") });
  });
});

describe("native agent logs", () => {
  it("are read through the site's door: a Claude Code session, and an Inspect sample by its entry (zstd)", async () => {
    // Step counts: lib/trajectory/native/fixtures/claude-code/README.md (22) and inspect/README.md (15).
    expect(await checkRunTrajectory(dir, "trajectories/cc.jsonl")).toEqual({ status: "ok", steps: 22 });
    expect(await checkRunTrajectory(dir, "trajectories/ais.eval#samples/1_epoch_1.json")).toEqual({ status: "ok", steps: 15 });
  });
});
