// Builds the search's n-gram index from the steps index's four tables (docs/search.md): the text blocks,
// occurrences and postings (gram-build-texts.ts), the step rows as fixed-width records, and the runs and
// contexts as small JSON. Pure: scripts/build/steps-shards.ts hands it the tables' rows and writes the files.
import { GRAM, KEY_BITS } from "./gram-codec";
import { fieldBlocks, postings, type Compress, type GramText } from "./gram-build-texts";
import {
  codeColumn,
  gramFile,
  PART_BYTES,
  ROW_BYTES,
  ROW_FIELDS,
  type GramContexts,
  type GramField,
  type GramRuns,
  type GramsManifest,
} from "./gram-files";
import { TEXT_FIELDS } from "./index-tables";

/** step_index's columns, one entry per step in (run, step) order; -1 for a missing position or text. */
export type GramStepColumns = Record<"run" | (typeof ROW_FIELDS)[number], Int32Array>;

/** A row of step_runs, in `run` order. */
export interface GramRunRow {
  run_id: string;
  config_id: string;
  display_name: string;
  condition: string;
  task_group: string;
  focus_task_id: string;
  repo: string | null;
  resolved: boolean | null;
}

/** A row of step_contexts, in `ctx` order. */
export interface GramContextRow {
  request_kind: string | null;
  task_id: string | null;
  checkout: string | null;
  other_checkout: boolean | null;
  source: string | null;
  tools: string | null;
}

export interface GramInput {
  /** step_texts, the index of each its id. */
  texts: readonly GramText[];
  steps: GramStepColumns;
  runs: readonly GramRunRow[];
  contexts: readonly GramContextRow[];
}

const encoder = new TextEncoder();

/** For each text id, the step rows holding it (counting sort over the four id columns). */
function occurrences(steps: GramStepColumns, texts: number): (id: number) => Uint32Array {
  const n = steps.step.length;
  const cols = [steps.command_id, steps.paths_id, steps.message_id, steps.observation_id];
  const at = new Uint32Array(texts + 1);
  for (const c of cols) for (let g = 0; g < n; g++) if (c[g]! >= 0) at[c[g]! + 1]!++;
  for (let i = 0; i < texts; i++) at[i + 1]! += at[i]!;
  const rows = new Uint32Array(at[texts]!);
  const fill = at.slice(0, texts);
  // Row by row, so each text's rows come out ascending.
  for (let g = 0; g < n; g++) for (const c of cols) if (c[g]! >= 0) rows[fill[c[g]!]!++] = g;
  return (id) => rows.subarray(at[id], at[id + 1]);
}

function runsJson(runs: readonly GramRunRow[], run: Int32Array): GramRuns {
  const configs: GramRuns["configs"] = [];
  const configIndex = new Map<string, number>();
  const config = runs.map((r) => {
    let c = configIndex.get(r.config_id);
    if (c === undefined) {
      c = configs.length;
      configIndex.set(r.config_id, c);
      configs.push({ id: r.config_id, name: r.display_name });
    }
    return c;
  });
  const start = new Array<number>(runs.length + 1).fill(run.length);
  for (let g = run.length - 1; g >= 0; g--) start[run[g]!] = g;
  for (let i = runs.length - 1; i >= 0; i--) start[i] = Math.min(start[i]!, start[i + 1]!);
  return {
    configs,
    run_id: runs.map((r) => r.run_id),
    config,
    condition: codeColumn(runs.map((r) => r.condition)),
    task_group: codeColumn(runs.map((r) => r.task_group)),
    focus_task_id: codeColumn(runs.map((r) => r.focus_task_id)),
    repo: codeColumn(runs.map((r) => r.repo)),
    resolved: runs.map((r) => (r.resolved === null ? -1 : r.resolved ? 1 : 0)),
    start: start.slice(0, runs.length),
  };
}

function contextsJson(rows: readonly GramContextRow[]): GramContexts {
  return {
    request_kind: codeColumn(rows.map((r) => r.request_kind)),
    task_id: codeColumn(rows.map((r) => r.task_id)),
    checkout: codeColumn(rows.map((r) => r.checkout)),
    other_checkout: rows.map((r) => (r.other_checkout ? 1 : 0)),
    source: codeColumn(rows.map((r) => r.source)),
    tools: codeColumn(rows.map((r) => r.tools)),
  };
}

function stepRows(steps: GramStepColumns, files: Map<string, Uint8Array>): GramsManifest["rows"] {
  const n = steps.step.length;
  const perFile = Math.floor(PART_BYTES / ROW_BYTES);
  const out: GramsManifest["rows"] = { files: [], perFile, count: n };
  for (let lo = 0, p = 0; lo < n || (n === 0 && p === 0); lo += perFile, p++) {
    const hi = Math.min(n, lo + perFile);
    const buf = new Uint8Array((hi - lo) * ROW_BYTES);
    const view = new DataView(buf.buffer);
    for (let g = lo; g < hi; g++)
      ROW_FIELDS.forEach((c, j) => view.setInt32((g - lo) * ROW_BYTES + j * 4, steps[c][g]!, true));
    const name = gramFile(`rows-${p}.bin`);
    files.set(name, buf);
    out.files.push(name);
    if (n === 0) break;
  }
  return out;
}

const ID_COLUMNS = ["command_id", "paths_id", "message_id", "observation_id"] as const;

/**
 * The index numbers texts its own way: within each field (fields stay in step_texts' order, each one range),
 * by the first step row holding them, so the texts of neighbouring steps (a page of hits) share blocks. Hits
 * carry no text id, so the numbering is the index's own. Returns the texts in the new order and the step
 * columns with their ids renumbered.
 */
function renumbered(texts: readonly GramText[], steps: GramStepColumns): { texts: GramText[]; steps: GramStepColumns } {
  const first = new Float64Array(texts.length).fill(Infinity);
  for (const c of ID_COLUMNS)
    for (let g = steps.step.length - 1; g >= 0; g--) if (steps[c][g]! >= 0) first[steps[c][g]!] = g;
  const order = texts.map((_, i) => i);
  const fieldRank = (i: number) => TEXT_FIELDS.indexOf(texts[i]!.field);
  order.sort((a, b) => fieldRank(a) - fieldRank(b) || first[a]! - first[b]! || a - b);
  const newId = new Int32Array(texts.length);
  order.forEach((old, i) => (newId[old] = i));
  const out = { ...steps };
  for (const c of ID_COLUMNS) out[c] = steps[c].map((id) => (id < 0 ? id : newId[id]!));
  return { texts: order.map((i) => texts[i]!), steps: out };
}

/** Every file of the index (relative to public/data/<id>/) and the manifest naming them. */
export function buildGrams(
  input: GramInput,
  compress: Compress,
): { manifest: GramsManifest; files: Map<string, Uint8Array> } {
  const { texts, steps } = renumbered(input.texts, input.steps);
  const files = new Map<string, Uint8Array>();
  const occ = occurrences(steps, texts.length);
  const fields: GramField[] = [];
  for (const field of TEXT_FIELDS) {
    let first = texts.findIndex((t) => t.field === field);
    if (first < 0) first = texts.length;
    let end = first;
    while (end < texts.length && texts[end]!.field === field) end++;
    const stray = texts.findIndex((t, i) => t.field === field && (i < first || i >= end));
    if (stray >= 0) throw new Error(`step_texts id ${stray} (${field}): a field's ids must be one range`);
    const { meta, blocks } = fieldBlocks(texts, field, first, end - first, occ, (g) => steps.ctx[g]!, compress, files);
    files.set(meta.blocks, encoder.encode(JSON.stringify(blocks)));
    fields.push(meta);
  }
  const { dir, parts } = postings(texts, files);
  const runs = gramFile("runs.json");
  const contexts = gramFile("contexts.json");
  files.set(runs, encoder.encode(JSON.stringify(runsJson(input.runs, steps.run))));
  files.set(contexts, encoder.encode(JSON.stringify(contextsJson(input.contexts))));
  const manifest: GramsManifest = {
    keyBits: KEY_BITS,
    gram: GRAM,
    dir,
    postings: parts,
    fields,
    rows: stepRows(steps, files),
    runs,
    contexts,
  };
  return { manifest, files };
}
