// The ATIF the sample generator emits: a stricter subset of the one model (lib/trajectory/atif.ts), which
// the viewer's reader reads every generated file through (scripts/sample/trajectory.test.ts). Only what we
// write is narrowed here.
import type {
  AtifAgentJson,
  AtifFinalMetricsJson,
  AtifMetricsJson,
  AtifObservationResultJson,
  AtifStepJson,
  AtifToolCallJson,
  AtifTrajectoryJson,
} from "../../lib/trajectory/atif";

export const ATIF_SCHEMA_VERSION = "ATIF-v1.6" as const;

export interface AtifToolCall extends AtifToolCallJson {
  arguments: Record<string, unknown>;
}

export interface AtifObservationResult extends AtifObservationResultJson {
  source_call_id: string;
  content: string;
}

export interface AtifStepMetrics extends AtifMetricsJson {
  prompt_tokens: number;
  completion_tokens: number;
  cached_tokens: number;
}

/** Where a user step sits in the session schedule; lets a viewer label a step without re-deriving it. */
export type AtifUserStepExtra = {
  request_position: number;
  task_id: string;
  stage: number | "submit";
  workspace: string;
};

export interface AtifUserStep extends AtifStepJson {
  timestamp: string;
  source: "user";
  message: string;
  extra: AtifUserStepExtra;
}

export interface AtifAgentStep extends AtifStepJson {
  timestamp: string;
  source: "agent";
  model_name: string;
  message: string;
  reasoning_content?: string;
  tool_calls?: AtifToolCall[];
  observation?: { results: AtifObservationResult[] };
  metrics: AtifStepMetrics;
}

export type AtifStep = AtifUserStep | AtifAgentStep;

export interface AtifFinalMetrics extends AtifFinalMetricsJson {
  total_prompt_tokens: number;
  total_completion_tokens: number;
  total_cached_tokens: number;
  /** Present only when every request's usage carried a cost. */
  total_cost_usd?: number;
  total_steps: number;
}

export interface AtifTrajectory extends AtifTrajectoryJson {
  schema_version: typeof ATIF_SCHEMA_VERSION;
  agent: AtifAgentJson & { model_name: string };
  steps: AtifStep[];
  notes: string;
  final_metrics: AtifFinalMetrics;
  extra: {
    synthetic: true;
    session_spec_id: string;
    condition: string;
    focus_task_id: string;
    seed: number;
  };
}
