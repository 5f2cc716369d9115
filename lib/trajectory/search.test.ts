import { describe, expect, it } from "vitest";
import { oneLine, stepRow } from "./rows";
import { searchSteps } from "./search";
import { agent, bash, steps, user } from "./testing";

const S = steps([
  user("Fix the Parser"),
  {
    ...agent("looking", [bash("grep -rn needle src", "src/a.py:3: NEEDLE = 1")]),
    reasoning_content: "Maybe the haystack",
  },
  agent("", [bash("pytest -q\n  --tb=short")]),
  agent("done (a+b)*"),
]);

describe("searchSteps", () => {
  it("finds text in messages, reasoning, tool arguments and observations, ignoring case", () => {
    expect(searchSteps(S, "parser").steps).toEqual([1]);
    expect(searchSteps(S, "needle")).toEqual({ query: "needle", steps: [2], total: 1 });
    expect(searchSteps(S, "HAYSTACK").steps).toEqual([2]);
    expect(searchSteps(S, "--tb").steps).toEqual([3]);
  });
  it("treats the query as text, not a pattern, and caps the list but not the count", () => {
    expect(searchSteps(S, "(a+b)*").steps).toEqual([4]);
    expect(searchSteps(S, "o", 2)).toEqual({ query: "o", steps: [2, 3], total: 3 });
    expect(searchSteps(S, "  ").steps).toEqual([]);
  });
});

describe("stepRow", () => {
  it("previews the message, or the command when there is none", () => {
    expect(stepRow(S[1]!)).toMatchObject({
      preview: "looking",
      tools: ["bash"],
      command: "grep -rn needle src",
      tokens: 110,
      reasoning: true,
    });
    expect(stepRow(S[2]!)).toMatchObject({ preview: "$ pytest -q --tb=short", command: "pytest -q --tb=short" });
  });
  it("clips long text to one line without reading all of it", () => {
    expect(oneLine("a\n\nb   c", 10)).toBe("a b c");
    expect(oneLine("x".repeat(10_000_000), 5)).toBe("xxxx…");
  });
});
