// A literal search through the n-gram index (docs/search.md), with the answer of lib/queries/search/sql.ts:
// the same matching steps (a case-insensitive substring of DuckDB's lower(text), the query lowered by
// toLowerCase), the same filters, counts per configuration, rows, order and paging. The query's rarest trigrams'
// postings give candidate texts; their blocks are read and each candidate is verified; the verified texts'
// occurrences give the steps; runs.json and contexts.json filter them; step rows and texts are read only for
// the page shown.
import { GRAM, gramKeys, wellFormed } from "./gram-codec";
import { decodeAt, type GramContexts, type GramRuns } from "./gram-files";
import type { GramStore, OccRef } from "./gram-store";
import type { TextField } from "./index-tables";
import { fieldsOf, type HitKey, type SearchConfigRow, type StepHitRow, type StepSearch } from "./sql";
import { lowerBound, runsOf, stepRowsOf, type Kept, type Matches } from "./gram-steps";

/** Posting lists read at most, and their bytes at most beyond the rarest (which is always read). */
const MAX_LISTS = 4;
const LIST_BYTES = 256 * 1024;
/** Compressed text blocks a search reads at most; past that it is left to DuckDB-WASM (docs/search.md). */
export const MAX_BLOCK_BYTES = 4 * 1024 * 1024;

/** Why a search cannot use the n-gram index, or null when it can. */
export function gramRefusal(f: StepSearch): string | null {
  if (f.mode === "regex") return "a regular expression";
  if (f.q.toLowerCase().length < GRAM) return `a query shorter than ${GRAM} characters`;
  if (!wellFormed(f.q)) return "a query with a lone surrogate";
  return null;
}

/** Directory entries a search reads at most (each is a request; any subset of the keys finds every match). */
const MAX_KEYS = 6;

/** The keys of up to MAX_KEYS trigrams spread over the query, its first and last among them. */
export function lookedUp(needle: string): number[] {
  const n = needle.length - GRAM + 1;
  if (n <= MAX_KEYS) return gramKeys(needle);
  const at = Array.from({ length: MAX_KEYS }, (_, i) => Math.round((i * (n - 1)) / (MAX_KEYS - 1)));
  return [...new Set(at.map((i) => gramKeys(needle.slice(i, i + GRAM))[0]!))].sort((a, b) => a - b);
}

/** The intersection of ascending lists. */
function intersect(lists: readonly Uint32Array[]): Uint32Array {
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let out = sorted[0]!;
  for (const list of sorted.slice(1)) {
    const next: number[] = [];
    let j = 0;
    for (const id of out) {
      while (j < list.length && list[j]! < id) j++;
      if (list[j] === id) next.push(id);
    }
    out = Uint32Array.from(next);
  }
  return out;
}

export class GramSearch {
  private readonly found = new Map<string, Promise<Matches | null>>();

  constructor(readonly store: GramStore) {}

  /** The steps whose searched texts contain the query, or null when it is too broad for the index. */
  match(q: string, fields: readonly TextField[]): Promise<Matches | null> {
    const needle = q.toLowerCase();
    const key = `${fields.join(",")}\u0000${needle}`;
    let p = this.found.get(key);
    if (!p) {
      p = this.find(needle, fields);
      p.catch(() => this.found.get(key) === p && this.found.delete(key));
      this.found.set(key, p);
    }
    return p;
  }

  private async candidates(needle: string): Promise<Uint32Array> {
    const entries = (await this.store.dir(lookedUp(needle))).sort((a, b) => a.count - b.count);
    // A trigram no text holds: no text holds the query.
    if (entries[0]!.count === 0) return new Uint32Array(0);
    const chosen = [entries[0]!];
    let bytes = entries[0]!.length;
    for (const e of entries.slice(1)) {
      if (chosen.length >= MAX_LISTS || bytes + e.length > LIST_BYTES) break;
      chosen.push(e);
      bytes += e.length;
    }
    return intersect(await this.store.postings(chosen));
  }

  private async find(needle: string, fields: readonly TextField[]): Promise<Matches | null> {
    if (needle.length < GRAM) return null;
    const ids = await this.candidates(needle);
    const plan = await Promise.all(
      fields.map(async (field) => {
        const { first, count, per } = this.store.field(field);
        const blocks = new Map<number, number[]>();
        for (let i = lowerBound(ids, first); i < ids.length && ids[i]! < first + count; i++) {
          const b = Math.floor((ids[i]! - first) / per);
          if (!blocks.has(b)) blocks.set(b, []);
          blocks.get(b)!.push(ids[i]!);
        }
        const ranges = (await this.store.blocks(field)).texts;
        const bytes = [...blocks.keys()].reduce((a, b) => a + ranges[b]!.end - ranges[b]!.start, 0);
        return { field, first, per, blocks, bytes };
      }),
    );
    if (plan.reduce((a, p) => a + p.bytes, 0) > MAX_BLOCK_BYTES) return null;
    const rows: number[] = [];
    const ctxOf = new Map<number, number>();
    await Promise.all(
      plan.map(async ({ field, first, per, blocks }) => {
        const bs = [...blocks.keys()];
        const texts = await this.store.textBlocks(field, bs);
        const verified = bs.map((b, i) =>
          blocks.get(b)!.filter((id) => {
            const at = id - first - b * per;
            const hay = texts[i]!.hays[at] ?? texts[i]!.texts[at]!.toLowerCase();
            return hay.includes(needle);
          }),
        );
        const ids = verified.flat();
        const refs = new Map<number, OccRef>();
        bs.forEach((b, i) => {
          for (const id of verified[i]!) refs.set(id, texts[i]!.occ[id - first - b * per]!);
        });
        for (const o of await this.store.occurrences(field, ids, refs))
          for (let j = 0; j < o.rows.length; j++) {
            if (!ctxOf.has(o.rows[j]!)) rows.push(o.rows[j]!);
            ctxOf.set(o.rows[j]!, o.ctx[j]!);
          }
      }),
    );
    const sorted = Uint32Array.from(rows).sort();
    return { rows: sorted, ctx: sorted.map((g) => ctxOf.get(g)!) };
  }

  /** A search's counts per configuration and first `limit` hits, or null when the index leaves it to DuckDB. */
  async search(
    f: StepSearch,
    shown: readonly TextField[],
    after: HitKey | null,
    limit: number,
  ): Promise<{ hits: StepHitRow[]; configs: SearchConfigRow[]; steps: number } | null> {
    // What every search reads once starts with the first request, beside the directory.
    const once = [...new Set([...fieldsOf(f.field), ...shown])].map((x) => this.store.blocks(x));
    const [m, runs, contexts] = await Promise.all([
      this.match(f.q, fieldsOf(f.field)),
      this.store.runs(),
      this.store.contexts(),
      ...once,
    ]);
    if (!m) return null;
    const kept = filterMatches(m, f, runs, contexts);
    const hits = await stepRowsOf(this.store, kept, runs, contexts, shown, after, limit);
    return { hits, configs: kept.configs, steps: kept.rows.length };
  }
}

/** Whether a context passes the search's step-level filters (sql.ts `ctx`). */
function contextPasses(c: GramContexts, x: number, f: StepSearch): boolean {
  if (f.kind && decodeAt(c.request_kind, x) !== f.kind) return false;
  if (f.tool && !(decodeAt(c.tools, x) ?? "").split(",").includes(f.tool)) return false;
  if (f.other && c.other_checkout[x] !== 1) return false;
  return true;
}

/** Whether a run passes the search's run-level filters (sql.ts runWhereSql). */
function runPasses(r: GramRuns, i: number, f: StepSearch): boolean {
  if (f.config && r.configs[r.config[i]!]!.id !== f.config) return false;
  if (f.condition && decodeAt(r.condition, i) !== f.condition) return false;
  if (f.group && decodeAt(r.task_group, i) !== f.group) return false;
  if (f.repo && decodeAt(r.repo, i) !== f.repo) return false;
  if (f.outcome && r.resolved[i] !== (f.outcome === "resolved" ? 1 : 0)) return false;
  return true;
}

/** The matches in the filters, with the run of each, and the counts per configuration (sql.ts searchByConfigSql). */
export function filterMatches(m: Matches, f: StepSearch, runs: GramRuns, contexts: GramContexts): Kept {
  const scope = runs.run_id.map((_, i) => runPasses(runs, i, f));
  const ctxPass = new Map<number, boolean>();
  const runOf = runsOf(m.rows, runs.start);
  const rows: number[] = [];
  const rowRuns: number[] = [];
  for (let i = 0; i < m.rows.length; i++) {
    const x = m.ctx[i]!;
    if (!ctxPass.has(x)) ctxPass.set(x, contextPasses(contexts, x, f));
    if (!scope[runOf[i]!] || !ctxPass.get(x)) continue;
    rows.push(m.rows[i]!);
    rowRuns.push(runOf[i]!);
  }
  const per = runs.configs.map((c) => ({ ...c, runs: 0, matching_runs: 0, matching_steps: 0 }));
  scope.forEach((ok, i) => ok && per[runs.config[i]!]!.runs++);
  rowRuns.forEach((r, i) => {
    const c = per[runs.config[r]!]!;
    c.matching_steps++;
    if (i === 0 || rowRuns[i - 1] !== r) c.matching_runs++;
  });
  const configs = per
    .filter((c) => c.runs > 0)
    .map((c) => ({
      config_id: c.id,
      display_name: c.name,
      matching_runs: c.matching_runs,
      matching_steps: c.matching_steps,
      runs: c.runs,
    }));
  return { rows: Uint32Array.from(rows), runs: Uint32Array.from(rowRuns), configs };
}
