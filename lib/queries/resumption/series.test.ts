// The series at the size of the ×100 release's pooled returns: more points than a function call takes arguments.
import { describe, expect, it } from "vitest";
import { allSeries } from "./series";
import type { FocusReturnRow } from "./sql";

function row(i: number): FocusReturnRow {
  // Loads 1..9 by i; held whenever i mod 3 ≠ 0 or the load is small, so the outcomes overlap in load (no separation).
  const requests = 1 + (i % 9);
  return {
    run_id: `r${i}`,
    config_id: "c",
    condition: "switched",
    repeat: 0,
    session_id: `s${i}`,
    focus_task_id: `t${i % 200}`,
    position: 3,
    stage: 2,
    prev_focus: 1,
    requests_between: requests,
    switches_between: 2,
    tokens_between: 1_000_000 * requests,
    reached: true,
    held: i % 3 !== 0 || requests < 3,
    readable: true,
    tag_requirement_state_loss: i % 7 === 0,
    tag_cross_task_interference: false,
  };
}

describe("resumption series at scale", () => {
  it("fits 300,000 returns and ends the curve at the largest load", () => {
    const rows = Array.from({ length: 300_000 }, (_, i) => row(i));
    const series = allSeries(rows).held.requests;
    expect(series.fit.ok).toBe(true);
    if (series.fit.ok) expect(series.fit.to).toBe(9);
  });
});
