// Loads the hand-computed benchmark-mini release (e2e/fixtures/releases/benchmark-mini/EXPECTED.md) into
// DuckDB in Node for the profile, catalog, ablation and Task Flow query tests.
import { expect } from "vitest";
import { loadRelease } from "../data/load-release";
import type { Release } from "../data/schema";
import { releaseTables } from "../data/tables";
import { loadTablesNode } from "./load-node";
import { openNodeDb, type NodeDb } from "../db/node";

export const BENCHMARK_MINI = "e2e/fixtures/releases/benchmark-mini";

export async function openBenchmarkMini(): Promise<{ db: NodeDb; release: Release }> {
  const { release, problems } = await loadRelease(BENCHMARK_MINI);
  expect(problems.filter((p) => p.level === "error")).toEqual([]);
  const db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  return { db, release: release! };
}
