// The trajectory as the viewer and the detectors see it, whatever ATIF version (v1.0–v1.8) it was written
// in. The reader fills these leniently: anything it could not read becomes a warning, never an exception.

export interface ToolCall {
  id: string;
  name: string;
  /** Arguments as written: usually an object; a string that was not JSON stays a string. */
  args: unknown;
  /**
   * The working directory the harness recorded for the step (`extra.cwd`: a native log's own record, e.g.
   * Claude Code's `cwd`), where the call ran when its arguments name none.
   */
  cwd?: string;
}

export interface SubagentRef {
  sessionId: string | null;
  /** v1.7+: the id of an embedded subagent trajectory (root `subagent_trajectories`). */
  trajectoryId: string | null;
  /** A file next to this one, when the subagent was written to its own file. */
  path: string | null;
  summary: string | null;
}

export interface ObservationResult {
  /** The tool call this result answers: from `source_call_id`, or paired by position when that is missing. */
  callId: string | null;
  pairedBy: "id" | "position" | null;
  content: string;
  subagents: SubagentRef[];
  /** The tool reported a failure (`extra.is_error`, which the native-log readers write; ATIF has no field). */
  isError: boolean;
}

export interface StepMetrics {
  /** Input tokens of the model call, cached input included (ATIF `prompt_tokens`). */
  prompt: number | null;
  completion: number | null;
  /** The cached part of `prompt`. */
  cached: number | null;
  cost: number | null;
}

export interface Step {
  /** 1-based position in the merged step list (continuations appended): the step number in URLs. */
  n: number;
  /** The ATIF `step_id` as written (continuation files start again at 1). */
  stepId: number | null;
  /** Which file of a continuation chain the step comes from (0: the main file). */
  file: number;
  source: string;
  timestamp: string | null;
  model: string | null;
  message: string;
  reasoning: string | null;
  toolCalls: ToolCall[];
  results: ObservationResult[];
  metrics: StepMetrics | null;
  /** Replayed context (`is_copied_context`): shown, but not counted again and not a new request. */
  copied: boolean;
  /** A sidechain (subagent) step written inline (Claude Code's `extra.is_sidechain`). */
  sidechain: boolean;
  extra: Record<string, unknown> | null;
}

export interface Totals {
  prompt: number;
  completion: number;
  cached: number;
  /** null when no step (or file) reported a cost. */
  cost: number | null;
  steps: number;
}

export interface TrajectoryWarning {
  code: string;
  message: string;
  /** The step (n) the warning is about, when it is about one. */
  step?: number;
  file?: string;
}

export interface SubTrajectory {
  /** How the parent names it: its trajectory_id, session_id or file path. */
  key: string;
  origin: "embedded" | "file";
  path: string | null;
  trajectory: Trajectory | null;
  error: string | null;
}

export interface Trajectory {
  schemaVersion: string | null;
  sessionId: string | null;
  trajectoryId: string | null;
  agent: { name: string | null; version: string | null; model: string | null };
  /** The files read, main file first, then continuations in order. */
  files: string[];
  steps: Step[];
  notes: string | null;
  /** Sum of the per-step metrics of steps that are not copied context. */
  stepTotals: Totals;
  /** What the trajectory reports in `final_metrics` (a chain counted once), when it reports anything. */
  reported: Totals | null;
  subagents: SubTrajectory[];
  extra: Record<string, unknown> | null;
  warnings: TrajectoryWarning[];
}
