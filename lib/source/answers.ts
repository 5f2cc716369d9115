// The answers the build wrote ahead of time (lib/db/answers.ts), read by the published source before it would
// start DuckDB-WASM: the small shard a key hashes to, fetched once per page visit and shared by every query of its
// space.
// Reading them is never required: a shard that is missing, unreachable or not JSON answers nothing, and the
// source runs the query in DuckDB-WASM instead.
import type { AnswerIndex } from "../data/built";
import { answerFile, answerIn, answerKey, answerShard, answerSpace, type AnswerShard } from "../db/answers";
import type { Query } from "../db/query";
import type { Row } from "../db/types";

const shards = new Map<string, Promise<AnswerShard | null>>();

function fetchShard(url: string): Promise<AnswerShard | null> {
  let p = shards.get(url);
  if (!p) {
    p = fetch(url)
      .then((res) => (res.ok ? (res.json() as Promise<AnswerShard>) : null))
      .catch(() => null);
    // A failed fetch is not kept: the next query asks again.
    void p.then((shard) => shard ?? shards.delete(url));
    shards.set(url, p);
  }
  return p;
}

/** The rows the build wrote for this query and these parameters, or null when it wrote none. */
export async function answerOf<P, R>(
  releaseId: string,
  index: AnswerIndex,
  query: Query<P, R>,
  params: P,
): Promise<Row[] | null> {
  const q = query as unknown as Query<never, unknown>;
  const space = answerSpace(q);
  const count = index[space];
  if (!count) return null;
  const key = answerKey(q, params);
  const shard = await fetchShard(`/data/${releaseId}/${answerFile(space, answerShard(key, count))}`);
  return shard && answerIn(shard, key, q);
}
