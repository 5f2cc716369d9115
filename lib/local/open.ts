// Opening local results, whatever was picked: a release folder, a zip of one, or a single trajectory file.
// Runs in the worker (local.worker.ts) so that parsing never blocks the page; plain async code, so Node tests
// call it directly with Blobs.
import { rowsToArrowIPC } from "../data/arrow-ipc";
import type { Config, Problem, ReleaseMeta } from "../data/schema";
import { releaseTables, TABLES, type TableName } from "../data/tables";
import { refuseBySize } from "../files/limits";
import { LIMIT_BYTES, parseRelease } from "./parse-release";
import { openLogs, summarize, type LocalLogsResult, type TrajectorySummary } from "./open-logs";
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

/** release.json was missing or unusable: nothing loads, the problems say why. */
export interface LocalInvalidResult {
  kind: "invalid";
  label: string;
  problems: Problem[];
}

export type LocalResult = LocalReleaseResult | LocalLogsResult | LocalInvalidResult;

export interface OpenOptions {
  limit?: number;
  progress?: (message: string) => void;
  /** Agent logs' summaries as they are read, in batches (open-logs.ts), before the whole result. */
  onLogs?: (logs: TrajectorySummary[]) => void;
}

export async function openLocal(input: readonly InputFile[], opts: OpenOptions = {}): Promise<LocalResult> {
  const limit = opts.limit ?? LIMIT_BYTES;
  if (input.length === 0) throw new Error("nothing was picked");
  const source = await sourceOf(input);
  const root = releaseRoot(source.files);
  if (root === null) {
    const single = source.files.length === 1 ? source.files[0]! : null;
    // One file alone: its refusal is the answer (a folder of logs lists each refusal as a problem instead).
    if (single && source.kind === "file") {
      refuseBySize(single.size, single.path, limit);
      opts.progress?.(`reading ${single.path}`);
      return {
        kind: "logs",
        label: source.label,
        logs: [summarize(single.path, await readText(await single.open(), limit, single.path))],
        problems: [],
      };
    }
    return openLogs(source, limit, opts.progress, opts.onLogs);
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
