// The warm-up loads the tables the page's first queries read: derived from those very query objects, as each
// page declares them (lib/queries/pages.ts).
import { describe, expect, it } from "vitest";
import { tablesOf } from "../db/query";
import { PAGES } from "../queries/pages";

const warmed = async (name: string) => tablesOf(await PAGES.find((p) => p.name === name)!.warm!.queries());

describe("the pages' warm queries", () => {
  it("name the tables of each page's next queries", async () => {
    expect(await warmed("leaderboard")).toEqual(["repo_tallies", "task_cells"]);
    expect(await warmed("cost")).toEqual(["runs", "sessions", "requests", "request_usage"]);
    expect((await warmed("compare")).sort()).toEqual(["configs", "runs", "sessions", "task_cells", "tasks"]);
  });

  it("are declared by the leaderboard, cost and compare pages only", () => {
    expect(PAGES.filter((p) => p.warm).map((p) => p.name)).toEqual(["leaderboard", "compare", "cost"]);
  });
});
