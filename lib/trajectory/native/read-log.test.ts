// The door (parse-text.ts → native/read-log.ts) on every project fixture: each file is told by its content
// (names are swapped below to show the name plays no part), JSON Lines are read leniently, and a file in no
// readable format is refused with one message naming the formats read.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readTrajectory } from "../chain";
import { parseLogText, parseTrajectoryText, TrajectoryParseError } from "../parse-text";
import { detectLogFormat, READ_FORMATS, TrajectoryFormatError } from "./read-log";

const F = "lib/trajectory/native/fixtures";
const FIXTURES: [string, string][] = [
  ["lib/trajectory/fixtures/harbor-job/trajectory.json", "atif"],
  [`${F}/atif/session-2025-12-05T08-00-23-404Z-ew8gut.atif.json`, "atif"],
  ["lib/local/fixtures/pydicom__pydicom-1458.traj", "swe-agent"],
  [`${F}/claude-code/sample_main_transcript.jsonl`, "claude-code"],
  [`${F}/claude-code/sample_agent_sidechain.jsonl`, "claude-code"],
  [`${F}/codex/sample_codex_session.jsonl`, "codex"],
  [`${F}/codex/handmade-complete.jsonl`, "codex"],
  [`${F}/openhands/basic_gui_mode.json`, "openhands"],
  [`${F}/mini-swe-agent/astropy__astropy-12907.traj.json`, "mini-swe-agent"],
  [`${F}/mini-swe-agent/handmade-v1-bash-blocks.traj.json`, "mini-swe-agent"],
  [`${F}/inspect/handmade-sample.json`, "inspect"],
];

describe("detectLogFormat", () => {
  it.each(FIXTURES)("%s is %s, whatever it is called", (path, format) => {
    const text = readFileSync(path, "utf8");
    expect(detectLogFormat(parseLogText(text, "renamed.txt"))).toBe(format);
    const doc = parseTrajectoryText(text, "renamed.txt") as { extra?: { converted_from?: { format: string } } };
    expect(doc.extra?.converted_from?.format ?? "atif").toBe(format);
  });
});

describe("JSON Lines", () => {
  const line = (o: object) => JSON.stringify(o);
  const user = (uuid: string, parent: string | null, text: string) =>
    line({ type: "user", uuid, parentUuid: parent, sessionId: "s", message: { role: "user", content: text } });

  it("a line that is not JSON is a note naming its line, and the rest reads", () => {
    const text = [user("a", null, "first"), "{not json", user("b", "a", "second")].join("\n");
    const t = readTrajectory(parseTrajectoryText(text, "s.jsonl"), "s.jsonl");
    expect(t.steps.map((s) => s.message)).toEqual(["first", "second"]);
    expect(t.warnings.filter((w) => w.code === "convert.jsonl.line").map((w) => w.message)).toEqual([
      expect.stringMatching(/^s\.jsonl, line 2: not JSON \(.*\); skipped$/),
    ]);
  });

  it("one record alone parses as one JSON value and is still told by its shape", () => {
    expect(detectLogFormat(parseLogText(user("a", null, "only"), "one.jsonl"))).toBe("claude-code");
  });

  it("a broken single JSON document says it is not valid JSON, naming the file", () => {
    expect(() => parseTrajectoryText('{"steps": [', "t.json")).toThrow(TrajectoryParseError);
    expect(() => parseTrajectoryText('{"steps": [', "t.json")).toThrow(/^t\.json is not valid JSON: /);
  });

  it("records of no known agent are refused with the formats read", () => {
    const text = [line({ kind: "x" }), line({ kind: "y" })].join("\n");
    expect(() => parseTrajectoryText(text, "other.jsonl")).toThrow(TrajectoryFormatError);
    expect(() => parseTrajectoryText(text, "other.jsonl")).toThrow(
      `other.jsonl is not a trajectory format this viewer reads (it is JSON Lines whose records no reader recognises). Read are: ${READ_FORMATS}.`,
    );
  });

  it("a ZIP archive's text is refused with where an Inspect log's samples are named", () => {
    const zip = readFileSync(`${F}/inspect/ais-decoder.eval`, "latin1");
    expect(() => parseTrajectoryText(zip, "x.eval")).toThrow(/^x\.eval is a ZIP archive, not a trajectory's text/);
  });
});

describe("ATIF that deviates from the spec (a real orchestrator log)", () => {
  // Working (fixtures/atif/README.md): 13 steps, sources 12 system + 1 agent (step 4), observations on steps 2,
  // 6, 9, 11, 12 whose `content` is an object, no tool calls, final_metrics all zero.
  const path = `${F}/atif/session-2025-12-05T08-00-23-404Z-ew8gut.atif.json`;
  const t = readTrajectory(parseTrajectoryText(readFileSync(path, "utf8"), path), path);

  it("opens: every step, its object observations shown as their JSON", () => {
    expect(t.steps.map((s) => s.source).join(",")).toBe(`${"system,".repeat(3)}agent${",system".repeat(9)}`);
    expect(t.steps.filter((s) => s.results.length > 0).map((s) => s.n)).toEqual([2, 6, 9, 11, 12]);
    expect(t.steps[1]!.results[0]!.content).toMatch(/^\{"command":"bun run test:container","passed":false,/);
    expect(t.steps.reduce((a, s) => a + s.toolCalls.length, 0)).toBe(0);
    expect(t.reported).toEqual({ prompt: 0, completion: 0, cached: 0, cost: null, steps: 13 });
  });

  it("with a warning for each object observation and one for a log of system events", () => {
    expect(t.warnings.map((w) => [w.code, w.step ?? null])).toEqual([
      ["step.observation", 2],
      ["step.observation", 6],
      ["step.observation", 9],
      ["step.observation", 11],
      ["step.observation", 12],
      ["file.system_only", null],
    ]);
  });
});
