// A release read from local files, record by record, with the release format's own zod schemas: the same
// rule codes as the Node loader (lib/data/load-release.ts), and one bad line never hides the rest.
import { missingFile, readJsonlRecords, tooDeepProblem, type RecordFile } from "../data/jsonl-records";
import { RECORD_FILES } from "../data/record-files";
import { releaseSchema, type Problem, type Release, type ReleaseMeta } from "../data/schema";
import { schemaProblems } from "../data/validate-schema-issues";
import { loneSurrogateProblems } from "../data/lone-surrogates";
import { formatBytes, lines, readText, type LocalFile, type LocalSource } from "../files/source";

import { LIMIT_BYTES, TooLargeError } from "../files/limits";
import { pushAll } from "../common/arrays";
import { jsonErrorText } from "../common/json-error";
import { ArchiveError } from "../archive/limits";

/** Record files larger than LIMIT_BYTES together are refused before anything is parsed (see docs/local-results.md). */
export { LIMIT_BYTES, TooLargeError };

export interface ParsedRelease {
  release: Release | null;
  problems: Problem[];
  /** Files under trajectories/ (not read: the leaderboard does not need them). */
  trajectories: number;
  /** Bytes of the record files read. */
  bytes: number;
}

export async function parseRelease(
  source: LocalSource,
  root: string,
  limit = LIMIT_BYTES,
  progress?: (message: string) => void,
): Promise<ParsedRelease> {
  const byPath = new Map(source.files.map((f) => [f.path, f]));
  const fileOf = (name: string) => byPath.get(`${root}${name}`);
  const wanted = ["release.json", ...Object.values(RECORD_FILES).map((r) => r.file)]
    .map(fileOf)
    .filter((f): f is LocalFile => f !== undefined);
  const bytes = wanted.reduce((a, f) => a + f.size, 0);
  if (bytes > limit) {
    // Named by its largest file, the one to look at first (a runs.jsonl grown by mistake, usually).
    const largest = wanted.reduce((a, f) => (f.size > a.size ? f : a));
    throw new TooLargeError(
      `the release's record files hold ${formatBytes(bytes)} (${largest.path.slice(root.length)} alone ${formatBytes(largest.size)}), ` +
        `more than the ${formatBytes(limit)} this page reads in a browser; ` +
        "validate and build it with npm run data:validate and npm run data instead",
    );
  }
  const problems: Problem[] = [];
  const meta = await readMeta(fileOf("release.json"), limit, problems);
  const read = <T extends object>(spec: RecordFile<T>) => {
    progress?.(`reading ${spec.file}`);
    return readRecords(fileOf(spec.file), spec, problems);
  };
  const tasks = await read(RECORD_FILES.tasks);
  const sessions = await read(RECORD_FILES.sessions);
  const configs = await read(RECORD_FILES.configs);
  const runs = await read(RECORD_FILES.runs);
  const annotations = await read(RECORD_FILES.annotations);
  const release: Release | null = meta
    ? { dir: source.label, meta, tasks, sessions, configs, runs, annotations }
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
  let text: string;
  try {
    text = (await readText(await file.open(), limit, "release.json")).replace(/^\uFEFF/, "");
    const tooDeep = tooDeepProblem(text, "release.json");
    if (tooDeep) {
      problems.push(tooDeep);
      return null;
    }
    value = JSON.parse(text);
  } catch (err) {
    problems.push(
      err instanceof ArchiveError
        ? unreadable("release.json", err)
        : {
            level: "error",
            file: "release.json",
            rule: "json.parse",
            message: `not valid JSON: ${jsonErrorText(err)}`,
          },
    );
    return null;
  }
  pushAll(problems, loneSurrogateProblems(text, value, { file: "release.json" }));
  const parsed = releaseSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  pushAll(problems, schemaProblems(parsed.error.issues, value, { file: "release.json" }));
  return null;
}

async function readRecords<T extends object>(
  file: LocalFile | undefined,
  spec: RecordFile<T>,
  problems: Problem[],
): Promise<T[]> {
  if (!file) {
    if (spec.required) problems.push(missingFile(spec.file));
    return [];
  }
  try {
    return await readJsonlRecords(lines(await file.open()), spec, problems);
  } catch (err) {
    // A zip entry refused while it inflates (past its declared size: a zip bomb) loses its whole file, not the release.
    if (!(err instanceof ArchiveError)) throw err;
    problems.push(unreadable(spec.file, err));
    return [];
  }
}

const unreadable = (file: string, err: ArchiveError): Problem => ({
  level: "error",
  file,
  rule: "file.read",
  message: err.message,
});
