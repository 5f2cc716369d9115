// SWE-agent's .traj converted to ATIF-shaped JSON, so that one reader (read-file.ts, chain.ts) serves it;
// the door (native/read-log.ts) tells the format and calls this.
import { isRecord, num, str } from "./values";

type Raw = Record<string, unknown>;

/**
 * One ATIF document from a SWE-agent run. The system prompt and the demonstrations become system steps, the
 * first real user message (the issue) the one user step (the run's one request), each `trajectory` entry an
 * agent step whose action is a tool call (`arguments.command`, so the viewer shows it as a command) and whose
 * observation is that call's result. SWE-agent keeps usage only for the whole run (`info.model_stats`), so it
 * becomes `final_metrics`; steps carry no metrics. The exit status and submitted patch close the run as a
 * system step. Everything not mapped is kept under `extra.swe_agent`.
 */
export function sweAgentToAtif(traj: Raw, name = "trajectory.traj"): Raw {
  const history = Array.isArray(traj.history) ? traj.history.filter(isRecord) : [];
  const entries = Array.isArray(traj.trajectory) ? traj.trajectory : [];
  const info = isRecord(traj.info) ? traj.info : {};
  const stats = isRecord(info.model_stats) ? info.model_stats : {};
  const steps: Raw[] = [];
  const push = (s: Raw) => steps.push({ step_id: steps.length + 1, ...s });

  const system = history.find((m) => m.role === "system");
  if (system) push({ source: "system", message: text(system.content), extra: { swe_agent: { role: "system" } } });
  const demos = history.filter((m) => m.is_demo === true);
  if (demos.length)
    push({
      source: "system",
      message: demos.map((m) => text(m.content)).join("\n\n"),
      extra: { swe_agent: { is_demo: true, messages: demos.length } },
    });
  const firstAssistant = history.findIndex((m) => m.role === "assistant");
  const task = history.find(
    (m, i) => m.role === "user" && m.is_demo !== true && (firstAssistant < 0 || i < firstAssistant),
  );
  push({ source: "user", message: task ? text(task.content) : `(${name} does not contain the task text)` });

  entries.forEach((raw, i) => {
    const e = isRecord(raw) ? raw : {};
    const id = `swe-agent-${i + 1}`;
    const action = str(e.action);
    const { action: _a, observation: _o, thought: _t, response: _r, ...rest } = e;
    const step: Raw = {
      source: "agent",
      message: str(e.thought) ?? str(e.response) ?? "",
      extra: {
        swe_agent: {
          ...rest,
          ...(str(e.response) !== null && str(e.response) !== str(e.thought) ? { response: e.response } : {}),
        },
      },
    };
    if (action !== null) {
      step.tool_calls = [
        { tool_call_id: id, function_name: "swe_agent_action", arguments: { command: action.replace(/\n$/, "") } },
      ];
      step.observation = { results: [{ source_call_id: id, content: str(e.observation) ?? "" }] };
    }
    const seconds = num(e.execution_time);
    if (seconds !== null) (step.extra as Raw).execution_time = seconds;
    push(step);
  });

  const exit = str(info.exit_status);
  const submission = str(info.submission);
  if (exit !== null || submission !== null) {
    push({
      source: "system",
      message: `SWE-agent exit status: ${exit ?? "unknown"}${submission ? `\n\nSubmitted patch:\n${submission}` : "\n\nNo patch was submitted."}`,
      extra: { swe_agent: { exit_status: exit } },
    });
  }
  const prompt = num(stats.tokens_sent);
  const completion = num(stats.tokens_received);
  const cost = num(stats.instance_cost) ?? num(stats.total_cost);
  return {
    schema_version: "ATIF-v1.6",
    session_id: str(info.instance_id) ?? name.replace(/\.traj$/, ""),
    agent: {
      name: "SWE-agent",
      version: str(info.swe_agent_version) ?? "unknown",
      model_name: str(info.model_name) ?? str(stats.model_name) ?? null,
    },
    notes: `Converted from SWE-agent .traj (${name}): usage is the run's total only.`,
    steps,
    final_metrics: {
      ...(prompt !== null ? { total_prompt_tokens: prompt } : {}),
      ...(completion !== null ? { total_completion_tokens: completion } : {}),
      ...(cost !== null ? { total_cost_usd: cost } : {}),
      total_steps: steps.length,
    },
    extra: {
      swe_agent: { environment: traj.environment ?? null, model_calls: num(stats.api_calls), exit_status: exit },
    },
  };
}

function text(v: unknown): string {
  if (typeof v === "string") return v;
  if (Array.isArray(v))
    return v
      .map((p) => (isRecord(p) && typeof p.text === "string" ? p.text : typeof p === "string" ? p : JSON.stringify(p)))
      .join("\n");
  return v === undefined || v === null ? "" : JSON.stringify(v);
}
