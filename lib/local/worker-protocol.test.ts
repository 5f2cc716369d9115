// What the local-results worker posts: the problems as a report, a release's tables as Blobs of the same bytes.
import { describe, expect, it } from "vitest";
import type { Problem } from "../data/schema";
import type { LocalInvalidResult, LocalReleaseResult } from "./open";
import { problemLines } from "./problems";
import { forPage, transferOf } from "./worker-protocol";

const problem: Problem = {
  level: "error",
  file: "runs.jsonl",
  line: 4,
  record: "r-4",
  rule: "ref.session",
  message: "m",
};

describe("forPage", () => {
  it("turns a release's tables into Blobs of their bytes and its problems into a report", async () => {
    const release = {
      kind: "release",
      label: "mine",
      root: "",
      problems: [problem],
      tables: { runs: new Uint8Array([1, 2, 3]), configs: new Uint8Array([9]) },
    } as unknown as LocalReleaseResult;
    const posted = forPage(release);
    if (posted.kind !== "release") throw new Error("not a release");
    expect(Object.keys(posted.tables)).toEqual(["runs", "configs"]);
    const runs = (posted.tables as unknown as Record<string, Blob>).runs!;
    expect([...new Uint8Array(await runs.arrayBuffer())]).toEqual([1, 2, 3]);
    expect([posted.problems.errors, posted.problems.warnings]).toEqual([1, 0]);
    expect(problemLines(posted.problems, 0, 1)).toEqual(["error runs.jsonl:4 [run r-4] ref.session: m"]);
    // The offsets go by transfer: two entries (one line) of four bytes.
    expect(transferOf(posted).map((b) => (b as ArrayBuffer).byteLength)).toEqual([8]);
  });

  it("reports the problems of a release that did not load, with nothing else changed", () => {
    const invalid: LocalInvalidResult = { kind: "invalid", label: "broken", problems: [problem, problem] };
    const posted = forPage(invalid);
    expect([posted.kind, posted.label, posted.problems.errors, posted.problems.byRule]).toEqual([
      "invalid",
      "broken",
      2,
      [{ level: "error", rule: "ref.session", count: 2 }],
    ]);
  });
});
