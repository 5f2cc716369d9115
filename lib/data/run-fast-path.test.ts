// plainRun against runSchema itself: on the common record and on variants of each field (every kind of value in
// every place, keys added and removed), a record plainRun accepts is one zod accepts, with the same output (same
// keys in the same order); and every variant zod accepts without `extra` or `interruption_outcomes` (the fields
// left to zod) is accepted by plainRun too, so the fast path is taken where it should be.
import { describe, expect, it } from "vitest";
import { plainRun } from "./run-fast-path";
import { runSchema } from "./schema";

const usage = { position: 0, tokens: 9000, cached_tokens: 0, model_calls: 3, tool_calls: 4, wall_s: 60, cost_usd: 0.009 };
const base: Record<string, unknown> = {
  run_id: "orca-opencode.s-101-uninterrupted.0",
  config_id: "orca-opencode",
  session_id: "s-101-uninterrupted",
  repeat: 0,
  finalized: true,
  applied: true,
  resolved: false,
  failure_class: "implementation",
  tests: { failed: ["t1"], missing: [] },
  usage: [usage],
  trajectory: "trajectories/x.json",
};
const VALUES: unknown[] = [
  undefined, null, true, false, 0, -0, 1, -1, 2.5, 1e300, 2 ** 53, "", "a", "a b", "x/y", "implementation",
  "incomplete", "Implementation", [], ["a"], [1], {}, { a: 1 }, [usage], [{ ...usage, cost_usd: undefined }],
];
const withField = (o: Record<string, unknown>, key: string, value: unknown) => {
  const copy = { ...o };
  if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy;
};

function variants(): unknown[] {
  const out: unknown[] = [base, null, [], "run", { ...base, extra: { a: 1 } }, { ...base, unknown: 1 }];
  const keys = [...Object.keys(base), "patch", "interruption_outcomes"];
  for (const key of keys) for (const v of VALUES) out.push(withField(base, key, v));
  const tests = base.tests as Record<string, unknown>;
  for (const key of ["failed", "missing", "skipped", "other"])
    for (const v of VALUES) out.push({ ...base, tests: withField(tests, key, v) });
  for (const key of [...Object.keys(usage), "other"])
    for (const v of VALUES) out.push({ ...base, usage: [usage, withField(usage, key, v)] });
  // Key order of the input is not the output's: zod writes the schema's order.
  out.push(Object.fromEntries(Object.entries(base).reverse()));
  out.push(Object.assign(Object.create(null) as object, base));
  return out;
}

describe("plainRun", () => {
  const all = variants();
  it("says yes only where runSchema does, with the same output", () => {
    let accepted = 0;
    for (const v of all) {
      const fast = plainRun(v);
      const zod = runSchema.safeParse(v);
      if (fast === null) continue;
      accepted++;
      expect(zod.success, JSON.stringify(v)).toBe(true);
      expect(JSON.stringify(fast)).toBe(JSON.stringify(zod.data));
    }
    expect(accepted).toBeGreaterThan(40);
  });
  it("says yes to every variant runSchema accepts, but those with the fields it leaves to zod", () => {
    for (const v of all) {
      if (!runSchema.safeParse(v).success) continue;
      const left = v as Record<string, unknown>;
      if ("extra" in left || "interruption_outcomes" in left || Object.getPrototypeOf(left) === null) continue;
      expect(plainRun(v), JSON.stringify(v)).not.toBeNull();
    }
  });
  it("returns a copy: the parsed record shares no object with the line's value", () => {
    const run = plainRun(base)!;
    expect(run).not.toBe(base);
    expect(run.tests).not.toBe(base.tests);
    expect(run.usage[0]).not.toBe(usage);
  });
});
