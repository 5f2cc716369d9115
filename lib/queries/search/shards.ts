// Where the steps index lives in public/data/<id>/ (docs/data-format.md, "Derived tables"): the search's three
// tables (lib/queries/search/index-tables.ts) as Arrow files under steps/, named by steps/index.json. step_index
// has one shard per configuration, so a search within one configuration downloads only its steps; step_texts
// one shard per field, so a search of commands never downloads the observations. The browser loads none of it
// until a search or the console asks.
import type { GramsManifest } from "./gram-files";
import { STEP_CONTEXTS, STEP_INDEX, STEP_RUNS, STEP_TEXTS, TEXT_FIELDS, type TextField } from "./index-tables";

export const STEPS_TABLE = "steps";
export const STEPS_MANIFEST = "steps/index.json";

export interface StepsFile {
  /** Relative to public/data/<id>/, e.g. "steps/03.arrow". */
  file: string;
  rows: number;
  bytes: number;
}

export interface StepsShard extends StepsFile {
  config_id: string;
}

export interface TextsShard extends StepsFile {
  field: TextField;
}

export interface StepsManifest {
  table: typeof STEPS_TABLE;
  /** Steps (rows of step_index, and of the flat steps table). */
  rows: number;
  /** step_index, one shard per configuration in config_id order. */
  shards: StepsShard[];
  /** step_texts, field by field, each field in one or more parts (none over a few MB). */
  texts: TextsShard[];
  /** step_runs. */
  runs: StepsFile;
  /** step_contexts. */
  contexts: StepsFile;
  /** Distinct tool names (lib/queries/search/sql.ts SEARCH_TOOLS_SQL), for the search's tool filter. */
  tools: string[];
  /** steps.parquet beside the shards (the flat table), for download. */
  parquetBytes: number;
  /** The literal search's n-gram index (docs/search.md); null in an index built before it. */
  grams: GramsManifest | null;
}

export const STEPS_TABLES = { index: STEP_INDEX, texts: STEP_TEXTS, runs: STEP_RUNS, contexts: STEP_CONTEXTS } as const;

export function stepsShardFile(i: number): string {
  return `steps/${String(i).padStart(2, "0")}.arrow`;
}

export function textsShardFile(field: TextField, part: number): string {
  return `steps/texts-${field}-${part}.arrow`;
}

export const STEP_RUNS_FILE = "steps/runs.arrow";
export const STEP_CONTEXTS_FILE = "steps/contexts.arrow";

/** The step_index shards a search needs: those of the configurations it is limited to, or all of them. */
export function shardsFor(manifest: StepsManifest, configs: readonly string[]): StepsShard[] {
  if (configs.length === 0) return manifest.shards;
  const want = new Set(configs);
  return manifest.shards.filter((s) => want.has(s.config_id));
}

/** The text shards of the given fields, in the manifest's order. */
export function textsFor(manifest: StepsManifest, fields: readonly TextField[]): TextsShard[] {
  const want = new Set(fields);
  return manifest.texts.filter((t) => want.has(t.field));
}

/** Texts every search result shows; observations (the largest part) load only for a search that matches in them. */
export const SHOWN_TEXTS: readonly TextField[] = ["command", "paths", "message"];

/** The text fields a search loads: those shown, and those it matches in. */
export function textFieldsFor(matched: readonly TextField[]): TextField[] {
  return TEXT_FIELDS.filter((f) => SHOWN_TEXTS.includes(f) || matched.includes(f));
}

/** Every file a search needs: step_runs, step_contexts, the texts it loads and its configurations' shards. */
export function searchFiles(
  manifest: StepsManifest,
  configs: readonly string[],
  matched: readonly TextField[],
): { fields: TextField[]; texts: TextsShard[]; shards: StepsShard[]; files: StepsFile[] } {
  const fields = textFieldsFor(matched);
  const texts = textsFor(manifest, fields);
  const shards = shardsFor(manifest, configs);
  return { fields, texts, shards, files: [manifest.runs, manifest.contexts, ...texts, ...shards] };
}
