// The .jsonl record files of a release (docs/data-format.md): which schema each line must match, whether
// the file is required, and the field that names a record in problems. One table for the Node loader and
// the browser's reader of local results, so both check the same files the same way. No Node imports.
import type { RecordFile } from "./jsonl-records";
import { plainRun } from "./run-fast-path";
import { annotationSchema, configSchema, runSchema, sessionSchema, taskSchema, type Release } from "./schema";

type RecordKey = "tasks" | "sessions" | "configs" | "runs" | "annotations";

/** In reading order: tasks, sessions, configs, runs, annotations. */
export const RECORD_FILES: { [K in RecordKey]: RecordFile<Release[K][number]> } = {
  tasks: { file: "tasks.jsonl", schema: taskSchema, required: true, idField: "task_id" },
  sessions: { file: "sessions.jsonl", schema: sessionSchema, required: true, idField: "session_id" },
  configs: { file: "configs.jsonl", schema: configSchema, required: true, idField: "config_id" },
  runs: { file: "runs.jsonl", schema: runSchema, required: true, idField: "run_id", fastPath: plainRun },
  // Annotations have no id of their own. They come from reviewers' exports too (release:add): a key written twice
  // would let a line read as a person's review here and as a detector's tag to another reader.
  annotations: { file: "annotations.jsonl", schema: annotationSchema, required: false, uniqueKeys: true },
};
