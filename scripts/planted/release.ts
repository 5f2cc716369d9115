// Plays every assigned run and writes the release (records, trajectories, patches) and the ground truth.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { assignments, type Assignment } from "./catalog";
import type { RunCtx } from "./flow";
import { INTERFERENCE, LOSS, type Outcome, type Played } from "./form";
import { playClean } from "./forms-look";
import { newRun } from "./play";
import {
  ALL_TASKS,
  CONFIGS,
  RELEASE,
  SESSIONS,
  SUBMIT_TEXT,
  sessionRecord,
  taskRecord,
  type ConfigDef,
} from "./records";
import type { Signature, Style } from "./types";

export interface TruthLine {
  run_id: string;
  signature: Signature;
  form: string;
  planted: boolean;
  tool_style: Style;
  position: number;
  evidence_steps: number[];
  what: string;
}

function jsonl(records: unknown[]): string {
  return records.map((r) => JSON.stringify(r)).join("\n") + "\n";
}

function outcomeFields(o: Outcome, ctx: RunCtx): Record<string, unknown> {
  const expectFinal = o.kind !== "incomplete";
  if (expectFinal !== ctx.finalized) throw new Error(`outcome ${o.kind} but finalized=${ctx.finalized}`);
  if ((o.kind === "resolved" || o.kind === "implementation") && ctx.submission === null)
    throw new Error(`outcome ${o.kind} without a patch`);
  const tests = o.kind === "implementation" ? { failed: o.failed, missing: o.missing } : { failed: [], missing: [] };
  return {
    finalized: o.kind !== "incomplete",
    applied: o.kind === "resolved" || o.kind === "implementation",
    resolved: o.kind === "resolved",
    failure_class: o.kind === "resolved" ? null : o.kind,
    tests,
  };
}

function truthLines(a: Assignment, runId: string, played: Played): TruthLine[] {
  const line = (signature: Signature, form: string, planted: boolean, what: string): TruthLine => ({
    run_id: runId,
    signature,
    form,
    planted,
    tool_style: a.style,
    position: played.position,
    evidence_steps: played.evidence,
    what,
  });
  if (!a.form) return [LOSS, INTERFERENCE].map((signature) => line(signature, "clean", false, played.what));
  const lines = [line(a.form.signature, a.form.id, a.form.planted, played.what)];
  if (a.form.planted && a.form.signature === INTERFERENCE) {
    const what = `Not requirement-state loss: ${played.what.charAt(0).toLowerCase()}${played.what.slice(1)}`;
    lines.push(line(LOSS, a.form.id, false, what));
  }
  return lines;
}

function writeRun(
  dir: string,
  a: Assignment,
  config: ConfigDef,
  runId: string,
  index: number,
): { record: Record<string, unknown>; truth: TruthLine[] } {
  const session = SESSIONS.find((s) => s.focus.id === a.task.id && s.condition === a.condition)!;
  const ctx = newRun(session, a.style, runId, SUBMIT_TEXT, index * 3);
  const played = a.form ? a.form.play(ctx, a.variant) : playClean(ctx, a.variant);
  if (played.position < 0 || played.evidence.some((s) => !(s > 0))) throw new Error(`${runId}: evidence not recorded`);
  const trajectory = {
    schema_version: "ATIF-v1.6",
    session_id: runId,
    agent: { ...config.agent, model_name: "synthetic planted" },
    steps: ctx.story.steps,
    final_metrics: ctx.story.finalMetrics(),
  };
  writeFileSync(join(dir, "trajectories", `${runId}.json`), JSON.stringify(trajectory, null, 1) + "\n");
  const record: Record<string, unknown> = {
    run_id: runId,
    config_id: config.config_id,
    session_id: session.session_id,
    repeat: 0,
  };
  Object.assign(record, outcomeFields(played.outcome, ctx));
  record.usage = ctx.story.usage().sort((x, y) => x.position - y.position);
  record.trajectory = `trajectories/${runId}.json`;
  if (ctx.finalized && ctx.submission !== null) {
    writeFileSync(join(dir, "patches", `${runId}.diff`), ctx.submission);
    record.patch = `patches/${runId}.diff`;
  }
  return { record, truth: truthLines(a, runId, played) };
}

export function generate(dir: string, truthFile: string): { runs: number; truth: number } {
  mkdirSync(join(dir, "trajectories"), { recursive: true });
  mkdirSync(join(dir, "patches"), { recursive: true });
  writeFileSync(join(dir, "release.json"), JSON.stringify(RELEASE, null, 2) + "\n");
  writeFileSync(join(dir, "tasks.jsonl"), jsonl(ALL_TASKS.map(taskRecord)));
  writeFileSync(join(dir, "sessions.jsonl"), jsonl(SESSIONS.map(sessionRecord)));
  writeFileSync(join(dir, "configs.jsonl"), jsonl(CONFIGS.map((c) => c.record)));
  const repeats = new Map<string, number>();
  const runs: Record<string, unknown>[] = [];
  const truth: TruthLine[] = [];
  assignments().forEach((a, index) => {
    const config = CONFIGS.find((c) => c.style === a.style)!;
    const sessionId = `${a.task.id}-${a.condition}`;
    const repeat = repeats.get(`${config.config_id}/${sessionId}`) ?? 0;
    repeats.set(`${config.config_id}/${sessionId}`, repeat + 1);
    const runId = `${config.config_id}.${sessionId}.${repeat}`;
    const { record, truth: lines } = writeRun(dir, a, config, runId, index);
    record.repeat = repeat;
    runs.push(record);
    truth.push(...lines);
  });
  writeFileSync(join(dir, "runs.jsonl"), jsonl(runs));
  mkdirSync(join(truthFile, ".."), { recursive: true });
  writeFileSync(truthFile, jsonl(truth));
  return { runs: runs.length, truth: truth.length };
}
