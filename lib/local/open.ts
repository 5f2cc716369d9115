// Opening local results, whatever was picked: a release folder, a zip of one, or a single trajectory file.
// Runs in the worker (local.worker.ts) so that parsing never blocks the page; plain async code, so Node tests
// call it directly with Blobs.
import { rowsToArrowIPC } from "../data/arrow-ipc";
import { usageFromSteps } from "../data/import-harbor-usage";
import type { Config, Problem, ReleaseMeta, RequestUsage } from "../data/schema";
import { releaseTables, TABLES, type TableName } from "../data/tables";
import { readTrajectory } from "../trajectory/chain";
import type { Totals } from "../trajectory/model";
import { asAtif, detectTrajectoryFormat } from "../trajectory/swe-agent";
import { refuseBySize } from "../files/limits";
import { LIMIT_BYTES, parseRelease } from "./parse-release";
import { parseTrajectoryText } from "../trajectory/parse-text";
import { readText, releaseRoot, sourceOf, type InputFile } from "../files/source";
import { validateReleaseWith } from "../data/validate-core";

export interface LocalReleaseResult {
  kind: "release";
  label: string;
  /** The release folder within what was picked ("" or "dir/…/"): where the page later finds its trajectories. */
  root: string;
  meta: ReleaseMeta;
  configs: Config[];
  counts: { runs: number; sessions: number; focusTasks: number; trajectories: number; bytes: number };
  problems: Problem[];
  /** Arrow IPC stream bytes per table (lib/data/tables.ts, configs marked local), for DuckDB-WASM. */
  tables: Record<TableName, Uint8Array>;
}

export interface TrajectorySummary {
  name: string;
  format: "atif" | "swe-agent";
  schemaVersion: string | null;
  agent: { name: string | null; version: string | null; model: string | null };
  steps: number;
  /** Usage per user step (the k-th user step is the k-th request), as an import would count it. */
  requests: RequestUsage[];
  stepTotals: Totals;
  reported: Totals | null;
  warnings: { code: string; message: string }[];
}

export interface LocalTrajectoryResult {
  kind: "trajectory";
  label: string;
  summary: TrajectorySummary;
  problems: Problem[];
}

/** release.json was missing or unusable: nothing loads, the problems say why. */
export interface LocalInvalidResult {
  kind: "invalid";
  label: string;
  problems: Problem[];
}

export type LocalResult = LocalReleaseResult | LocalTrajectoryResult | LocalInvalidResult;

export interface OpenOptions {
  limit?: number;
  progress?: (message: string) => void;
}

export async function openLocal(input: readonly InputFile[], opts: OpenOptions = {}): Promise<LocalResult> {
  const limit = opts.limit ?? LIMIT_BYTES;
  if (input.length === 0) throw new Error("nothing was picked");
  const source = await sourceOf(input);
  const root = releaseRoot(source.files);
  if (root === null) {
    const single = source.files.length === 1 ? source.files[0]! : null;
    if (single && /\.(json|traj)$/i.test(single.path)) {
      refuseBySize(single.size, single.path, limit);
      opts.progress?.(`reading ${single.path}`);
      const text = await readText(await single.open(), limit, single.path);
      return openTrajectory(single.path, text, source.label);
    }
    throw new Error(
      `${source.label} holds no release.json: pick a release folder (release.json, tasks.jsonl, sessions.jsonl, configs.jsonl, runs.jsonl), a zip of one, or a single trajectory file (.json, .traj)`,
    );
  }
  const parsed = await parseRelease(source, root, limit, opts.progress);
  if (!parsed.release) return { kind: "invalid", label: source.label, problems: parsed.problems };
  opts.progress?.("validating");
  // The same validator as `npm run data:validate`; trajectory files are looked up among the files picked.
  const picked = new Set(source.files.map((f) => f.path));
  const problems = [
    ...parsed.problems,
    ...validateReleaseWith(parsed.release, { fileExists: (rel) => picked.has(`${root}${rel}`) }),
  ];
  opts.progress?.("building tables");
  const rows = releaseTables(parsed.release, { local: true });
  const tables = Object.fromEntries(
    (Object.keys(TABLES) as TableName[]).map((name) => [name, rowsToArrowIPC(TABLES[name].columns, rows[name])]),
  ) as Record<TableName, Uint8Array>;
  return {
    kind: "release",
    label: source.label,
    root,
    meta: parsed.release.meta,
    configs: parsed.release.configs,
    counts: {
      runs: parsed.release.runs.length,
      sessions: parsed.release.sessions.length,
      focusTasks: new Set(parsed.release.sessions.map((s) => s.focus_task_id)).size,
      trajectories: parsed.trajectories,
      bytes: parsed.bytes,
    },
    problems,
    tables,
  };
}

function openTrajectory(name: string, text: string, label: string): LocalTrajectoryResult {
  const raw = parseTrajectoryText(text, name);
  const format = detectTrajectoryFormat(raw);
  const t = readTrajectory(asAtif(raw, name), name);
  return {
    kind: "trajectory",
    label,
    problems: [],
    summary: {
      name,
      format: format === "swe-agent" ? "swe-agent" : "atif",
      schemaVersion: t.schemaVersion,
      agent: t.agent,
      steps: t.steps.length,
      requests: usageFromSteps(t.steps).lines,
      stepTotals: t.stepTotals,
      reported: t.reported,
      warnings: t.warnings.slice(0, 50).map((w) => ({ code: w.code, message: w.message })),
    },
  };
}
