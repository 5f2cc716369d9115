import { describe, expect, it } from "vitest";
import { RUN_INDEX_SHARDS, runIndexFile, runIndexShard, shardRunIndex } from "./run-index";

describe("run index shards", () => {
  it("hashes ids with FNV-1a: known values", () => {
    // FNV-1a 32 of "a" is 0xe40c292c = 3826002220; 3826002220 % 64 = 44. Of "" it is the offset basis 2166136261 % 64 = 5.
    expect(runIndexShard("a")).toBe(3826002220 % 64);
    expect(runIndexShard("")).toBe(2166136261 % 64);
  });

  it("puts every run in exactly the shard its id names", () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({
      run_id: `c.s${i}.r0`,
      trajectory: i % 3 === 0 ? null : `trajectories/c.zip#c.s${i}.r0.json`,
    }));
    const shards = shardRunIndex(rows);
    expect(shards).toHaveLength(RUN_INDEX_SHARDS);
    expect(shards.reduce((n, s) => n + Object.keys(s).length, 0)).toBe(500);
    for (const r of rows) expect(shards[runIndexShard(r.run_id)]![r.run_id]).toEqual({ trajectory: r.trajectory });
    expect(runIndexFile(7)).toBe("run-index/07.json");
  });
});
