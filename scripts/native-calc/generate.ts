// npx tsx scripts/native-calc/generate.ts [outDir]
// Writes the hand-made release e2e/fixtures/releases/nativecalc: trajcalc's alpha runs on the switched sessions s-N1
// and s-F1, once per native agent log format (Claude Code, Codex CLI, OpenHands, mini-swe-agent, Inspect) and once
// as alpha's own ATIF, the reference. Every rendering says what alpha's trajectory says (the same requests, model
// calls, tool calls, results and token counts); the Claude Code and Codex renderings of s-N1 add a message a person
// typed besides the schedule, so that requests must be found by their text. EXPECTED.md (written by hand) is kept.
// Deterministic: no clock, no randomness.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { configs, jsonl, patchPath, readJsonl, releaseJson, runOf, type Format } from "./release-files";
import { readAlpha, withTyped } from "./script";
import { claudeCodeLog } from "./write-claude-code";
import { codexLog } from "./write-codex";
import { inspectSample } from "./write-inspect";
import { inspectLog } from "./write-inspect-log";
import { miniSweAgentLog } from "./write-mini-swe-agent";
import { openHandsLog } from "./write-openhands";

const SOURCE = "e2e/fixtures/releases/trajcalc";
const SESSIONS = ["s-N1", "s-F1"];
/** Typed by a person after request 1 of s-N1 in the Claude Code and Codex renderings: no scheduled text. */
const TYPED = "please continue";
const INSPECT_LOG = "trajectories/inspect.eval";

const FORMATS: Format[] = [
  { configId: "atif", label: "ATIF (reference)", trajectory: (s) => `trajectories/atif.${s}.json` },
  { configId: "cc", label: "Claude Code log", trajectory: (s) => `trajectories/cc.${s}.jsonl` },
  { configId: "codex", label: "Codex CLI log", trajectory: (s) => `trajectories/codex.${s}.jsonl` },
  { configId: "oh", label: "OpenHands log", trajectory: (s) => `trajectories/oh.${s}.json` },
  { configId: "mini", label: "mini-swe-agent log", trajectory: (s) => `trajectories/mini.${s}.traj.json` },
  { configId: "inspect", label: "Inspect log", trajectory: (s) => `${INSPECT_LOG}#samples/${s}_epoch_1.json` },
];

type Raw = Record<string, unknown>;

async function main(out: string): Promise<void> {
  const alphaRuns = readJsonl(join(SOURCE, "runs.jsonl")).filter(
    (r) => r.config_id === "alpha" && SESSIONS.includes(String(r.session_id)),
  );
  const alphaConfig = readJsonl(join(SOURCE, "configs.jsonl")).find((c) => c.config_id === "alpha")!;
  rmSync(join(out, "trajectories"), { recursive: true, force: true });
  rmSync(join(out, "patches"), { recursive: true, force: true });
  mkdirSync(join(out, "trajectories"), { recursive: true });
  mkdirSync(join(out, "patches"), { recursive: true });
  writeFileSync(join(out, "release.json"), releaseJson(SOURCE));
  for (const file of ["tasks.jsonl", "sessions.jsonl"]) copyFileSync(join(SOURCE, file), join(out, file));
  writeFileSync(join(out, "configs.jsonl"), jsonl(configs(alphaConfig, FORMATS)));
  const runs = FORMATS.flatMap((f) => alphaRuns.map((r) => runOf(r, f)));
  writeFileSync(join(out, "runs.jsonl"), jsonl(runs));
  for (const run of runs) copyPatch(out, run, alphaRuns);
  const samples = alphaRuns.map((run) => writeLogs(out, run));
  const log = await inspectLog("nativecalc", String(alphaConfig.model), samples);
  writeFileSync(join(out, INSPECT_LOG), log);
  console.log(`wrote ${runs.length} runs (${FORMATS.length} configurations × ${alphaRuns.length} sessions) to ${out}`);
}

/** Every configuration submitted alpha's patch: the same diff under the run's own name. */
function copyPatch(out: string, run: Raw, alphaRuns: Raw[]): void {
  if (typeof run.patch !== "string") return;
  const alpha = alphaRuns.find((r) => r.session_id === run.session_id)!;
  copyFileSync(join(SOURCE, String(alpha.patch)), join(out, patchPath(String(run.run_id))));
}

/** The session's file in each plain format; returns its Inspect sample, which goes into the one .eval log. */
function writeLogs(out: string, alphaRun: Raw): Raw {
  const sessionId = String(alphaRun.session_id);
  const alphaFile = join(SOURCE, String(alphaRun.trajectory));
  const script = readAlpha(alphaFile, sessionId);
  const typed = sessionId === "s-N1" ? withTyped(script, 1, TYPED) : script;
  const path = (configId: string) => join(out, FORMATS.find((f) => f.configId === configId)!.trajectory(sessionId));
  copyFileSync(alphaFile, path("atif"));
  writeFileSync(path("cc"), claudeCodeLog(typed, `cc.${sessionId}`));
  writeFileSync(path("codex"), codexLog(typed, `codex.${sessionId}`));
  writeFileSync(path("oh"), openHandsLog(script, `oh.${sessionId}`));
  writeFileSync(path("mini"), miniSweAgentLog(script, `mini.${sessionId}`, submission(alphaRun)));
  return inspectSample(script, `inspect.${sessionId}`, score(alphaRun));
}

/** What mini-swe-agent's exit message says was submitted: the run's patch, or nothing when it names none. */
function submission(run: Raw): string {
  return typeof run.patch === "string" ? readFileSync(join(SOURCE, run.patch), "utf8") : "";
}

/** The verifier's score as the run's outcome has it: C when resolved, else I with the failure. */
function score(run: Raw): { value: string; explanation: string } {
  const tests = run.tests as { failed: string[] };
  if (run.resolved === true) return { value: "C", explanation: "resolved: every F2P and P2P test passed" };
  const failed = tests.failed.length ? `; failed: ${tests.failed.join(", ")}` : "";
  return { value: "I", explanation: `${String(run.failure_class)} (applied: ${String(run.applied)})${failed}` };
}

await main(process.argv[2] ?? "e2e/fixtures/releases/nativecalc");
