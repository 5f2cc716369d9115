// The steps index leaves the build as the search's tables (lib/queries/search/index-tables.ts): step_index one
// Arrow shard per configuration, step_texts one per field, step_runs and step_contexts, plus the flat table as
// one Parquet: on the trajcalc fixture's runs (alpha: 2 runs with trajectories, beta: 2) and a hand-made steps
// table of 3 + 2 rows.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tableFromIPC } from "apache-arrow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../lib/data/load-release";
import { releaseTables } from "../../lib/data/tables";
import { loadTablesNode } from "../../lib/queries/load-node";
import { openNodeDb, type NodeDb } from "../../lib/db/node";
import type { StepsManifest } from "../../lib/queries/search/shards";
import { ROW_BYTES, type GramRuns } from "../../lib/queries/search/gram-files";
import { STEPS_INDEX_COLUMNS } from "../../lib/trajectory/steps-index";
import { exportStepsShards } from "./steps-shards";

let db: NodeDb;
const out = mkdtempSync(join(tmpdir(), "steps-shards-"));

beforeAll(async () => {
  const { release } = await loadRelease("e2e/fixtures/releases/trajcalc");
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
});
afterAll(() => {
  db?.close();
  rmSync(out, { recursive: true, force: true });
});

describe("exportStepsShards", () => {
  it("writes nothing without a steps table", async () => {
    expect(await exportStepsShards(db, out)).toBeNull();
  });

  it("writes one shard per configuration, a manifest and a Parquet", async () => {
    await db.run(
      `CREATE TABLE steps (${Object.entries(STEPS_INDEX_COLUMNS)
        .map(([k, t]) => `${k} ${t}`)
        .join(", ")})`,
    );
    const row = (run: string, step: number, tools: string | null) =>
      `('${run}', ${step}, 0, 'focus', 'N1', '/work/w00', false, 'agent', ${tools ? `'${tools}'` : "NULL"}, ${tools ? 1 : 0}, NULL, NULL, 'm', 1, NULL, 0)`;
    await db.run(
      `INSERT INTO steps VALUES ${[row("beta.s-N1", 2, "edit"), row("alpha.s-N1", 2, "bash"), row("alpha.s-N1", 1, null), row("alpha.s-F1", 1, "bash,read"), row("beta.s-F1", 1, null)].join(", ")}`,
    );
    const manifest = (await exportStepsShards(db, out))!;
    expect(manifest).toMatchObject({ table: "steps", rows: 5, tools: ["bash", "edit", "read"] });
    expect(manifest.shards.map((s) => [s.file, s.config_id, s.rows])).toEqual([
      ["steps/00.arrow", "alpha", 3],
      ["steps/01.arrow", "beta", 2],
    ]);
    expect(JSON.parse(readFileSync(join(out, "steps/index.json"), "utf8")) as StepsManifest).toEqual(manifest);
    // step_runs: the 4 runs with a trajectory, numbered in (configuration, run id) order.
    const runs = tableFromIPC(readFileSync(join(out, manifest.runs.file)));
    expect(runs.toArray().map((r) => `${r.run}:${r.run_id}`)).toEqual([
      "0:alpha.s-F1",
      "1:alpha.s-N1",
      "2:beta.s-F1",
      "3:beta.s-N1",
    ]);
    const alpha = tableFromIPC(readFileSync(join(out, "steps/00.arrow")));
    expect(alpha.toArray().map((r) => `${r.run}#${r.step}`)).toEqual(["0#1", "1#1", "1#2"]);
    // One distinct message ("m") for all five steps; no command, path or observation: empty shards.
    expect(manifest.texts.map((t) => [t.file, t.rows])).toEqual([
      ["steps/texts-command-0.arrow", 0],
      ["steps/texts-paths-0.arrow", 0],
      ["steps/texts-message-0.arrow", 1],
      ["steps/texts-observation-0.arrow", 0],
    ]);
    const message = tableFromIPC(readFileSync(join(out, "steps/texts-message-0.arrow"))).toArray()[0]!;
    expect(alpha.toArray().every((r) => r.message_id === message.id)).toBe(true);
    expect(message.text).toBe("m");
    // Contexts: (focus, N1, /work/w00, false, agent) with tools null/0, bash/1, bash,read/1, edit/1.
    expect(manifest.contexts.rows).toBe(4);
    expect(manifest.shards[0]!.bytes).toBe(readFileSync(join(out, "steps/00.arrow")).byteLength);
    const parquet = await db.query<{ n: number }>(
      `SELECT count(*)::INTEGER AS n FROM read_parquet('${join(out, "steps.parquet")}')`,
    );
    expect(parquet[0]!.n).toBe(5);
    expect(manifest.parquetBytes).toBeGreaterThan(0);
    // The n-gram index (docs/search.md) beside them: the 5 step rows, fixed width, and the 4 runs in run order.
    const grams = manifest.grams!;
    expect(grams.rows.count).toBe(5);
    expect(readFileSync(join(out, grams.rows.files[0]!)).byteLength).toBe(5 * ROW_BYTES);
    const runList = JSON.parse(readFileSync(join(out, grams.runs), "utf8")) as GramRuns;
    expect(runList.run_id).toEqual(["alpha.s-F1", "alpha.s-N1", "beta.s-F1", "beta.s-N1"]);
    // alpha.s-F1 has step row 0, alpha.s-N1 rows 1–2, beta.s-F1 row 3, beta.s-N1 row 4.
    expect(runList.start).toEqual([0, 1, 3, 4]);
  });
});
