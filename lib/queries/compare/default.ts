// The compare page's default view, shown when the URL names no pair: the release's first two configurations in
// release order (the leaderboard's row order) under the default condition. The build answers its queries ahead
// of time (lib/queries/compare/page.ts), so that view needs no DuckDB-WASM; another pair's counts are answered too.
import type { CompareRequest } from "./model";
import { defaultCondition } from "./url";

/** The first two configurations (in release order) under the default condition; null with fewer than two. */
export function defaultCompareRequest(
  configIds: readonly string[],
  ctx: { conditions: readonly string[]; baseline: string },
): CompareRequest | null {
  if (configIds.length < 2) return null;
  return { a: configIds[0]!, b: configIds[1]!, condition: defaultCondition(ctx) };
}
