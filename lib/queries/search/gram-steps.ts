// The steps side of a search through the n-gram index (gram-search.ts): which run each matching step row is
// in, and a page of hits as sql.ts stepSearchSql returns it (keyset paging after a (run, step), the run's
// matching steps counted, the texts of the fields shown).
import { decodeAt, type GramContexts, type GramRuns } from "./gram-files";
import type { GramStore } from "./gram-store";
import { TEXT_FIELDS, type TextField } from "./index-tables";
import type { HitKey, SearchConfigRow, StepHitRow } from "./sql";

/** Matching steps: step rows ascending, each once, with the context of each. */
export interface Matches {
  rows: Uint32Array;
  ctx: Uint32Array;
}

/** Matching steps in the filters: step rows ascending, the run of each, and the counts per configuration. */
export interface Kept {
  rows: Uint32Array;
  runs: Uint32Array;
  configs: SearchConfigRow[];
}

/** The first index of ascending `xs` whose value is ≥ `v`. */
export function lowerBound(xs: ArrayLike<number>, v: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The run of each ascending step row: the last run starting at or before it (a run without steps starts where the next does). */
export function runsOf(rows: Uint32Array, start: readonly number[]): Uint32Array {
  const out = new Uint32Array(rows.length);
  let r = 0;
  for (let i = 0; i < rows.length; i++) {
    while (r + 1 < start.length && start[r + 1]! <= rows[i]!) r++;
    out[i] = r;
  }
  return out;
}

/** Where the page after `after` starts among the kept rows (sql.ts: run > after.run, or the same run and a later step). */
async function startOf(store: GramStore, kept: Kept, after: HitKey | null): Promise<number> {
  if (!after) return 0;
  const run = Math.max(0, Math.floor(after.run));
  const step = Math.max(0, Math.floor(after.step));
  const lo = lowerBound(kept.runs, run);
  const hi = lowerBound(kept.runs, run + 1);
  const rows = await store.rows([...kept.rows.subarray(lo, hi)]);
  const j = rows.findIndex((r) => r.step > step);
  return j < 0 ? hi : lo + j;
}

const ID: Record<TextField, "command_id" | "paths_id" | "message_id" | "observation_id"> = {
  command: "command_id",
  paths: "paths_id",
  message: "message_id",
  observation: "observation_id",
};

/** The texts of `ids` in one field, read from their blocks. */
async function textsOf(store: GramStore, field: TextField, ids: number[]): Promise<Map<number, string>> {
  const { first, per } = store.field(field);
  const bs = [...new Set(ids.map((id) => Math.floor((id - first) / per)))];
  const blocks = await store.textBlocks(field, bs);
  return new Map(ids.map((id) => [id, blocks[bs.indexOf(Math.floor((id - first) / per))]!.texts[(id - first) % per]!]));
}

/** `limit` hits after `after` with their run's and step's facts and the texts of the fields `shown`. */
export async function stepRowsOf(
  store: GramStore,
  kept: Kept,
  runs: GramRuns,
  contexts: GramContexts,
  shown: readonly TextField[],
  after: HitKey | null,
  limit: number,
): Promise<StepHitRow[]> {
  const from = await startOf(store, kept, after);
  const to = Math.min(kept.rows.length, from + Math.max(0, Math.floor(limit)));
  const gs = [...kept.rows.subarray(from, to)];
  const rows = await store.rows(gs);
  const texts = new Map<TextField, Map<number, string>>();
  await Promise.all(
    shown.map(async (field) => {
      const ids = [...new Set(rows.map((r) => r[ID[field]]).filter((id) => id >= 0))];
      texts.set(field, await textsOf(store, field, ids));
    }),
  );
  const text = (field: TextField, id: number) => (id < 0 ? null : (texts.get(field)?.get(id) ?? null));
  return rows.map((r, i) => {
    const run = kept.runs[from + i]!;
    const config = runs.configs[runs.config[run]!]!;
    const x = r.ctx;
    const [command = null, paths = null, message = null, observation = null] = TEXT_FIELDS.map((f) =>
      text(f, r[ID[f]]),
    );
    return {
      run,
      run_steps: lowerBound(kept.runs, run + 1) - lowerBound(kept.runs, run),
      run_id: runs.run_id[run]!,
      config_id: config.id,
      display_name: config.name,
      condition: decodeAt(runs.condition, run)!,
      task_group: decodeAt(runs.task_group, run)!,
      focus_task_id: decodeAt(runs.focus_task_id, run)!,
      repo: decodeAt(runs.repo, run),
      resolved: runs.resolved[run] === 1,
      step: r.step,
      position: r.position < 0 ? null : r.position,
      request_kind: decodeAt(contexts.request_kind, x),
      task_id: decodeAt(contexts.task_id, x),
      checkout: decodeAt(contexts.checkout, x),
      other_checkout: contexts.other_checkout[x] === 1,
      source: decodeAt(contexts.source, x)!,
      tools: decodeAt(contexts.tools, x),
      command,
      paths,
      message,
      observation,
      message_chars: r.message_chars,
      observation_chars: r.observation_chars,
    };
  });
}
