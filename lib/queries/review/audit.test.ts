import { describe, expect, it } from "vitest";
import type { Query, QuerySource } from "../../db/query";
import type { TrajectoryRunRow } from "../trajectory/sql";
import { computeAuditSample } from "./audit";

function run(config: string, condition: string, i: number, trajectory = true): TrajectoryRunRow {
  return {
    run_id: `${config}.t${i}.${condition}.r0`,
    config_id: config,
    display_name: config.toUpperCase(),
    focus_task_id: `t${i}`,
    repo: null,
    condition,
    task_group: "near",
    repeat: 0,
    resolved: false,
    failure_class: null,
    trajectory: trajectory ? `trajectories/${config}.t${i}.json` : null,
    requirement_state_loss: 0,
    cross_task_interference: 0,
  };
}

const ROWS: Record<string, TrajectoryRunRow[]> = {
  a: [0, 1, 2, 3].flatMap((i) => [run("a", "uninterrupted", i), run("a", "switched", i, i < 1)]),
  b: [0, 1, 2].map((i) => run("b", "uninterrupted", i)),
};

/** A source answering the configuration runs query of each configuration, and counting what it was asked. */
function source(asked: string[]): QuerySource {
  return {
    run: async <P, R>(query: Query<P, R>, ...params: unknown[]) => {
      expect(query.name).toBe("configuration runs");
      asked.push(params[0] as string);
      return (ROWS[params[0] as string] ?? []) as R[];
    },
  };
}

const INDEX = {
  configs: [
    { config_id: "a", display_name: "A", runs: 8, with_trajectory: 5 },
    { config_id: "b", display_name: "B", runs: 3, with_trajectory: 3 },
  ],
  conditions: ["uninterrupted", "switched"],
};

describe("computeAuditSample", () => {
  it("reads each configuration's runs through its query and draws from runs with a trajectory, per stratum", async () => {
    const asked: string[] = [];
    const sample = await computeAuditSample(source(asked), INDEX, "abc", 2);
    expect(asked).toEqual(["a", "b"]);
    expect(sample.map((s) => [s.stratum, s.display_name, s.available, s.runs.length])).toEqual([
      ["a/uninterrupted", "A", 4, 2],
      ["a/switched", "A", 1, 1],
      ["b/uninterrupted", "B", 3, 2],
      ["b/switched", "B", 0, 0],
    ]);
    expect(sample[1]!.runs).toEqual(["a.t0.switched.r0"]);
    expect(await computeAuditSample(source([]), INDEX, "abc", 2)).toEqual(sample);
  });
});
