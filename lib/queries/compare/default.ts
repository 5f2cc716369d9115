// The compare page's default view, shown when the URL names no pair: the release's first two configurations in
// release order (the leaderboard's row order) under the default condition. The build runs the same queries as a
// picked pair (computeCompare, computeCompareCost, computePrevalence) and writes compare-default.json, so that
// view needs no DuckDB-WASM (docs/architecture.md, "Speed and scale"); a pair in the URL is computed in the browser.
import type { QuerySource } from "../query";
import { configsQuery } from "../leaderboard/sql";
import { computePrevalence, type PrevalenceModel } from "../signatures/prevalence-model";
import {
  computeCompare,
  computeCompareCost,
  type CompareMeta,
  type CompareModel,
  type CompareRequest,
  type PointInterval,
} from "./model";
import type { CompareCostRow } from "./sql";
import { defaultCondition } from "./url";

export interface CompareDefault {
  request: CompareRequest;
  model: CompareModel;
  cost: CompareCostRow[];
  prevalence: PrevalenceModel;
}

/** The first two configurations (in release order) under the default condition; null with fewer than two. */
export function defaultCompareRequest(
  configIds: readonly string[],
  ctx: { conditions: readonly string[]; baseline: string },
): CompareRequest | null {
  if (configIds.length < 2) return null;
  return { a: configIds[0]!, b: configIds[1]!, condition: defaultCondition(ctx) };
}

export async function computeCompareDefault(src: QuerySource, meta: CompareMeta): Promise<CompareDefault | null> {
  const configs = (await src.run(configsQuery)).filter((c) => !c.is_local).map((c) => c.config_id);
  const request = defaultCompareRequest(configs, meta);
  if (!request) return null;
  const model = await computeCompare(src, meta, request);
  const cost = await computeCompareCost(src, meta, request);
  const prevalence = await computePrevalence(src, meta, { configIds: [request.a, request.b] });
  return { request, model, cost, prevalence };
}

const nan = (x: number | null) => (x === null ? Number.NaN : x);
const interval = (v: PointInterval): PointInterval => ({ value: nan(v.value), lo: nan(v.lo), hi: nan(v.hi) });

/** The file as JSON gives it back: JSON writes NaN (an interval over no tasks) as null; the model reads NaN. */
export function reviveCompareDefault(file: CompareDefault): CompareDefault {
  return {
    ...file,
    model: {
      ...file.model,
      groups: file.model.groups.map((g) => ({
        ...g,
        p: nan(g.p),
        resDiff: interval(g.resDiff),
        gapDiff: interval(g.gapDiff),
      })),
    },
  };
}

export const sameRequest = (x: CompareRequest, y: CompareRequest) =>
  x.a === y.a && x.b === y.b && x.condition === y.condition;
