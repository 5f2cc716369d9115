// A view that says where its numbers came from (the compare page's `data-origin`, the leaderboard subset's note)
// runs its queries through this: the same source, remembering whether any query needed the engine.
import type { ParamsOf, Query, QuerySource } from "../db/query";
import type { ReleaseSource } from "./release-source";

export interface WatchedSource {
  source: QuerySource;
  /** True once a query ran in a query engine rather than being read from the build's answers. */
  usedEngine(): boolean;
}

export function watchEngine(src: ReleaseSource): WatchedSource {
  let engine = false;
  return {
    source: {
      async run<P, R>(query: Query<P, R>, ...params: ParamsOf<P>): Promise<R[]> {
        const { rows, from } = await src.traced(query, ...params);
        if (from === "engine") engine = true;
        return rows;
      },
    },
    usedEngine: () => engine,
  };
}
