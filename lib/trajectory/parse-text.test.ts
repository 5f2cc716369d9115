import { describe, expect, it } from "vitest";
import { errorText } from "./error-text";
import { parseTrajectoryText, TrajectoryParseError } from "./parse-text";

describe("parseTrajectoryText", () => {
  it("parses a trajectory, byte-order mark or not", () => {
    expect(parseTrajectoryText('\uFEFF{"schema_version":"ATIF-v1.6"}', "t.json")).toEqual({
      schema_version: "ATIF-v1.6",
    });
  });
  it("names the file when the text is not JSON, once, without a doubled Error prefix", () => {
    const run = () => parseTrajectoryText('{"steps": [', "trajectories/r-1.json");
    expect(run).toThrow(TrajectoryParseError);
    expect(run).toThrow(/^trajectories\/r-1\.json is not valid JSON: /);
    try {
      run();
    } catch (e) {
      expect(errorText(e)).toMatch(/^trajectories\/r-1\.json is not valid JSON: /);
      expect(errorText(new Error(String(e)))).toMatch(/^trajectories\/r-1\.json is not valid JSON: /);
    }
  });
  // "{" and the first "[" are levels 1–2 (indices 0 and 9); level 101 is the 99th repeated "[", index 108.
  it("refuses 2,000 levels by rule and file before parsing", () => {
    const text = `{"steps":[${"[".repeat(2_000)}${"]".repeat(2_000)}]}`;
    expect(() => parseTrajectoryText(text, "deep.json")).toThrow(
      /^deep\.json: json\.too_deep: JSON nested more than 100 levels deep \(at character 109\)/,
    );
  });
});

describe("errorText", () => {
  it("strips every leading Error: prefix and keeps the rest", () => {
    expect(errorText(new Error("Error: Error: x.json is not valid JSON"))).toBe("x.json is not valid JSON");
    expect(errorText("TypeError: bad")).toBe("bad");
    expect(errorText(new Error("plain"))).toBe("plain");
  });
});
