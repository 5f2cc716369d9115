// The scale generator (scripts/generate-scale.ts) on the hand-made release e2e/fixtures/releases/handcalc
// (3 configurations, 23 runs: EXPECTED.md's table, beta's S F2 has no run line): factor 3 gives 9
// configurations and 69 runs, copy 0 unchanged, every copy's run recombined from source run records, the
// whole release valid (no error) and labelled synthetic. With every 2nd copy repeated 3 times, copy 2 runs each of
// the 23 source runs 3 times: 23 + 23 + 69 = 115 runs, copy 2 with repeats 0, 1, 2 of every source cell.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../lib/data/load-release";
import { validateReleaseOnDisk } from "../lib/data/validate-trajectories";
import { generateScale } from "./generate-scale";

const FROM = "e2e/fixtures/releases/handcalc";
let out = "";
beforeAll(() => {
  out = join(mkdtempSync(join(tmpdir(), "scale-")), "handcalc-x3");
});
afterAll(() => out && rmSync(join(out, ".."), { recursive: true, force: true }));

const lines = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("npm run data:scale", () => {
  it("writes N× the configurations and runs, valid and synthetic", async () => {
    const r = await generateScale(FROM, out, 3);
    const source = lines(join(FROM, "runs.jsonl"));
    expect(source.length).toBe(23);
    expect(r).toMatchObject({ configs: 9, runs: 69 });
    const runs = lines(join(out, "runs.jsonl"));
    expect(runs.length).toBe(69);
    expect(runs.slice(0, 23)).toEqual(source);
    expect(new Set(runs.map((x) => x.run_id)).size).toBe(69);
    expect(runs.slice(23).every((x) => x.trajectory === undefined)).toBe(true);
    expect(new Set(lines(join(out, "configs.jsonl")).map((c) => c.config_id))).toEqual(
      new Set(["alpha", "beta", "gamma", "alpha-s1", "beta-s1", "gamma-s1", "alpha-s2", "beta-s2", "gamma-s2"]),
    );
    // Every copy's run is a source record of the same session and repeat (its outcome and tests together).
    const key = (x: Record<string, unknown>) => JSON.stringify([x.session_id, x.repeat, x.resolved, x.tests, x.usage]);
    const sourceKeys = new Set(source.map(key));
    expect(runs.slice(23).every((x) => sourceKeys.has(key(x)))).toBe(true);
    const loaded = await loadRelease(out);
    expect(loaded.release?.meta).toMatchObject({ release_id: "handcalc-x3", synthetic: true });
    const checked = await validateReleaseOnDisk(loaded.release!);
    expect([...loaded.problems, ...checked.problems].filter((p) => p.level === "error")).toEqual([]);
  });

  it("repeats every repeatEvery-th copy: each source run `repeats` times, repeat 0 the unrepeated copy's record", async () => {
    const plain = lines(join(out, "runs.jsonl"));
    const repeatedOut = join(out, "..", "handcalc-x3-repeats");
    const r = await generateScale(FROM, repeatedOut, 3, { repeatEvery: 2, repeats: 3 });
    expect(r).toMatchObject({ configs: 9, runs: 115 });
    const runs = lines(join(repeatedOut, "runs.jsonl"));
    expect(runs.length).toBe(115);
    // Copies 0 and 1 are what the unrepeated generator writes, line for line.
    expect(runs.slice(0, 46)).toEqual(plain.slice(0, 46));
    const copy2 = runs.slice(46);
    expect(new Set(copy2.map((x) => x.config_id))).toEqual(new Set(["alpha-s2", "beta-s2", "gamma-s2"]));
    expect(new Set(copy2.map((x) => x.run_id)).size).toBe(69);
    // Every cell of a source run has repeats 0, 1, 2; repeat 0 is the record the unrepeated copy 2 has.
    const cellOf = (x: Record<string, unknown>) => `${String(x.config_id)}/${String(x.session_id)}`;
    const cells = new Map<string, number[]>();
    for (const x of copy2) cells.set(cellOf(x), [...(cells.get(cellOf(x)) ?? []), x.repeat as number]);
    expect([...cells.values()].every((reps) => reps.join() === "0,1,2")).toBe(true);
    const strip = ({ run_id: _r, ...rest }: Record<string, unknown>) => rest;
    expect(copy2.filter((x) => x.repeat === 0).map(strip)).toEqual(plain.slice(46).map(strip));
    // Repeats draw other donors: at least one cell's repeats disagree in outcome (the hash mixes the repeat in).
    const outcomes = new Map<string, Set<unknown>>();
    for (const x of copy2) outcomes.set(cellOf(x), (outcomes.get(cellOf(x)) ?? new Set()).add(x.resolved));
    expect([...outcomes.values()].some((s) => s.size === 2)).toBe(true);
    const loaded = await loadRelease(repeatedOut);
    const checked = await validateReleaseOnDisk(loaded.release!);
    expect([...loaded.problems, ...checked.problems].filter((p) => p.level === "error")).toEqual([]);
  });
});
