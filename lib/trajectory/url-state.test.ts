import { describe, expect, it } from "vitest";
import { localRunId, parseTrajectoryUrl, serializeTrajectoryUrl, trajectoryUrl } from "./url-state";
import { rowWindow, scrollToRow } from "./windowing";

describe("trajectory URL state", () => {
  it("round-trips run, step, search, filter and block size", () => {
    const s = parseTrajectoryUrl("?id=alpha.s-N1&step=42&q=git%20diff&tagged=1&size=tokens&tab=patch");
    expect(s).toEqual({
      runId: "alpha.s-N1",
      step: 42,
      query: "git diff",
      taggedOnly: true,
      size: "tokens",
      tab: "patch",
      review: false,
      audit: null,
    });
    expect(serializeTrajectoryUrl(s)).toBe("?id=alpha.s-N1&step=42&q=git+diff&tagged=1&size=tokens&tab=patch");
    expect(
      serializeTrajectoryUrl({ ...s, step: null, query: "", taggedOnly: false, size: "steps", tab: "steps" }),
    ).toBe("?id=alpha.s-N1");
    expect(parseTrajectoryUrl("?id=x&tab=other").tab).toBe("steps");
  });

  it("round-trips review mode and the audit sample a run was opened from", () => {
    const s = parseTrajectoryUrl("?id=a.r0&review=1&audit=abc&stratum=cfg%2Fswitched");
    expect(s).toMatchObject({ review: true, audit: { seed: "abc", stratum: "cfg/switched" } });
    expect(serializeTrajectoryUrl(s)).toBe("?id=a.r0&review=1&audit=abc&stratum=cfg%2Fswitched");
    expect(parseTrajectoryUrl("?id=a.r0&audit=abc").audit).toBeNull();
    expect(parseTrajectoryUrl("?id=a.r0&review=yes").review).toBe(false);
  });

  it("refuses run ids that are not file names, and steps that are not positive integers", () => {
    expect(parseTrajectoryUrl("?id=../secret&step=0").runId).toBeNull();
    expect(parseTrajectoryUrl("?id=a/b").runId).toBeNull();
    expect(parseTrajectoryUrl("?id=..").runId).toBeNull();
    expect(parseTrajectoryUrl("?id=ok&step=2.5").step).toBeNull();
    expect(parseTrajectoryUrl("").runId).toBeNull();
  });

  it("reads a local run's id (local:<run id>) and refuses one whose run id is not a file name", () => {
    const s = parseTrajectoryUrl("?id=local%3Amy-agent.encode__httpx-3394.switched.r0&step=3");
    expect(s.runId).toBe("local:my-agent.encode__httpx-3394.switched.r0");
    expect(serializeTrajectoryUrl(s)).toBe("?id=local%3Amy-agent.encode__httpx-3394.switched.r0&step=3");
    expect(localRunId(s.runId!)).toBe("my-agent.encode__httpx-3394.switched.r0");
    expect(localRunId("my-agent.x")).toBeNull();
    expect(parseTrajectoryUrl("?id=local:../x").runId).toBeNull();
    expect(parseTrajectoryUrl("?id=local:").runId).toBeNull();
    expect(parseTrajectoryUrl("?id=other:x").runId).toBeNull();
  });

  it("builds trajectory URLs only inside the release", () => {
    expect(trajectoryUrl("sample", "trajectories/a.json")).toBe("/data/sample/trajectories/a.json");
    expect(trajectoryUrl("sample", "../other/a.json")).toBeNull();
    expect(trajectoryUrl("sample", "https://evil.example/a.json")).toBeNull();
    expect(trajectoryUrl("sample", "/etc/passwd")).toBeNull();
    expect(trajectoryUrl("sample", "trajectories/c.switched.zip#c.s.r0.json")).toBe(
      "/data/sample/trajectories/c.switched.zip#c.s.r0.json",
    );
    expect(trajectoryUrl("sample", "trajectories/c.zip#../x.json")).toBeNull();
  });

  it("serves trajectories from the deployment's base URL when one is set, and nothing else from there", () => {
    const base = "https://bucket.example/switch-swe";
    expect(trajectoryUrl("sample", "trajectories/c.zip#r.json", base)).toBe(
      "https://bucket.example/switch-swe/sample/trajectories/c.zip#r.json",
    );
    expect(trajectoryUrl("sample", "run-index/01.json", base)).toBe("/data/sample/run-index/01.json");
    expect(trajectoryUrl("sample", "https://evil.example/a.json", base)).toBeNull();
  });
});

describe("windowing", () => {
  it("renders the rows in view plus the overscan", () => {
    expect(rowWindow(0, 300, 30, 10_000, 5)).toEqual({ start: 0, end: 15 });
    expect(rowWindow(3000, 300, 30, 10_000, 5)).toEqual({ start: 95, end: 115 });
    expect(rowWindow(299_700, 300, 30, 10_000, 5)).toEqual({ start: 9985, end: 10_000 });
  });
  it("scrolls a row into view only when it is not: by one row for a neighbour, centred for a jump", () => {
    expect(scrollToRow(12, 300, 300, 30)).toBeNull();
    expect(scrollToRow(9, 300, 300, 30)).toBe(270);
    expect(scrollToRow(20, 300, 300, 30)).toBe(330);
    expect(scrollToRow(50, 0, 300, 30)).toBe(1365);
    expect(scrollToRow(2, 3000, 300, 30)).toBe(0);
  });
});
