// A release of 150,000 runs, generated at test time (lib/data/fixtures/large-release.ts), validates in the
// CLI and builds. Before this test, both overflowed the stack: 149,999 warnings were appended with
// `problems.push(...warnings)`, one call argument per warning (lib/common/arrays.ts).
// Known answers: the minimal example's 8 runs repeated 18,750 times, so 149,999 run.trajectory_missing
// warnings (only repeat 0 of one run has a trajectory) and no error; every repeat of a (configuration,
// session) has the same outcome, so each leaderboard cell equals the minimal example's own cell, with
// 18,750 repeats whose min and max are that value; task_cells = 2 configurations × 2 conditions × 2 focus
// tasks × 18,750 repeats = 150,000 rows. Slow (validating and building that many runs), hence its own file.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeLargeRelease } from "../../lib/data/fixtures/large-release";
import { MINIMAL_DIR } from "../../lib/data/fixtures/minimal";
import { buildRelease } from "./build-release";
import { leaderboardPage } from "../../lib/queries/leaderboard/page";
import { pageModelIn } from "../../lib/source/answers-node";

const RUNS = 150_000;
const REPEATS = RUNS / 8;
let dir = "";
const outs: string[] = [];
beforeAll(async () => {
  dir = await writeLargeRelease(RUNS);
}, 60_000);
afterAll(() => [dir, ...outs].forEach((d) => d && rmSync(d, { recursive: true, force: true })));

type Cell = { value: number; repeats: number; repMin: number; repMax: number };
type Board = { rows: { config: { config_id: string }; rates: Record<string, Record<string, Cell>> }[] };

async function build(from: string): Promise<{ out: string; warnings: number }> {
  const out = mkdtempSync(join(tmpdir(), "large-build-"));
  outs.push(out);
  const { entry, problems } = await buildRelease(from, out);
  expect(problems.filter((p) => p.level === "error")).toEqual([]);
  expect(entry?.release_id).toBe("minimal");
  return { out: join(out, "minimal"), warnings: problems.length };
}

describe(`a release of ${RUNS.toLocaleString("en")} runs`, () => {
  it("validates in the CLI (npm run data:validate) with the right summary and exit code 0", async () => {
    const { stdout } = await promisify(execFile)("npx", ["tsx", "scripts/validate-release.ts", dir], {
      maxBuffer: 256 * 1024 * 1024,
    });
    const lines = stdout.trimEnd().split("\n");
    expect(lines.at(-1)).toBe(`${dir}: valid, 0 error(s), ${RUNS - 1} warning(s)`);
    expect(lines.filter((l) => l.includes(" run.trajectory_missing: "))).toHaveLength(RUNS - 1);
  }, 90_000);

  it("builds, with the minimal example's leaderboard cells over 18,750 repeats", async () => {
    const large = await build(dir);
    expect(large.warnings).toBe(RUNS - 1);
    const built = JSON.parse(readFileSync(join(large.out, "release.json"), "utf8")) as {
      tables: { name: string; rows: number }[];
    };
    const rows = Object.fromEntries(built.tables.map((t) => [t.name, t.rows]));
    expect([rows.runs, rows.task_cells, rows.request_usage]).toEqual([RUNS, RUNS, RUNS]);

    const small = await build(MINIMAL_DIR);
    const board = (out: string) => pageModelIn(out, leaderboardPage) as Promise<Board>;
    const [a, b] = [await board(small.out), await board(large.out)];
    expect(b.rows.map((r) => r.config.config_id)).toEqual(a.rows.map((r) => r.config.config_id));
    for (const [i, row] of a.rows.entries()) {
      for (const [group, byCondition] of Object.entries(row.rates)) {
        for (const [condition, cell] of Object.entries(byCondition)) {
          const big = b.rows[i]!.rates[group]![condition]!;
          expect(
            [big.value, big.repeats, big.repMin, big.repMax],
            `${row.config.config_id} ${group} ${condition}`,
          ).toEqual([cell.value, REPEATS, cell.value, cell.value]);
        }
      }
    }
    // The build also writes these runs' answers (the run space's shards) and their Hive Parquet.
  }, 300_000);
});
