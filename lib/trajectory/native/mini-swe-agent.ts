// mini-swe-agent's trajectory file (`<instance>.traj.json`: {info, messages, trajectory_format}) as one ATIF
// document. The messages become steps (mini-swe-agent-steps.ts); `info` gives the run's cost, its exit status
// and submitted patch, the model configured and the agent's version. mini-swe-agent reports no token totals:
// final_metrics' token fields are the sum of the responses' usage, said so in final_metrics.extra.
import type { AtifFinalMetricsJson, AtifStepJson, AtifTrajectoryJson } from "../atif";
import { isRecord, num, str } from "../values";
import { exitStep, walkMessages, type MiniWalk } from "./mini-swe-agent-steps";
import type { Converted, ReaderNote } from "./types";

type Raw = Record<string, unknown>;

const INFO_FIELDS = new Set(["model_stats", "config", "mini_version", "exit_status", "submission"]);
const TOP_FIELDS = new Set(["info", "messages", "trajectory_format", "instance_id"]);

export function isMiniSweAgent(input: unknown): boolean {
  if (!isRecord(input)) return false;
  const format = str(input.trajectory_format);
  if (format !== null) return format.startsWith("mini-swe-agent");
  return Array.isArray(input.messages) && isRecord(input.info) && typeof input.info.mini_version === "string";
}

export function miniSweAgentToAtif(input: unknown, name: string): Converted {
  const traj = isRecord(input) ? input : {};
  const info = isRecord(traj.info) ? traj.info : {};
  const notes: ReaderNote[] = [];
  if (!Array.isArray(traj.messages))
    notes.push({ code: "mini_swe_agent.messages", message: "the file has no messages list; no steps" });
  const walk = walkMessages(Array.isArray(traj.messages) ? traj.messages : []);
  notes.push(...walk.notes);
  const submission = closeRun(walk, info, notes);
  const configured = configuredModel(info);
  notes.push(...modelNotes(configured, walk.responseModels));
  const format = str(traj.trajectory_format);
  const atif: AtifTrajectoryJson = {
    schema_version: "ATIF-v1.6",
    session_id: str(traj.instance_id) ?? name.replace(/^.*\//, "").replace(/\.traj(\.json)?$|\.json$/, ""),
    agent: {
      name: "mini-swe-agent",
      version: str(info.mini_version) ?? "unknown",
      ...(modelName(configured, walk) ? { model_name: modelName(configured, walk)! } : {}),
    },
    notes: `Converted from mini-swe-agent ${format ?? "trajectory"} (${name}).`,
    steps: walk.steps,
    final_metrics: finalMetrics(walk.steps, info),
    extra: { mini_swe_agent: runExtra(traj, info, submission) },
  };
  return { atif, notes, skipped: walk.skipped };
}

/**
 * The exit message (v1.1) already closed the run; a file without one (v1) closes with `info`'s exit status.
 * The patch kept is the exit message's, else `info.submission`; when both exist and differ, both are shown.
 */
function closeRun(walk: MiniWalk, info: Raw, notes: ReaderNote[]): { submission: string; info_submission?: string } {
  const fromInfo = str(info.submission);
  const status = str(info.exit_status);
  if (!walk.exit) {
    if (status !== null || fromInfo !== null) {
      const step = exitStep(status ?? "unknown", fromInfo);
      walk.steps.push({ step_id: walk.steps.length + 1, ...step });
    }
    return { submission: fromInfo ?? "" };
  }
  const submission = str(walk.exit.submission) ?? "";
  if (fromInfo === null || fromInfo === submission) return { submission };
  notes.push({
    code: "mini_swe_agent.submission_differs",
    message:
      "info.submission differs from the exit message's submission (rewritten after the run?); the exit step shows both",
  });
  const last = walk.steps.findLast(
    (s) => isRecord(s.extra) && isRecord(s.extra.mini_swe_agent) && s.extra.mini_swe_agent.kind === "exit",
  );
  if (last) {
    last.message = `${String(last.message)}\n\ninfo.submission differs:\n${fromInfo}`;
    (last.extra!.mini_swe_agent as Raw).info_submission = fromInfo;
  }
  return { submission, info_submission: fromInfo };
}

function configuredModel(info: Raw): string | null {
  const config = isRecord(info.config) ? info.config : {};
  const model = isRecord(config.model) ? config.model : {};
  return str(model.model_name) ?? (typeof config.model === "string" ? config.model : null);
}

function modelName(configured: string | null, walk: MiniWalk): string | null {
  return configured ?? [...walk.responseModels.keys()][0] ?? null;
}

/** A provider answering under another name than the one configured is worth knowing, not an error. */
function modelNotes(configured: string | null, seen: Map<string, number>): ReaderNote[] {
  if (configured === null) return [];
  const others = [...seen].filter(([m]) => m !== configured && !configured.endsWith(`/${m}`));
  if (others.length === 0) return [];
  const named = others.map(([m, n]) => `"${m}" (${n} response${n === 1 ? "" : "s"})`).join(", ");
  return [
    {
      code: "mini_swe_agent.model_differs",
      message: `info.config.model.model_name is "${configured}", the responses name ${named}`,
    },
  ];
}

function finalMetrics(steps: AtifStepJson[], info: Raw): AtifFinalMetricsJson {
  const stats = isRecord(info.model_stats) ? info.model_stats : {};
  const cost = num(stats.instance_cost);
  const apiCalls = num(stats.api_calls);
  const used = steps.filter((s) => s.metrics);
  const sum = (f: "prompt_tokens" | "completion_tokens" | "cached_tokens") =>
    used.reduce((a, s) => a + (s.metrics![f] ?? 0), 0);
  return {
    ...(used.length
      ? {
          total_prompt_tokens: sum("prompt_tokens"),
          total_completion_tokens: sum("completion_tokens"),
          total_cached_tokens: sum("cached_tokens"),
        }
      : {}),
    ...(cost !== null ? { total_cost_usd: cost } : {}),
    total_steps: steps.length,
    extra: {
      mini_swe_agent: {
        ...(apiCalls !== null ? { api_calls: apiCalls } : {}),
        ...(used.length ? { token_totals: `sum of ${used.length} responses' usage (the log reports none)` } : {}),
      },
    },
  };
}

function runExtra(traj: Raw, info: Raw, submission: { submission: string; info_submission?: string }): Raw {
  const config = isRecord(info.config) ? info.config : {};
  const environment = isRecord(config.environment) ? config.environment : {};
  const infoExtra = Object.fromEntries(Object.entries(info).filter(([k]) => !INFO_FIELDS.has(k)));
  const topExtra = Object.fromEntries(Object.entries(traj).filter(([k]) => !TOP_FIELDS.has(k)));
  return {
    trajectory_format: traj.trajectory_format ?? null,
    instance_id: traj.instance_id ?? null,
    exit_status: info.exit_status ?? null,
    ...submission,
    model_stats: info.model_stats ?? null,
    config: {
      agent_type: config.agent_type ?? null,
      model_type: config.model_type ?? null,
      environment_type: config.environment_type ?? null,
      ...(str(environment.image) ? { environment_image: environment.image } : {}),
    },
    ...(Object.keys(infoExtra).length ? { info_extra: infoExtra } : {}),
    ...(Object.keys(topExtra).length ? { top_level_extra: topExtra } : {}),
  };
}
