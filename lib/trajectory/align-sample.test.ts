// Every focus task of the sample release: the uninterrupted session's focus request k faces the switched
// session's focus request k, at the positions the two schedules give (sessions.jsonl read here, expected values
// taken from it, not from the aligner). The browser test (e2e/compare.spec.ts) checks how a few of these pairs
// are drawn; this checks the alignment of all of them.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { alignRequests } from "./align";
import { schedule } from "./testing";

interface SessionLine {
  session_id: string;
  focus_task_id: string;
  condition: string;
  schedule: { task_id: string; stage: number | "submit"; workspace: string }[];
}

const sessions = readFileSync("data/releases/sample/sessions.jsonl", "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l) as SessionLine);

const focusPositions = (s: SessionLine) =>
  s.schedule.flatMap((r, position) => (r.task_id === s.focus_task_id ? [position] : []));
const plan = (s: SessionLine) =>
  schedule(
    s.schedule.map((r) => ({ task: r.task_id, stage: r.stage, workspace: r.workspace })),
    s.focus_task_id,
  );

describe("alignRequests on the sample's session pairs", () => {
  const pairs = sessions.flatMap((u) => {
    if (u.condition !== "uninterrupted") return [];
    const s = sessions.find((x) => x.condition === "switched" && x.focus_task_id === u.focus_task_id);
    return s ? [{ u, s }] : [];
  });

  it("pairs all 200 focus tasks", () => {
    expect(pairs).toHaveLength(200);
  });

  it("faces uninterrupted focus request k with switched focus request k, for every pair", () => {
    for (const { u, s } of pairs) {
      const rows = alignRequests(plan(u), plan(s));
      const facing = rows.flatMap((r) => (r.kind === "focus" ? [[r.k, r.left, r.right]] : []));
      const [pu, ps] = [focusPositions(u), focusPositions(s)];
      expect(pu.length, u.focus_task_id).toBe(ps.length);
      expect(facing, u.focus_task_id).toEqual(pu.map((position, k) => [k, position, ps[k]]));
      expect(rows.some((r) => r.kind === "focus" && r.mismatch)).toBe(false);
    }
  });
});
