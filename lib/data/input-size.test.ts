// Input-size classes audited for issue 20 (docs/local-results.md, "What grows with the input"), each with input
// built here: arrays spread into a call, JSON nested inside a string (the file's depth check cannot see it),
// and a deeply nested trajectory that the CLI must refuse as the viewer does.
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readTrajectory } from "../trajectory/chain";
import { actionKeys } from "../trajectory/divergence";
import { parseTrajectoryText } from "../trajectory/parse-text";
import { readArguments } from "../trajectory/read-step";
import { maxOf, minOf, pushAll } from "../common/arrays";
import { trajectoryShapeRefusal } from "../common/json-depth";
import { loadRelease } from "./load-release";
import { trajectoryTextCheck } from "./submission-trajectory";
import { checkTrajectoriesReadable } from "./validate-trajectories";

const deepArray = (n: number) => "[".repeat(n) + "]".repeat(n);

describe("arrays far past the argument limit (lib/common/arrays.ts)", () => {
  const big = Array.from({ length: 500_000 }, (_, i) => (i * 7919) % 500_000);

  it("overflow a spread call, so the input is large enough to tell", () => {
    expect(() => [].push(...(big as never[]))).toThrow(RangeError);
    expect(() => Math.max(...big)).toThrow(RangeError);
  });

  it("are appended and reduced by loops: 500,000 elements, largest 499,999, smallest 0", () => {
    const target = [-1];
    expect(pushAll(target, big)).toBe(target);
    expect(target.length).toBe(500_001);
    expect(target[500_000]).toBe(big[499_999]);
    expect(maxOf(big)).toBe(499_999);
    expect(minOf(big)).toBe(0);
    expect(maxOf([])).toBe(-Infinity);
  });
});

describe("tool-call arguments written as JSON text (lib/trajectory/read-step.ts)", () => {
  it("are parsed when shallow", () => {
    expect(readArguments('{"cmd": ["ls", "-la"]}')).toEqual({ cmd: ["ls", "-la"] });
  });

  it("stay a string when nested 5,000 deep, so nothing downstream recurses into them", () => {
    const text = deepArray(5_000);
    expect(readArguments(text)).toBe(text);
    // The whole file is shallow: only the string hides the nesting.
    const file = JSON.stringify({
      schema_version: "ATIF-v1.6",
      session_id: "s",
      agent: { name: "synthetic-agent", version: "1" },
      steps: [
        { step_id: 1, source: "user", message: "go" },
        { step_id: 2, source: "agent", message: "calling", tool_calls: [{ tool_call_id: "c1", function_name: "run", arguments: text }] },
      ],
    });
    const t = readTrajectory(parseTrajectoryText(file, "t.json"), "t.json");
    const call = t.steps[1]!.toolCalls[0]!;
    expect(call.args).toBe(text);
    expect(actionKeys(call)).toEqual([`run ${JSON.stringify(text)}`]);
    expect(() => structuredClone(t)).not.toThrow();
  });
});

describe("a trajectory of more than 8,000,000 objects and arrays (lib/common/json-depth.ts)", () => {
  it("counts brackets outside strings only, and stops at the first past the limit", () => {
    expect(trajectoryShapeRefusal('[{}, "[[[{{{", {"a": []}]', 100, 4)).toBeNull();
    expect(trajectoryShapeRefusal('[{}, "[[[{{{", {"a": []}, {}]', 100, 4)?.message).toBe(
      "json.too_many_objects: JSON holds more than 4 objects and arrays (the next opens at character 27); refused before parsing, which would take more memory than a browser tab has",
    );
    // Depth is still checked in the same pass, and first.
    expect(trajectoryShapeRefusal("[[[]]]", 2, 2)?.rule).toBe("json.too_deep");
  });

  it("is refused before parsing (24 MB of text; parsed, a 500 MB one would exhaust a worker's heap), by the viewer and the submission check alike", () => {
    // Working: "[" is container 1; the k-th "{}" opens at 1 + 3(k - 1) and is container k + 1, so container
    // 8,000,001 is object 8,000,000, at offset 1 + 3 × 7,999,999 = 23,999,998: "character 23,999,999".
    const text = "[" + "{},".repeat(8_000_000) + "{}]";
    const message = "json.too_many_objects: JSON holds more than 8,000,000 objects and arrays (the next opens at character 23999999); refused before parsing, which would take more memory than a browser tab has";
    expect(() => parseTrajectoryText(text, "t.json")).toThrow(`t.json: ${message}`);
    expect(trajectoryTextCheck(text, "t.json")).toEqual({ status: "unreadable", message: `t.json is refused: ${message}` });
  });
});

describe("a trajectory nested 2,000 deep in a release on disk", () => {
  const temps: string[] = [];
  afterEach(async () => {
    await Promise.all(temps.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });

  it("is refused by the CLI's and the submission check's reading with json.too_deep, as the viewer refuses it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "deep-trajectory-"));
    temps.push(dir);
    await cp("data/examples/minimal", dir, { recursive: true });
    const path = "trajectories/orca-opencode.s-101-switched.0.json";
    const text = JSON.stringify({ schema_version: "ATIF-v1.6", steps: [{ step_id: 1, source: "user", message: "go", extra: { x: 0 } }] }).replace('"x":0', `"x":${deepArray(2_000)}`);
    await writeFile(join(dir, path), text);
    // Working: the deep array opens at offset 96 inside four levels ({, steps [, the step's {, extra {), so
    // level 101 is its 97th bracket, offset 96 + 96 = 192, "character 193" (1-based).
    expect(text.indexOf("[[")).toBe(96);
    const { release } = await loadRelease(dir);
    const check = await checkTrajectoriesReadable(release!, () => true);
    expect(check.problems.map((p) => [p.record, p.rule, p.message])).toEqual([
      ["orca-opencode.s-101-switched.0", "run.trajectory_unreadable", `trajectory "${path}" is refused: json.too_deep: JSON nested more than 100 levels deep (at character 193); refused before parsing`],
    ]);
    // npm run submission:check reads each trajectory with the same check.
    expect(trajectoryTextCheck(text, path)).toEqual({ status: "unreadable", message: `${path} is refused: json.too_deep: JSON nested more than 100 levels deep (at character 193); refused before parsing` });
    expect(() => parseTrajectoryText(text, path)).toThrow(`${path}: json.too_deep: JSON nested more than 100 levels deep (at character 193); refused before parsing`);
  });
});
