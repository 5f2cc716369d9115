// The warm-up loads the tables the page's first query reads: the same lists as the pages' doors.
import { describe, expect, it } from "vitest";
import { PAIR_TABLES } from "./browser-compare";
import { SESSION_TABLES } from "./browser-cost";
import { LEADERBOARD_TABLES } from "./browser-queries";
import { WARM_TABLES } from "./warm-duckdb";

describe("WARM_TABLES", () => {
  it("are the tables of each page's door", () => {
    expect(WARM_TABLES.leaderboard).toEqual(LEADERBOARD_TABLES);
    expect(WARM_TABLES.cost).toEqual(SESSION_TABLES);
    expect(WARM_TABLES.compare).toEqual(PAIR_TABLES);
  });
});
