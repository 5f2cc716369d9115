// A sample run's trajectory as the release stores it (an archive entry, docs/data-format.md "Trajectories"),
// read in Node with the project's archive reader: the expected values of a browser test come from the file
// on disk, never from the page's own code path.
import { readFileSync } from "node:fs";
import { ArchiveCache, readReleaseFile } from "../lib/archive/read-node";
import { parseFileRef } from "../lib/archive/ref";

export const SAMPLE = "data/releases/sample";

interface RunLine {
  run_id: string;
  config_id: string;
  session_id: string;
  trajectory?: string;
}

let runs: Map<string, RunLine> | null = null;
export function sampleRuns(): Map<string, RunLine> {
  runs ??= new Map(
    readFileSync(`${SAMPLE}/runs.jsonl`, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as RunLine)
      .map((r) => [r.run_id, r]),
  );
  return runs;
}

const archives = new ArchiveCache();

/** The run's trajectory reference in runs.jsonl. */
export function sampleRef(runId: string): string {
  const ref = sampleRuns().get(runId)?.trajectory;
  if (!ref) throw new Error(`sample run ${runId} names no trajectory`);
  return ref;
}

/** The published archive URL path of a sample run (what the page's range requests go to). */
export function sampleArchivePath(runId: string): string {
  const r = parseFileRef(sampleRef(runId));
  if (r.kind !== "entry") throw new Error(`${runId}: not an archive entry`);
  return `/data/sample/${r.archive}`;
}

export async function sampleTrajectoryText(runId: string): Promise<string> {
  return new TextDecoder().decode(await readReleaseFile(SAMPLE, sampleRef(runId), archives));
}

export async function sampleTrajectory<T>(runId: string): Promise<T> {
  return JSON.parse(await sampleTrajectoryText(runId)) as T;
}
