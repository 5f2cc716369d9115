// Agent logs picked without a release (one file, several, a folder, or an Inspect .eval log): each log — each
// sample of an Inspect log — is summarised through the door every reader uses (lib/trajectory/parse-text.ts),
// and the page can then step through it in the trajectory explorer (docs/local-results.md, "Agent logs").
// A file the door refuses is a problem naming it; the other logs still open.
import { usageFromSteps } from "../data/import-harbor-usage";
import type { Problem, RequestUsage } from "../data/schema";
import { blobArchive, entryStream } from "../archive/read-remote";
import { isArchivePath } from "../archive/ref";
import { readTrajectory } from "../trajectory/chain";
import type { Totals } from "../trajectory/model";
import { parseTrajectoryText } from "../trajectory/parse-text";
import { isRecord, str } from "../trajectory/values";
import { READ_FORMATS } from "../trajectory/native/read-log";
import { formatName, isLogFileName, type LogFormat } from "../trajectory/native/formats";
import { refuseBySize } from "../files/limits";
import { readText, type LocalFile, type LocalSource } from "../files/source";

export interface TrajectorySummary {
  /** The log's path among the files picked; a sample of an Inspect log is `<log>.eval#samples/<entry>`. */
  name: string;
  format: LogFormat;
  /** What the pages call the format (its reader's `name`). */
  formatName: string;
  schemaVersion: string | null;
  agent: { name: string | null; version: string | null; model: string | null };
  steps: number;
  /** Usage per user step (the k-th user step is the k-th request), as an import would count it. */
  requests: RequestUsage[];
  stepTotals: Totals;
  reported: Totals | null;
  warnings: { code: string; message: string }[];
}

export interface LocalLogsResult {
  kind: "logs";
  label: string;
  logs: TrajectorySummary[];
  problems: Problem[];
}

/** Inspect writes each sample as `samples/<id>_epoch_<n>.json` in its .eval archive. */
const INSPECT_SAMPLE = /^samples\/[^/]+\.json$/;

/** Summaries sent ahead in batches of at least this many, the first as soon as it is full: a page of the list. */
export const LOG_BATCH = 50;
/** …or whatever is new once this long has passed since the last batch. */
const LOG_BATCH_MS = 500;

/**
 * Hands on the summaries read so far in batches while the rest are read, so a log of thousands of samples shows
 * its first page at once: `add` after each summary; the list itself stays whole for the result.
 */
function batches(logs: TrajectorySummary[], send: ((logs: TrajectorySummary[]) => void) | undefined) {
  let sent = 0;
  let last = Date.now();
  return () => {
    const now = Date.now();
    if (!send || (logs.length - sent < LOG_BATCH && now - last < LOG_BATCH_MS)) return;
    send(logs.slice(sent));
    sent = logs.length;
    last = now;
  };
}

export async function openLogs(
  source: LocalSource,
  limit: number,
  progress?: (m: string) => void,
  onLogs?: (logs: TrajectorySummary[]) => void,
): Promise<LocalLogsResult> {
  const logs: TrajectorySummary[] = [];
  const sendAhead = batches(logs, onLogs);
  const problems: Problem[] = [];
  const candidates = source.files.filter((f) => isLogFileName(f.path) && !f.path.includes(".eval#"));
  // A picked .eval is a zip: its entries are the source's files, and its samples are the logs.
  const inspectEntries = source.kind === "zip" && source.files.some((f) => f.path === "header.json");
  const files = inspectEntries ? source.files.filter((f) => INSPECT_SAMPLE.test(f.path)) : candidates;
  if (files.length === 0)
    throw new Error(
      `${source.label} holds no release.json and no agent log: pick a release folder (release.json, tasks.jsonl, sessions.jsonl, configs.jsonl, runs.jsonl), a zip of one, or agent logs (${READ_FORMATS})`,
    );
  for (const f of files) {
    progress?.(`reading ${f.path}`);
    if (isArchivePath(f.path)) {
      await openInspectLog(f, limit, logs, problems, sendAhead);
      continue;
    }
    try {
      refuseBySize(f.size, f.path, limit);
      logs.push(summarize(f.path, await readText(await f.open(), limit, f.path)));
      sendAhead();
    } catch (err) {
      problems.push(unreadable(f.path, err));
    }
  }
  return { kind: "logs", label: source.label, logs, problems };
}

/** An .eval inside a picked folder: its directory is read, then each sample entry. */
async function openInspectLog(
  f: LocalFile,
  limit: number,
  logs: TrajectorySummary[],
  problems: Problem[],
  sendAhead: () => void,
) {
  try {
    const blob = await new Response(await f.open()).blob();
    const listing = await blobArchive(f.path, blob);
    for (const name of [...listing.entries.keys()].filter((n) => INSPECT_SAMPLE.test(n))) {
      const path = `${f.path}#${name}`;
      try {
        logs.push(summarize(path, await readText(await entryStream(listing, f.path, name), limit, path)));
        sendAhead();
      } catch (err) {
        problems.push(unreadable(path, err));
      }
    }
  } catch (err) {
    problems.push(unreadable(f.path, err));
  }
}

function unreadable(file: string, err: unknown): Problem {
  return { level: "warning", file, rule: "log.unreadable", message: err instanceof Error ? err.message : String(err) };
}

/** One log's summary, read as the trajectory explorer will read it. */
export function summarize(name: string, text: string): TrajectorySummary {
  const doc = parseTrajectoryText(text, name);
  const t = readTrajectory(doc, name);
  const account =
    isRecord(doc) && isRecord(doc.extra) && isRecord(doc.extra.converted_from) ? doc.extra.converted_from : null;
  const format = (str(account?.format) as LogFormat | null) ?? "atif";
  return {
    name,
    format,
    formatName: formatName(format),
    schemaVersion: t.schemaVersion,
    agent: t.agent,
    steps: t.steps.length,
    requests: usageFromSteps(t.steps).lines,
    stepTotals: t.stepTotals,
    reported: t.reported,
    warnings: t.warnings.slice(0, 50).map((w) => ({ code: w.code, message: w.message })),
  };
}
