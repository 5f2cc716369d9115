// The committed context-reuse release is what the generator writes, it validates, and the calibrated
// figures come out of the leaderboard SQL unchanged (seed 003: 26.26 / 34.34 / 27.27 / 30.30 over 99 tasks).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadRelease } from "../lib/data/load-release";
import { releaseTables } from "../lib/data/tables";
import { validateRelease } from "../lib/data/validate";
import { loadTablesNode } from "../lib/queries/load-node";
import { openNodeDb } from "../lib/db/node";
import { computeLeaderboard } from "../lib/queries/leaderboard/model";
import { generateContextReuse, TARGET_SOURCE } from "./generate-context-reuse";

const DIR = join("data", "releases", "context-reuse");

describe("context-reuse release", () => {
  it("is exactly what the generator writes (run it after changing the script)", () => {
    const files = generateContextReuse(readFileSync(TARGET_SOURCE, "utf8"));
    for (const [name, text] of Object.entries(files)) expect(readFileSync(join(DIR, name), "utf8"), name).toBe(text);
  });

  it("validates with warnings only, and reproduces the calibrated resolutions", async () => {
    const { release, problems } = await loadRelease(DIR);
    const all = [...problems, ...validateRelease(release!)];
    expect(all.filter((p) => p.level === "error")).toEqual([]);
    expect([...new Set(all.map((p) => p.rule))]).toEqual(["run.trajectory_missing"]);

    const db = await openNodeDb();
    try {
      await loadTablesNode(db, releaseTables(release!));
      const m = release!.meta;
      const lb = await computeLeaderboard(db, {
        groups: m.groups,
        conditions: m.conditions,
        baseline: m.baseline_condition,
      });
      const unnamed = lb.rows.find((r) => r.config.config_id === "unnamed-agent")!.rates.overall!;
      expect(m.conditions.map((c) => [unnamed[c]!.resolved, unnamed[c]!.n])).toEqual([
        [26, 99],
        [34, 99],
        [27, 99],
        [30, 99],
      ]);
      const means = await db.query<{ condition: string }>(
        "SELECT s.condition FROM runs r JOIN sessions s USING (session_id) GROUP BY s.condition ORDER BY AVG(r.cost_usd), AVG(r.wall_s)",
      );
      expect(means[0]!.condition).toBe("oracle-context");
      const wall = await db.query<{ condition: string }>(
        "SELECT s.condition FROM runs r JOIN sessions s USING (session_id) GROUP BY s.condition ORDER BY AVG(r.wall_s)",
      );
      expect(wall[0]!.condition).toBe("oracle-context");
    } finally {
      db.close();
    }
  });
});
