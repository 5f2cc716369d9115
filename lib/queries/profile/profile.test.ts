// Profile SQL on real DuckDB against the hand-made schedules of benchmark-mini (see its EXPECTED.md).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NodeDb } from "../../db/node";
import { openBenchmarkMini } from "../benchmark-fixture";
import { computeProfile, type ProfileModel } from "./model";
import { ruleResults, SCHEDULE_RULES } from "./rules";

let db: NodeDb;
let profile: ProfileModel;

beforeAll(async () => {
  ({ db } = await openBenchmarkMini());
  profile = await computeProfile(db, { conditions: ["uninterrupted", "switched"], groups: ["near", "far"] });
});
afterAll(() => db?.close());

describe("benchmark profile on hand-made schedules", () => {
  it("counts focus tasks, repositories and distinct interruption tasks", () => {
    expect(profile.totals).toEqual({
      focus_tasks: 3,
      repos: 2,
      interruption_tasks: 6,
      sessions: 6,
      requests: 25,
      sessions_with_interruptions: 3,
    });
  });

  it("takes Table 6's medians over the sessions with interruptions", () => {
    expect(profile.interrupted).toEqual({
      condition: null,
      sessions: 3,
      request_count: 5,
      workspace_switches: 3,
      focus_returns: 1,
      interruption_tasks: 2,
    });
  });

  it("gives medians per condition in the release's order", () => {
    expect(
      profile.byCondition.map((r) => [r.condition, r.request_count, r.workspace_switches, r.focus_returns]),
    ).toEqual([
      ["uninterrupted", 3, 0, 0],
      ["switched", 5, 3, 1],
    ]);
  });

  it("gives the histograms", () => {
    expect(profile.distributions.switched!.request_count).toEqual([
      { value: 4, sessions: 1 },
      { value: 5, sessions: 1 },
      { value: 7, sessions: 1 },
    ]);
    expect(profile.distributions.switched!.workspace_switches).toEqual([
      { value: 3, sessions: 2 },
      { value: 5, sessions: 1 },
    ]);
    expect(profile.distributions.uninterrupted!.focus_returns).toEqual([{ value: 0, sessions: 3 }]);
  });

  it("counts focus tasks per group and per repository", () => {
    expect(profile.groupCounts).toEqual([
      { group: "near", focus_tasks: 1 },
      { group: "far", focus_tasks: 2 },
    ]);
    expect(profile.repos).toEqual([
      { repo: "acme/core", focus_tasks: 2, byGroup: { far: 1, near: 1 }, interruption_tasks: 4 },
      { repo: "acme/web", focus_tasks: 1, byGroup: { far: 1 }, interruption_tasks: 2 },
    ]);
  });

  it("interpolates the median of an even number of sessions", async () => {
    const [row] = await db.query<{ r: number; w: number }>(
      "SELECT MEDIAN(request_count)::DOUBLE AS r, MEDIAN(workspace_switches)::DOUBLE AS w FROM sessions",
    );
    expect(row).toEqual({ r: 4, w: 1.5 });
  });
});

describe("validation rules", () => {
  it("lists every schedule rule with its count and the other rules that fired", () => {
    const r = ruleResults({ "schedule.locality": 2, "run.trajectory_missing": 23 });
    expect(r.schedule.filter((x) => x.count > 0)).toEqual([
      expect.objectContaining({ rule: "schedule.locality", count: 2 }),
    ]);
    expect(r.schedule).toHaveLength(9);
    expect(r.other).toEqual([{ rule: "run.trajectory_missing", count: 23 }]);
  });

  it("names only rule codes the format documents", () => {
    const doc = readFileSync("docs/data-format.md", "utf8");
    for (const { rule } of SCHEDULE_RULES) expect(doc).toContain(`| \`${rule}\` |`);
  });
});
