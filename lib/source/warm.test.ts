// The warm-up loads the tables the page's first queries read: derived from those very query objects.
import { describe, expect, it } from "vitest";
import { tablesOf } from "../db/query";
import { WARM_QUERIES } from "./warm";

describe("WARM_QUERIES", () => {
  it("name the tables of each page's next queries", async () => {
    expect(tablesOf(await WARM_QUERIES.leaderboard())).toEqual(["repo_tallies", "task_cells"]);
    expect(tablesOf(await WARM_QUERIES.cost())).toEqual(["runs", "sessions", "requests", "request_usage"]);
    expect(tablesOf(await WARM_QUERIES.compare()).sort()).toEqual([
      "configs",
      "runs",
      "sessions",
      "task_cells",
      "tasks",
    ]);
  });
});
