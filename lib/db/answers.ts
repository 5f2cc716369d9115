// Where the build writes a query's answers ahead of time and where a release source looks for them
// (docs/architecture.md, "Answers ahead of time"). Answers live in spaces: a keyed query's space (every run, every
// session: lib/db/query.ts `ahead`) holds the answers of all its queries for one key together, so one small file
// brings a run's header, verdict and ledger facts at once; any other query answered ahead has a space of its own,
// keyed by its parameters. A space is split into shards by a hash of the key, so a page fetches one small file.
import { fnv1a } from "../common/fnv";
import { stableKey, type KeyPart } from "../common/stable-key";
import { utf8Length } from "../data/build-limits";
import type { Query } from "./query";
import type { Row } from "./types";

/**
 * One shard: key → query name → raw rows (as DuckDB gives them; the reader shapes them like a live run). A key
 * mapped to null was left out to keep the file within the export's cap (fitShard): the engine answers it.
 */
export type AnswerShard = Record<string, Record<string, Row[]> | null>;

export function answerSpace(query: Pick<Query<never, unknown>, "name" | "ahead">): string {
  return query.ahead?.space ?? query.name.replace(/[^A-Za-z0-9]+/g, "-").toLowerCase();
}

/** A keyed query's key is its id; any other query's key names its parameters exactly. */
export function answerKey(query: Pick<Query<never, unknown>, "ahead">, params: unknown): string {
  return query.ahead ? String(params) : stableKey((params ?? null) as KeyPart);
}

/** FNV-1a (32-bit) of the key's UTF-16 code units, modulo the shard count. */
export function answerShard(key: string, shards: number): number {
  return fnv1a(key) % shards;
}

/**
 * The shard's JSON text, at most `cap` bytes: while it is larger, the key whose answers are largest is left out
 * (null), so the page asks the engine for it instead. A file of the export may not pass the static hosts' cap
 * (lib/data/build-limits.ts), and one run's or session's answers can be long (its annotations' notes, its
 * request texts). Returns the keys left out.
 */
export function fitShard(entries: AnswerShard, cap: number): { text: string; left: string[] } {
  const size = (v: unknown) => utf8Length(JSON.stringify(v));
  let text = JSON.stringify(entries) + "\n";
  if (utf8Length(text) <= cap) return { text, left: [] };
  const bySize = Object.keys(entries)
    .map((key) => ({ key, bytes: size(entries[key]) }))
    .sort((a, b) => b.bytes - a.bytes || (a.key < b.key ? -1 : 1));
  const fitted: AnswerShard = { ...entries };
  const left: string[] = [];
  let total = utf8Length(text);
  for (const { key, bytes } of bySize) {
    if (total <= cap) break;
    fitted[key] = null;
    left.push(key);
    total -= bytes - 4; // "null"
  }
  text = JSON.stringify(fitted) + "\n";
  return { text, left };
}

/**
 * The rows a shard holds for a query under `key` (a copy: shaping sorts in place, and a shard is shared), or null
 * when it holds none: not answered, or left out by fitShard, for the engine to answer. A keyed space holds every
 * key of the release and the build writes only rows, so there a key or query the shard lacks has no rows.
 */
export function answerIn(shard: AnswerShard, key: string, query: Pick<Query<never, unknown>, "name" | "ahead">) {
  const entry = Object.hasOwn(shard, key) ? shard[key] : undefined;
  if (entry === null) return null;
  const rows = entry?.[query.name];
  if (rows) return [...rows];
  return query.ahead ? [] : null;
}

export const answerFile = (space: string, shard: number) => `answers/${space}/${shard}.json`;

/** About this many keys a shard: a few KB compressed, and a release of any size stays within the file count. */
const KEYS_PER_SHARD = 32;
const MAX_SHARDS = 8192;

export function answerShardCount(keys: number, keysPerShard = KEYS_PER_SHARD): number {
  return Math.max(1, Math.min(MAX_SHARDS, Math.ceil(keys / keysPerShard)));
}
