"use client";
// The "Open local results" panel: the user's own release (a folder, a zip of one) or a single trajectory, read
// in a worker of this tab and loaded into DuckDB-WASM beside the published release. Nothing is uploaded.
// Loaded only when the panel first opens (OpenLocalResults), so the leaderboard's first paint does not pay for it.
import Link from "next/link";
import { useState, useSyncExternalStore } from "react";
import { markInvisible } from "@/lib/common/unicode";
import {
  addLocal,
  addLooseLogs,
  emptyEntries,
  localEntries,
  type LocalEntry,
  type LooseLogs,
  openInWorker,
  type PostedLocalResult,
  type ProblemReport,
  type PublishedBench,
  registerLocalTables,
  removeLocal,
  subscribeLocal,
  type TrajectorySummary,
} from "@/lib/local";
import { localLeaderboardRowsQuery } from "@/lib/queries/leaderboard/local";
import { valueOnEach } from "@/lib/source";
import { formatBytes, type InputFile } from "@/lib/files/source";
import { LIMIT_BYTES } from "@/lib/files/limits";
import { releaseFiles } from "@/lib/files/run-files";
import { releaseHref } from "@/lib/site/nav";
import { formatCount } from "@/lib/site/format-count";
import { LocalPicker } from "./LocalPicker";
import { LocalProblems } from "./LocalProblems";
import { LooseLogsView } from "./LooseLogsView";

type Status =
  | { state: "idle" }
  | { state: "busy"; message: string }
  | { state: "error"; message: string; problems?: { label: string; report: ProblemReport } }
  /** `problems` null: the logs are still being read (their first summaries shown as they arrive). */
  | { state: "logs"; logs: LooseLogs; problems: ProblemReport | null; count: number };

/**
 * Agent logs' summaries as the worker sends them ahead (lib/local/open-logs.ts), kept as one opening of loose logs
 * so that the first page is listed, and its logs can be stepped through, while the rest are read.
 */
function logsAhead(files: InputFile[], show: (status: Status) => void) {
  let opened: LooseLogs | null = null;
  return {
    add: (batch: TrajectorySummary[]) => {
      opened ??= addLooseLogs({
        label: files.length === 1 ? files[0]!.path : "the files picked",
        logs: [],
        files: releaseFiles(files, ""),
      });
      for (const log of batch) opened.logs.push(log);
      show({ state: "logs", logs: opened, problems: null, count: opened.logs.length });
    },
    done(result: Extract<PostedLocalResult, { kind: "logs" }>): LooseLogs {
      if (!opened) return addLooseLogs({ label: result.label, logs: result.logs, files: releaseFiles(files, "") });
      opened.label = result.label;
      // The result holds every summary again, in order: it replaces the batches (no spread: it may be long).
      opened.logs.length = 0;
      for (const log of result.logs) opened.logs.push(log);
      return opened;
    },
  };
}

export function LocalPanel({ releaseId, bench }: { releaseId: string; bench: PublishedBench }) {
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const entries = useSyncExternalStore(subscribeLocal, () => localEntries(releaseId), emptyEntries);

  async function load(files: InputFile[]) {
    if (files.length === 0) return;
    setStatus({ state: "busy", message: "reading in your browser…" });
    const ahead = logsAhead(files, setStatus);
    let result: PostedLocalResult;
    try {
      result = await openInWorker(
        files,
        (message) => setStatus((s) => (s.state === "logs" ? s : { state: "busy", message })),
        undefined,
        ahead.add,
      );
    } catch (err) {
      setStatus({ state: "error", message: err instanceof Error ? err.message : String(err) });
      return;
    }
    if (result.kind === "invalid") {
      setStatus({
        state: "error",
        message: `${result.label}: release.json is missing or unusable, so nothing was loaded`,
        problems: { label: result.label, report: result.problems },
      });
      return;
    }
    if (result.kind === "logs") {
      const logs = ahead.done(result);
      setStatus({ state: "logs", logs, problems: result.problems, count: logs.logs.length });
      return;
    }
    setStatus({ state: "busy", message: "loading into DuckDB-WASM…" });
    const tables = registerLocalTables(result.tables);
    try {
      // Computing once here proves the tables load; the leaderboard then recomputes for its own scope.
      await valueOnEach([tables], localLeaderboardRowsQuery, {
        meta: { groups: bench.groups, conditions: bench.conditions, baseline: bench.baseline },
        scope: {},
      });
    } catch (err) {
      setStatus({
        state: "error",
        message: `could not load the tables into DuckDB-WASM: ${err instanceof Error ? err.message : String(err)}`,
      });
      return;
    }
    addLocal({
      publishedId: releaseId,
      label: result.label,
      meta: result.meta,
      configs: result.configs,
      counts: result.counts,
      problems: result.problems,
      tables,
      files: releaseFiles(files, result.root),
    });
    setStatus({ state: "idle" });
  }

  return (
    <section
      role="dialog"
      aria-label="Open local results"
      className="absolute right-0 z-20 mt-1 max-h-[80vh] w-[min(42rem,92vw)] space-y-3 overflow-auto rounded border border-zinc-300 bg-white p-3 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
    >
      <p className="text-zinc-600 dark:text-zinc-400">
        See your own configuration next to the published ones. Your files are read in this tab and never leave your
        machine. Pick a release folder (release.json, tasks, sessions, configs, runs; see the data format), a .zip of
        one, or agent logs: ATIF, SWE-agent and mini-swe-agent trajectories, Claude Code sessions, Codex CLI rollouts,
        OpenHands event streams and Inspect .eval logs (a file, several, or a folder). Record files up to{" "}
        {formatBytes(LIMIT_BYTES)} in all.
      </p>
      <LocalPicker onFiles={load} onDropError={(err: unknown) => setStatus({ state: "error", message: String(err) })} />
      <StatusView status={status} />
      {status.state === "logs" ? (
        <LooseLogsView releaseId={releaseId} logs={status.logs} count={status.count} problems={status.problems} />
      ) : null}
      {entries.map((e) => (
        <LoadedEntry key={e.key} entry={e} bench={bench} />
      ))}
    </section>
  );
}

/** What the panel is doing: reading, or why it stopped (with the problems found, when there is a report). */
function StatusView({ status }: { status: Status }) {
  return (
    <div role="status" aria-live="polite" data-testid="local-status">
      {status.state === "busy" ? <p>{status.message}</p> : null}
      {status.state === "error" ? (
        <div className="space-y-1">
          <p className="text-red-700 dark:text-red-400">{status.message}</p>
          {status.problems ? <LocalProblems problems={status.problems.report} of={status.problems.label} /> : null}
        </div>
      ) : null}
    </div>
  );
}

function LoadedEntry({ entry, bench }: { entry: LocalEntry; bench: PublishedBench }) {
  const e = entry;
  const publishedTasks = bench.focusTasks;
  const { errors, warnings } = e.problems;
  const missingConditions = bench.conditions.filter((c) => !e.meta.conditions.includes(c));
  return (
    <div className="space-y-1 rounded border border-zinc-200 p-2 dark:border-zinc-700" data-testid="local-entry">
      <div className="flex items-start gap-2">
        <p className="flex-1">
          <span className="font-medium">{e.label}</span>:{" "}
          {e.configs.map((c) => markInvisible(c.display_name)).join(", ") || "no configuration"} (
          {formatCount(e.counts.runs)} runs, {e.counts.focusTasks} focus tasks, {formatBytes(e.counts.bytes)} read
          {e.counts.trajectories ? `, ${e.counts.trajectories} trajectory files, read when you open a run` : ""}); shown
          on the leaderboard, the cost page and the compare page marked local
          {e.counts.trajectories ? (
            <>
              ;{" "}
              <Link
                className="underline"
                href={releaseHref(e.publishedId, "runs")}
                prefetch={false}
                data-testid="local-runs-link"
              >
                its runs with trajectories
              </Link>
            </>
          ) : null}
          .
        </p>
        <button type="button" className="btn" onClick={() => removeLocal(e.key)}>
          Remove
        </button>
      </div>
      {publishedTasks !== null && e.counts.focusTasks !== publishedTasks ? (
        <p className="text-amber-800 dark:text-amber-300">
          This release has {e.counts.focusTasks} focus tasks, the published one {publishedTasks}: resolution rates are
          over different task sets.
        </p>
      ) : null}
      {missingConditions.length ? (
        <p className="text-amber-800 dark:text-amber-300">
          No sessions for {missingConditions.join(", ")}: those columns stay empty.
        </p>
      ) : null}
      {errors + warnings ? (
        <>
          <p className={errors ? "text-red-700 dark:text-red-400" : ""}>
            {formatCount(errors)} error(s), {formatCount(warnings)} warning(s); records that could not be read were left
            out, the rest is loaded.
          </p>
          <LocalProblems problems={e.problems} of={e.label} />
        </>
      ) : (
        <p className="text-zinc-500">No problems found.</p>
      )}
    </div>
  );
}
