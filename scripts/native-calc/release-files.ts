// The release's own records, taken over from trajcalc: release.json renamed, tasks and sessions as they are, one
// configuration per log format (alpha's fields, a new id and name), and per configuration alpha's switched runs
// (outcome, tests, usage, patch) naming that format's file.
import { readFileSync } from "node:fs";
import { join } from "node:path";

type Raw = Record<string, unknown>;

export interface Format {
  configId: string;
  /** What the configuration's display name says after the model. */
  label: string;
  /** The run's `trajectory` for a session. */
  trajectory: (sessionId: string) => string;
}

export function readJsonl(file: string): Raw[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Raw);
}

export function jsonl(records: Raw[]): string {
  return records.map((r) => JSON.stringify(r)).join("\n") + "\n";
}

export function releaseJson(source: string): string {
  const release = JSON.parse(readFileSync(join(source, "release.json"), "utf8")) as Raw;
  const out = {
    ...release,
    release_id: "nativecalc",
    title: "Trajectory explorer test release: native agent logs (hand-made, synthetic)",
    synthetic: true,
    provenance:
      "Tiny hand-made release: trajcalc's alpha runs on s-N1 and s-F1 rendered in five native agent log formats " +
      "(written by scripts/native-calc/generate.ts) and as ATIF; every step, request and tag is listed in " +
      "e2e/fixtures/releases/nativecalc/EXPECTED.md.",
  };
  return JSON.stringify(out, null, 1) + "\n";
}

export function configs(alpha: Raw, formats: Format[]): Raw[] {
  return formats.map((f) => ({
    ...alpha,
    config_id: f.configId,
    display_name: `${String(alpha.model)} / ${f.label}`,
  }));
}

/** Alpha's run of a session as the run of another configuration: same outcome, its own trajectory and patch. */
export function runOf(alpha: Raw, format: Format): Raw {
  const sessionId = String(alpha.session_id);
  const runId = `${format.configId}.${sessionId}`;
  const out: Raw = { ...alpha, run_id: runId, config_id: format.configId, trajectory: format.trajectory(sessionId) };
  if (typeof alpha.patch === "string") out.patch = patchPath(runId);
  return out;
}

export function patchPath(runId: string): string {
  return `patches/${runId}.diff`;
}
