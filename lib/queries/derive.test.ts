import { describe, expect, it } from "vitest";
import { derivationPlan } from "./derive";

describe("derivationPlan", () => {
  it("loads only the release tables a query names when it needs nothing derived", () => {
    expect(derivationPlan(["runs", "configs"])).toEqual({ inputs: ["runs", "configs"], derived: [] });
  });

  it("makes task_cells before repo_tallies, from the release tables task_cells reads", () => {
    expect(derivationPlan(["repo_tallies"])).toEqual({
      inputs: ["configs", "sessions", "tasks", "runs"],
      derived: ["task_cells", "repo_tallies"],
    });
    expect(derivationPlan(["tasks", "task_cells"])).toEqual({
      inputs: ["tasks", "configs", "sessions", "runs"],
      derived: ["task_cells"],
    });
  });
});
