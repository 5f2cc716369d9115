// A derived query (query.ts defineDerived) is code over other queries: the source that runs it gives its code that
// same source, so its queries run where the source runs anything, and its value is the one row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openNodeDb, type NodeDb } from "./node";
import { defineDerived, defineQuery, valueOf, type ParamsOf, type Query, type QuerySource } from "./query";

// t holds 1, 2, 3, 4: the sum of those above 1 is 2 + 3 + 4 = 9, and there are 3 of them.
const above = defineQuery<{ min: number }, { n: number; total: number }>({
  name: "above",
  tables: ["t"],
  sql: (p) => `SELECT COUNT(*)::INTEGER AS n, SUM(i)::INTEGER AS total FROM t WHERE i > ${p.min}`,
});
const mean = defineDerived<{ min: number }, number>({
  name: "mean above",
  compute: async (src, p) => {
    const [{ n, total }] = (await src.run(above, p)) as [{ n: number; total: number }];
    return total / n;
  },
});

let db: NodeDb;
beforeAll(async () => {
  db = await openNodeDb();
  await db.run("CREATE TABLE t AS SELECT range::INTEGER AS i FROM range(1, 5)");
});
afterAll(() => db.close());

describe("derived queries", () => {
  it("run their code on the source that runs them: its value as the one row", async () => {
    expect(await db.run(mean, { min: 1 })).toEqual([3]);
    expect(await valueOf(db, mean, { min: 1 })).toBe(3);
  });

  it("ask that same source for their queries (a source of answers answers them)", async () => {
    const asked: string[] = [];
    const answers: QuerySource = {
      async run<P, R>(query: Query<P, R>, ...params: ParamsOf<P>): Promise<R[]> {
        asked.push(query.name);
        if (query.compute) return [await query.compute(answers, params[0] as P)];
        // An answer file's rows for "above": 2 rows summing to 10, so the mean is 5.
        return [{ n: 2, total: 10 }] as R[];
      },
    };
    expect(await valueOf(answers, mean, { min: 1 })).toBe(5);
    expect(asked).toEqual(["mean above", "above"]);
  });

  it("have no SQL of their own", () => {
    expect(() => mean.sql({ min: 1 })).toThrow(/"mean above" is a derived query/);
  });
});
