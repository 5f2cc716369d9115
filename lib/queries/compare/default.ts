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
  reviveCompareModel,
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

/** The file as JSON gives it back (reviveCompareModel: NaN written as null). */
export function reviveCompareDefault(file: CompareDefault): CompareDefault {
  return { ...file, model: reviveCompareModel(file.model) };
}

export const sameRequest = (x: CompareRequest, y: CompareRequest) =>
  x.a === y.a && x.b === y.b && x.condition === y.condition;
