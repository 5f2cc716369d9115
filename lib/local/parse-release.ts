// A release read from local files, record by record, with the release format's own zod schemas: the same
// rule codes as the Node loader (lib/data/load-release.ts), and one bad line never hides the rest.
import { describeError, missingFile, readJsonlRecords, type RecordFile } from "../data/jsonl-records";
import {
  annotationSchema,
  configSchema,
  releaseSchema,
  runSchema,
  sessionSchema,
  taskSchema,
  type Problem,
  type Release,
  type ReleaseMeta,
} from "../data/schema";
import { schemaProblems } from "../data/validate-schema-issues";
import { formatBytes, lines, readText, type LocalFile, type LocalSource } from "./source";

/** Record files larger than this together are refused before anything is parsed (see docs/local-results.md). */
export const LIMIT_BYTES = 512 * 1024 * 1024;

export class TooLargeError extends Error {}

const RECORD_FILES = [
  { file: "tasks.jsonl", schema: taskSchema, required: true, idField: "task_id" },
  { file: "sessions.jsonl", schema: sessionSchema, required: true, idField: "session_id" },
  { file: "configs.jsonl", schema: configSchema, required: true, idField: "config_id" },
  { file: "runs.jsonl", schema: runSchema, required: true, idField: "run_id" },
  { file: "annotations.jsonl", schema: annotationSchema, required: false },
] as const;


export interface ParsedRelease {
  release: Release | null;
  problems: Problem[];
  /** Files under trajectories/ (not read: the leaderboard does not need them). */
  trajectories: number;
  /** Bytes of the record files read. */
  bytes: number;
}

export async function parseRelease(source: LocalSource, root: string, limit = LIMIT_BYTES, progress?: (message: string) => void): Promise<ParsedRelease> {
  const byPath = new Map(source.files.map((f) => [f.path, f]));
  const fileOf = (name: string) => byPath.get(`${root}${name}`);
  const wanted = ["release.json", ...RECORD_FILES.map((r) => r.file)].map(fileOf).filter((f): f is LocalFile => f !== undefined);
  const bytes = wanted.reduce((a, f) => a + f.size, 0);
  if (bytes > limit) {
    throw new TooLargeError(
      `the release's record files hold ${formatBytes(bytes)}, more than the ${formatBytes(limit)} this page reads in a browser; ` +
        "validate and build it with npm run data:validate and npm run data instead",
    );
  }
  const problems: Problem[] = [];
  const meta = await readMeta(fileOf("release.json"), limit, problems);
  const records: Record<string, object[]> = {};
  for (const spec of RECORD_FILES) {
    progress?.(`reading ${spec.file}`);
    records[spec.file] = await readRecords(fileOf(spec.file), spec as RecordFile<object>, problems);
  }
  const release: Release | null = meta
    ? {
        dir: source.label,
        meta,
        tasks: records["tasks.jsonl"] as Release["tasks"],
        sessions: records["sessions.jsonl"] as Release["sessions"],
        configs: records["configs.jsonl"] as Release["configs"],
        runs: records["runs.jsonl"] as Release["runs"],
        annotations: records["annotations.jsonl"] as Release["annotations"],
      }
    : null;
  const trajectories = source.files.filter((f) => f.path.startsWith(`${root}trajectories/`)).length;
  return { release, problems, trajectories, bytes };
}

async function readMeta(file: LocalFile | undefined, limit: number, problems: Problem[]): Promise<ReleaseMeta | null> {
  if (!file) {
    problems.push(missingFile("release.json"));
    return null;
  }
  let value: unknown;
  try {
    value = JSON.parse((await readText(await file.open(), limit, "release.json")).replace(/^\uFEFF/, ""));
  } catch (err) {
    problems.push({ level: "error", file: "release.json", rule: "json.parse", message: `not valid JSON: ${describeError(err)}` });
    return null;
  }
  const parsed = releaseSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  problems.push(...schemaProblems(parsed.error.issues, value, { file: "release.json" }));
  return null;
}

async function readRecords(file: LocalFile | undefined, spec: RecordFile<object>, problems: Problem[]): Promise<object[]> {
  if (!file) {
    if (spec.required) problems.push(missingFile(spec.file));
    return [];
  }
  return readJsonlRecords(lines(await file.open()), spec, problems);
}
