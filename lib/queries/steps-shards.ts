// Where the steps index lives in public/data/<id>/ (docs/data-format.md, "Derived tables"): one Arrow shard
// per configuration under steps/, named by steps/index.json, so a search within one configuration downloads
// only that configuration's steps, and the browser loads none of it until a search or the console asks.
export const STEPS_TABLE = "steps";
export const STEPS_MANIFEST = "steps/index.json";

export interface StepsShard {
  /** Relative to public/data/<id>/, e.g. "steps/03.arrow". */
  file: string;
  config_id: string;
  rows: number;
  bytes: number;
}

export interface StepsManifest {
  table: typeof STEPS_TABLE;
  rows: number;
  shards: StepsShard[];
  /** Distinct tool names (lib/queries/step-search.ts SEARCH_TOOLS_SQL), for the search's tool filter. */
  tools: string[];
  /** steps.parquet beside the shards, for download. */
  parquetBytes: number;
}

export function stepsShardFile(i: number): string {
  return `steps/${String(i).padStart(2, "0")}.arrow`;
}

/** The shards a search needs: those of the configurations it is limited to, or all of them. */
export function shardsFor(manifest: StepsManifest, configs: readonly string[]): StepsShard[] {
  if (configs.length === 0) return manifest.shards;
  const want = new Set(configs);
  return manifest.shards.filter((s) => want.has(s.config_id));
}
