import { describe, expect, it } from "vitest";
import { loadRelease } from "./load-release";
import { releaseTableParts, releaseTables, TABLES, type TableName, type TableRow } from "./tables";
import { loadTablesNode } from "../queries/load-node";
import { openNodeDb } from "../db/node";

const HANDCALC = "e2e/fixtures/releases/handcalc";
const RUN_TABLES = ["runs", "test_results", "request_usage", "interruption_outcomes"];

describe("releaseTableParts", () => {
  it("gives the same rows as releaseTables: the other tables first, then the per-run tables a few runs at a time", async () => {
    const { release } = await loadRelease(HANDCALC);
    const whole = releaseTables(release!);
    const parts = [...releaseTableParts(release!, {}, 3)];
    // One part for the tables that are not per run, then ⌈runs / 3⌉ parts.
    expect(parts).toHaveLength(1 + Math.ceil(release!.runs.length / 3));
    for (const name of RUN_TABLES as TableName[]) expect(parts[0]![name]).toEqual([]);
    for (const part of parts.slice(1))
      for (const name of Object.keys(TABLES) as TableName[])
        if (!RUN_TABLES.includes(name)) expect(part[name]).toEqual([]);
    for (const name of Object.keys(TABLES) as TableName[])
      expect(parts.flatMap((p): TableRow[] => p[name])).toEqual(whole[name]);
    expect(parts.slice(1).map((p) => p.runs.length)).toEqual(
      Array.from({ length: parts.length - 1 }, (_, i) => Math.min(3, release!.runs.length - 3 * i)),
    );
  });

  it("loads into DuckDB from parts as from the whole", async () => {
    const { release } = await loadRelease(HANDCALC);
    const counts = async (load: (db: Awaited<ReturnType<typeof openNodeDb>>) => Promise<void>) => {
      const db = await openNodeDb();
      await load(db);
      const rows = await db.query<{ t: string; n: number }>(
        Object.keys(TABLES)
          .map((t) => `SELECT '${t}' AS t, COUNT(*)::INTEGER AS n FROM ${t}`)
          .join(" UNION ALL ") + " ORDER BY t",
      );
      const cells = await db.query(`SELECT * FROM task_cells ORDER BY ALL`);
      db.close();
      return { rows, cells };
    };
    const whole = await counts((db) => loadTablesNode(db, releaseTables(release!)));
    const parted = await counts((db) => loadTablesNode(db, releaseTableParts(release!, {}, 2)));
    expect(parted).toEqual(whole);
    expect(whole.rows.find((r) => r.t === "runs")?.n).toBe(release!.runs.length);
  });
});
