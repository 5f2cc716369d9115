// The one model of an ATIF file (Harbor's Agent Trajectory Interchange Format, v1.0–v1.8; docs/data-format.md,
// "Trajectories"): the JSON shape as its versions write it, every version a subset of v1.8. Three parts of the
// project meet it: the reader (read-file.ts, read-step.ts) reads any file through `Lenient<…>` views of these
// types, so a field it names is a field of the model and nothing is trusted to have its type; the Harbor
// importer writes merged files of this shape (lib/data/import-harbor-trajectory.ts); the sample generator
// writes a stricter subset (scripts/sample/trajectory-atif.ts extends these types) and is checked by this reader.

/** Versions the reader knows; others are read anyway, with a warning. */
export const KNOWN_VERSIONS = /^ATIF-v1\.[0-8]$/;

/** Text, or (some exporters) a list of content parts. */
export type AtifContentJson = string | readonly unknown[];

export interface AtifAgentJson {
  name: string;
  version: string;
  model_name?: string;
  extra?: Record<string, unknown>;
}

export interface AtifToolCallJson {
  tool_call_id: string;
  function_name: string;
  /** An object; some exporters write its JSON text. */
  arguments: Record<string, unknown> | string;
}

/** A subagent's trajectory named by an observation result: one object (v1.2–v1.6) or a list (v1.7+). */
export interface AtifSubagentRefJson {
  session_id?: string;
  trajectory_id?: string;
  trajectory_path?: string;
  extra?: Record<string, unknown>;
}

export interface AtifObservationResultJson {
  /** Absent in v1.0 files: results then answer the step's calls in order. */
  source_call_id?: string | null;
  content?: AtifContentJson | null;
  subagent_trajectory_ref?: AtifSubagentRefJson | AtifSubagentRefJson[] | null;
  /** `is_error: true` marks a failed tool call (written by lib/trajectory/native readers). */
  extra?: Record<string, unknown>;
}

export interface AtifMetricsJson {
  /** Input tokens of this model call, cached input included. */
  prompt_tokens?: number;
  completion_tokens?: number;
  /** The cached part of prompt_tokens. */
  cached_tokens?: number;
  cost_usd?: number;
  extra?: Record<string, unknown>;
}

export interface AtifStepJson {
  step_id: number;
  timestamp?: string;
  source: "user" | "agent" | "system";
  model_name?: string;
  message: AtifContentJson;
  reasoning_content?: AtifContentJson | null;
  tool_calls?: AtifToolCallJson[];
  observation?: { results: AtifObservationResultJson[] };
  metrics?: AtifMetricsJson;
  /** v1.5+: context carried over from an earlier file of the chain, not new work. */
  is_copied_context?: boolean;
  extra?: Record<string, unknown>;
}

export interface AtifFinalMetricsJson {
  total_prompt_tokens?: number;
  total_completion_tokens?: number;
  total_cached_tokens?: number;
  total_cost_usd?: number;
  total_steps?: number;
  extra?: Record<string, unknown>;
}

export interface AtifTrajectoryJson {
  schema_version: string;
  session_id: string;
  trajectory_id?: string;
  agent: AtifAgentJson;
  steps: AtifStepJson[];
  notes?: string;
  final_metrics?: AtifFinalMetricsJson;
  /** The file continuing this one (a long run split by its harness). */
  continued_trajectory_ref?: string;
  /** v1.7+: subagents embedded in the root file. */
  subagent_trajectories?: AtifTrajectoryJson[];
  extra?: Record<string, unknown>;
}

/** What an untrusted file may hold under the model's field names: any value, or none. */
export type Lenient<T> = { [K in keyof T]?: unknown };
