// Opening local results as the worker does, on Node Blobs: a folder, a zip, a broken release, an oversized
// one, and single trajectory files.
import { readdirSync, readFileSync } from "node:fs";
import { tableFromIPC } from "apache-arrow";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { testZip } from "../archive/testing-zip";
import { rawFrame, zstdBombs } from "../archive/testing-zstd";
import { READ_FORMATS } from "../trajectory/native/read-log";
import { openLocal, type LocalReleaseResult } from "./open";
import { LOG_BATCH, type LocalLogsResult, type TrajectorySummary } from "./open-logs";
import type { Problem } from "../data/schema";
import type { InputFile } from "../files/source";

const MINIMAL = "data/examples/minimal";
const folder = (patch: Record<string, string> = {}): InputFile[] => [
  ...readdirSync(MINIMAL)
    .filter((f) => f.includes("."))
    .map((f) => ({ path: `minimal/${f}`, file: new Blob([patch[f] ?? readFileSync(`${MINIMAL}/${f}`)]) })),
  { path: "minimal/trajectories/orca-opencode.s-101-switched.0.json", file: new Blob(["{}"]) },
];
const errors = (r: { problems: Problem[] }) => r.problems.filter((p) => p.level === "error");
const file = (path: string, name = path.split("/").pop()!): InputFile[] => [
  { path: name, file: new Blob([readFileSync(path)]) },
];

describe("a release folder", () => {
  it("loads with no problem, every table built, configurations marked local", async () => {
    const r = (await openLocal(folder())) as LocalReleaseResult;
    expect(r.kind).toBe("release");
    expect(r.label).toBe("minimal");
    expect(errors(r)).toEqual([]);
    expect(r.counts).toMatchObject({ runs: 8, sessions: 4, focusTasks: 2, trajectories: 1 });
    const configs = tableFromIPC(r.tables.configs)
      .toArray()
      .map((row) => row.toJSON() as Record<string, unknown>);
    expect(configs.map((c) => [c.config_id, c.is_local])).toEqual([
      ["orca-opencode", true],
      ["orca-opencode-router", true],
    ]);
    expect(tableFromIPC(r.tables.runs).numRows).toBe(8);
    expect(tableFromIPC(r.tables.requests).numRows).toBeGreaterThan(0);
  });
});

describe("a zip of a release folder", () => {
  it("loads the same release from the archive", async () => {
    const r = (await openLocal(file("lib/local/fixtures/minimal-release.zip"))) as LocalReleaseResult;
    expect(r.kind).toBe("release");
    expect(errors(r)).toEqual([]);
    expect(r.counts).toMatchObject({ runs: 8, sessions: 4, trajectories: 1 });
  });
});

describe("a broken release", () => {
  it("lists each problem with file, line and record, and loads the rest", async () => {
    const runs = readFileSync(`${MINIMAL}/runs.jsonl`, "utf8").split("\n");
    runs[2] = runs[2]!.slice(0, 60); // truncated line: its run_id is still visible
    runs[4] = runs[4]!.replace(/"session_id": ?"[^"]+"/, '"session_id": "s-999"');
    const r = (await openLocal(folder({ "runs.jsonl": runs.join("\n") }))) as LocalReleaseResult;
    expect(r.kind).toBe("release");
    expect(r.counts.runs).toBe(7);
    expect(errors(r).map((p) => [p.file, p.line, p.rule])).toEqual([
      ["runs.jsonl", 3, "json.parse"],
      ["runs.jsonl", 5, "ref.session"],
    ]);
    expect(r.problems[0]!.record).toBe(
      JSON.parse(readFileSync(`${MINIMAL}/runs.jsonl`, "utf8").split("\n")[2]!).run_id,
    );
    expect(errors(r)[1]!.message).toContain('"s-999" is not in sessions.jsonl');
  });

  it("stops at an unusable release.json and says why", async () => {
    const r = await openLocal(folder({ "release.json": "{ not json" }));
    expect(r.kind).toBe("invalid");
    expect(r.problems.map((p) => [p.file, p.rule])).toEqual([["release.json", "json.parse"]]);
  });
});

describe("size", () => {
  it("refuses record files over the limit before parsing any of them", async () => {
    await expect(openLocal(folder(), { limit: 10_000 })).rejects.toThrow(
      /^the release's record files hold 17 KB \(runs\.jsonl alone 9 KB\), more than the 10 KB this page reads in a browser; validate and build it with npm run data:validate and npm run data instead$/,
    );
  });

  it("refuses a single trajectory over the limit by its size, before reading it", async () => {
    await expect(
      openLocal(file("lib/trajectory/fixtures/harbor-job/trajectory.json"), { limit: 100_000 }),
    ).rejects.toThrow("trajectory.json is 385 KB, more than the 98 KB this page reads of one file in a browser");
  });

  it("refuses a 600 MB trajectory with the limit message, not V8's Invalid string length: not a byte of it is read", async () => {
    // A file that says it holds 600 MB and fails if anything reads its body (as a sparse file would cost 600 MB).
    const huge = {
      size: 600 * 1024 * 1024,
      slice: () => new Blob(["{"]),
      stream: () => {
        throw new Error("read");
      },
    } as unknown as Blob;
    await expect(openLocal([{ path: "big.json", file: huge }])).rejects.toThrow(
      /^big\.json is 600 MB, more than the 512 MB this page reads of one file in a browser; validate and build its release with npm run data:validate and npm run data instead$/,
    );
  });
});

describe("a single trajectory file", () => {
  it("is summarized per request, usage counted as the Harbor import counts it", async () => {
    const r = (await openLocal(file("lib/trajectory/fixtures/harbor-job/trajectory.json"))) as LocalLogsResult;
    expect(r.kind).toBe("logs");
    expect(r.logs).toHaveLength(1);
    expect(r.logs[0]).toMatchObject({ format: "atif", schemaVersion: "ATIF-v1.2", steps: 51 });
    expect(r.logs[0]!.requests).toEqual([
      { position: 0, tokens: 1_129_443, cached_tokens: 1_109_340, model_calls: 48, tool_calls: 33, wall_s: 129.544 },
    ]);
  });

  it("reads a SWE-agent .traj through the converter", async () => {
    const r = (await openLocal(file("lib/local/fixtures/pydicom__pydicom-1458.traj"))) as LocalLogsResult;
    expect(r.logs[0]).toMatchObject({
      format: "swe-agent",
      steps: 16,
      reported: { prompt: 122_612, completion: 1369, cost: 1.26719 },
    });
    expect(r.logs[0]!.requests).toHaveLength(1);
  });

  it("refuses another format, naming the formats that are read", async () => {
    const chat: InputFile[] = [{ path: "chat.json", file: new Blob(['[{"role":"user","content":"hi"}]']) }];
    await expect(openLocal(chat)).rejects.toThrow(
      `chat.json is not a trajectory format this viewer reads (it is a JSON list). Read are: ${READ_FORMATS}.`,
    );
  });

  it("needs a release.json or an agent log", async () => {
    const two: InputFile[] = [
      { path: "x/a.txt", file: new Blob(["a"]) },
      { path: "x/b.txt", file: new Blob(["b"]) },
    ];
    await expect(openLocal(two)).rejects.toThrow(/^x holds no release.json and no agent log: pick a release folder/);
  });

  it("opens a folder of logs, listing a file the door refuses as a problem while the others open", async () => {
    const harbor = readFileSync("lib/trajectory/fixtures/harbor-job/trajectory.json");
    const folder: InputFile[] = [
      { path: "logs/run.json", file: new Blob([harbor]) },
      { path: "logs/chat.json", file: new Blob(['[{"role":"user","content":"hi"}]']) },
      { path: "logs/notes.txt", file: new Blob(["not a log"]) },
    ];
    const r = (await openLocal(folder)) as LocalLogsResult;
    expect(r.logs.map((l) => [l.name, l.format, l.steps])).toEqual([["logs/run.json", "atif", 51]]);
    expect(r.problems).toEqual([
      {
        level: "warning",
        file: "logs/chat.json",
        rule: "log.unreadable",
        message: `logs/chat.json is not a trajectory format this viewer reads (it is a JSON list). Read are: ${READ_FORMATS}.`,
      },
    ]);
  });
});

describe("the bundled sample release", () => {
  it("passes the validator in the browser path with no error (warnings: runs without trajectory and patch files)", async () => {
    const dir = "data/releases/sample";
    const input = readdirSync(dir)
      .filter((f) => f.endsWith(".json") || f.endsWith(".jsonl"))
      .map((f) => ({ path: `sample/${f}`, file: new Blob([readFileSync(`${dir}/${f}`)]) }));
    const r = (await openLocal(input)) as LocalReleaseResult;
    expect(errors(r)).toEqual([]);
    expect(new Set(r.problems.map((p) => p.rule))).toEqual(new Set(["run.trajectory_missing", "run.patch_missing"]));
    expect(r.counts).toMatchObject({ sessions: 400, focusTasks: 200, runs: 4398 });
  });
});

describe("a .zip that is not a zip", () => {
  it("is refused naming the file and what is read instead", async () => {
    const fake = [{ path: "results.zip", file: new Blob(["this is plain text, not an archive\n"]) }];
    await expect(openLocal(fake)).rejects.toThrow(
      /^results\.zip is not a zip archive this page can read \(End of central directory not found\); pick a release folder, a zip of one, or agent logs \(\.json, \.jsonl, \.traj, \.eval\)$/,
    );
  });
});

describe("agent logs picked without a release", () => {
  it("an Inspect .eval opens each sample through zip.js's zstd codec, the browser's path", async () => {
    const bytes = readFileSync("lib/trajectory/native/fixtures/inspect/ais-decoder.eval");
    const r = (await openLocal([{ path: "ais-decoder.eval", file: new Blob([bytes]) }])) as LocalLogsResult;
    expect(r.kind).toBe("logs");
    // fixtures/inspect/README.md: 15 steps (5 system, 1 user, 9 agent); tokens 122,882 + 5,574, 114,816 cached.
    expect(r.logs.map((l) => [l.name, l.format, l.steps])).toEqual([["samples/1_epoch_1.json", "inspect", 15]]);
    expect(r.logs[0]!.stepTotals).toMatchObject({ prompt: 122_882, completion: 5574, cached: 114_816 });
    expect(r.problems).toEqual([]);
  });

  it("an .eval's zstd bombs are refused by rule, each as a problem, and its good sample still opens", async () => {
    const good = readFileSync("lib/trajectory/native/fixtures/inspect/handmade-sample.json");
    // The slow class takes the time rule's 5 s: it is left to e2e/agent-logs.spec.ts and the CLI's test.
    const bombs = zstdBombs().filter((b) => b.name !== "slow");
    const zip = testZip([
      ...bombs.map((b) => ({ name: `samples/${b.name}.json`, content: "", zstd: b.frames, declare: b.declare })),
      { name: "samples/good.json", content: good, zstd: rawFrame(good) },
    ]);
    const r = (await openLocal([{ path: "bombs.eval", file: new Blob([new Uint8Array(zip)]) }])) as LocalLogsResult;
    // 9 steps: fixtures/inspect/README.md, "handmade-sample.json".
    expect(r.logs.map((l) => [l.name, l.format, l.steps])).toEqual([["samples/good.json", "inspect", 9]]);
    expect(r.problems.map((p) => [p.rule, p.message])).toEqual(
      bombs.map((b) => ["log.unreadable", `bombs.eval#samples/${b.name}.json: ${b.rule}`]),
    );
  });

  it("a folder holding a Claude Code session and an .eval lists every log, the .eval's by sample", async () => {
    const cc = readFileSync("lib/trajectory/native/fixtures/claude-code/sample_main_transcript.jsonl");
    const ev = readFileSync("lib/trajectory/native/fixtures/inspect/ais-decoder.eval");
    const r = (await openLocal([
      { path: "logs/session.jsonl", file: new Blob([cc]) },
      { path: "logs/run.eval", file: new Blob([ev]) },
    ])) as LocalLogsResult;
    expect(r.logs.map((l) => [l.name, l.format, l.steps])).toEqual([
      ["logs/session.jsonl", "claude-code", 22],
      ["logs/run.eval#samples/1_epoch_1.json", "inspect", 15],
    ]);
  });
});

describe("an Inspect .eval of many samples", () => {
  it("sends its summaries ahead in batches, in order, the first while the rest are read", async () => {
    // 120 copies of the hand-made sample (9 steps each, its README), ids 1–120: the batches are prefixes of the result, the
    // first at most LOG_BATCH (50) long, and the result holds all 120 in the archive's order.
    const sample = JSON.parse(readFileSync("lib/trajectory/native/fixtures/inspect/handmade-sample.json", "utf8"));
    const entries: Record<string, Uint8Array> = { "header.json": strToU8('{"version":2}') };
    for (let i = 1; i <= 120; i++) entries[`samples/${i}_epoch_1.json`] = strToU8(JSON.stringify({ ...sample, id: i }));
    const batches: TrajectorySummary[][] = [];
    const r = (await openLocal([{ path: "many.eval", file: new Blob([zipSync(entries)]) }], {
      onLogs: (logs) => batches.push(logs),
    })) as LocalLogsResult;
    expect(r.logs.map((l) => l.name)).toEqual(Array.from({ length: 120 }, (_, i) => `samples/${i + 1}_epoch_1.json`));
    expect(r.logs.every((l) => l.steps === 9)).toBe(true);
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(batches[0]!.length).toBeGreaterThan(0);
    expect(batches[0]!.length).toBeLessThanOrEqual(LOG_BATCH);
    const sent = batches.flat().map((l) => l.name);
    expect(sent).toEqual(r.logs.slice(0, sent.length).map((l) => l.name));
  });
});
