// Shared by the validator's checks: lookups by id and one way to word a problem, so every rule reports the
// same file / line / record triple.
import { lineOf } from "./record-lines";
import type { Annotation, Config, Problem, Release, Run, Session, Task } from "./schema";

/**
 * Reads the trajectory at a path relative to the release folder and returns the ATIF step ids of its main file,
 * or the reason it could not be read.
 */
export type TrajectoryStepIds = (relativePath: string) => Set<number> | { unreadable: string };

export type RecordKind = "task" | "session" | "config" | "run" | "annotation";

export const FILE_OF: Record<RecordKind, string> = {
  task: "tasks.jsonl",
  session: "sessions.jsonl",
  config: "configs.jsonl",
  run: "runs.jsonl",
  annotation: "annotations.jsonl",
};

export type RecordOf = { task: Task; session: Session; config: Config; run: Run; annotation: Annotation };

export interface Context {
  release: Release;
  /** Whether a file exists at this path relative to the release folder (trajectories). */
  fileExists(relativePath: string): boolean;
  /** The step ids of a trajectory's main file, when the caller can read files (see ValidateOptions). */
  trajectoryStepIds?: TrajectoryStepIds;
  entryProblem?: (archive: string, entry: string) => string | null;
  /** First record with each id; later duplicates are reported by id.duplicate and otherwise ignored. */
  tasks: Map<string, Task>;
  sessions: Map<string, Session>;
  configs: Map<string, Config>;
  runs: Map<string, Run>;
  problems: Problem[];
  error<K extends RecordKind>(kind: K, record: RecordOf[K], rule: string, message: string): void;
  warning<K extends RecordKind>(kind: K, record: RecordOf[K], rule: string, message: string): void;
  releaseError(rule: string, message: string): void;
}

export function recordId(kind: RecordKind, record: RecordOf[RecordKind]): string | undefined {
  switch (kind) {
    case "task":
      return (record as Task).task_id;
    case "session":
      return (record as Session).session_id;
    case "config":
      return (record as Config).config_id;
    case "run":
      return (record as Run).run_id;
    case "annotation":
      return undefined; // annotations have no id of their own; their line names them
  }
}

function firstById<T>(records: readonly T[], idOf: (r: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const r of records) if (!map.has(idOf(r))) map.set(idOf(r), r);
  return map;
}

export function createContext(
  release: Release,
  fileExists: (relativePath: string) => boolean,
  trajectoryStepIds?: TrajectoryStepIds,
  entryProblem?: (archive: string, entry: string) => string | null,
): Context {
  const problems: Problem[] = [];
  const report =
    (level: Problem["level"]) =>
    <K extends RecordKind>(kind: K, record: RecordOf[K], rule: string, message: string) => {
      problems.push({ level, file: FILE_OF[kind], line: lineOf(record), record: recordId(kind, record), rule, message });
    };
  return {
    release,
    fileExists,
    trajectoryStepIds,
    entryProblem,
    tasks: firstById(release.tasks, (t) => t.task_id),
    sessions: firstById(release.sessions, (s) => s.session_id),
    configs: firstById(release.configs, (c) => c.config_id),
    runs: firstById(release.runs, (r) => r.run_id),
    problems,
    error: report("error"),
    warning: report("warning"),
    releaseError: (rule, message) => problems.push({ level: "error", file: "release.json", rule, message }),
  };
}

/** How many interruption tasks a session with interruptions must have (Switch-SWE §3.1: four). */
export function interruptionTaskCount(release: Release): number {
  return release.meta.interruption_tasks ?? 4;
}
