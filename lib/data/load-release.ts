// Reads a release directory (docs/data-format.md) into typed records. Nothing here throws on bad data:
// every record that cannot be used is reported as a Problem, and every usable record is kept, so one bad
// line never hides the rest of a release.
import { lstatSync } from "node:fs";
import { open, stat } from "node:fs/promises";
import { openInside, resolveInside, scanTree, type OutsideRootError } from "../common/inside-root-node";
import { indexArchives } from "../archive/index-node";
import { RECORD_FILES } from "./record-files";
import { releaseSchema, type Problem, type Release, type ReleaseMeta } from "./schema";
import { decodeUtf8, describeError, missingFile, readJsonlRecords, tooDeepProblem, type RecordFile } from "./jsonl-records";
import { schemaProblems } from "./validate-schema-issues";
import { loneSurrogateProblems } from "./lone-surrogates";
import { pushAll } from "../common/arrays";
import { jsonErrorText } from "../common/json-error";
import { EXPORT_FILE_CAP_BYTES } from "./build-limits";

/**
 * `release` is null only when release.json is missing or unusable: every check of the records depends on
 * its conditions and groups. The .jsonl files are still read then, so their problems are reported too.
 */
export interface LoadResult {
  release: Release | null;
  problems: Problem[];
}

export { lineOf } from "./record-lines";

export const RELEASE_FILE = "release.json";

export async function loadRelease(dir: string): Promise<LoadResult> {
  const problems: Problem[] = [];
  const notFolder = await notAFolder(dir);
  if (notFolder !== null) return { release: null, problems: [{ level: "error", file: ".", rule: "release.path", message: notFolder }] };
  try {
    // Links are refused before anything is read, wherever they are: a release's files are the release's own.
    const tree = scanTree(dir);
    for (const refused of tree.refused) problems.push(insideProblem(refused));
    pushAll(problems, oversizeCopies(dir, tree.files));
    const meta = await loadMeta(dir, problems);
    const tasks = await loadRecords(dir, RECORD_FILES.tasks, problems);
    const sessions = await loadRecords(dir, RECORD_FILES.sessions, problems);
    const configs = await loadRecords(dir, RECORD_FILES.configs, problems);
    const runs = await loadRecords(dir, RECORD_FILES.runs, problems);
    const annotations = await loadRecords(dir, RECORD_FILES.annotations, problems);
    // Only the archives' central directories are read here; entries are inflated when someone reads them.
    const archives = await indexArchives(dir, runs.flatMap((r) => [r.trajectory, r.patch].filter((x): x is string => x !== undefined)));
    const release = meta ? { dir, meta, tasks, sessions, configs, runs, annotations, archives } : null;
    return { release, problems };
  } catch (err) {
    // Only an unforeseen I/O failure gets here; the caller still gets a report instead of an exception.
    problems.push({ level: "error", file: ".", rule: "file.read", message: `cannot read the release: ${describeError(err)}` });
    return { release: null, problems };
  }
}

/** The folders the build copies into the export as they are (scripts/build/publish-trajectories.ts). */
const COPIED = ["trajectories/", "patches/"];

/**
 * file.too_large: a file the build would copy into the export over the size a file of the export may have. Every
 * file of those folders counts, named by a run or not: the build copies them all.
 */
function oversizeCopies(dir: string, files: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  for (const file of files) {
    if (!COPIED.some((folder) => file.startsWith(folder))) continue;
    const bytes = lstatSync(resolveInside(dir, file)).size;
    if (bytes <= EXPORT_FILE_CAP_BYTES) continue;
    problems.push({
      level: "error",
      file,
      rule: "file.too_large",
      message: `${bytes.toLocaleString("en-US")} bytes, over the ${EXPORT_FILE_CAP_BYTES.toLocaleString("en-US")} (20 MiB) a file of the export may have: the build copies it into the site as it is, and static hosts refuse larger files. Compress it (.json.gz) or pack it in archives of at most 20 MiB`,
    });
  }
  return problems;
}

/** A link or special file as a problem of the release (docs/data-format.md, "Files stay inside the release"). */
export function insideProblem(err: OutsideRootError): Problem {
  return { level: "error", file: err.path, rule: err.rule, message: err.message.slice(err.path.length + 2) };
}

async function loadMeta(dir: string, problems: Problem[]): Promise<ReleaseMeta | null> {
  if (!isFile(dir, RELEASE_FILE)) {
    problems.push(missingFile(RELEASE_FILE));
    return null;
  }
  const handle = await openInside(dir, RELEASE_FILE);
  const bytes = await handle.readFile().finally(() => handle.close());
  const text = decodeUtf8(bytes, RELEASE_FILE, undefined, problems);
  const tooDeep = tooDeepProblem(text, RELEASE_FILE);
  if (tooDeep) {
    problems.push(tooDeep);
    return null;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    problems.push({ level: "error", file: RELEASE_FILE, rule: "json.parse", message: `not valid JSON: ${jsonErrorText(err)}` });
    return null;
  }
  pushAll(problems, loneSurrogateProblems(text, value, { file: RELEASE_FILE }));
  const parsed = releaseSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  pushAll(problems, schemaProblems(parsed.error.issues, value, { file: RELEASE_FILE }));
  return null;
}

async function loadRecords<T extends object>(dir: string, spec: RecordFile<T>, problems: Problem[]): Promise<T[]> {
  if (!isFile(dir, spec.file)) {
    if (spec.required) problems.push(missingFile(spec.file));
    return [];
  }
  return readJsonlRecords(readLines(dir, spec.file), spec, problems);
}

/**
 * Yields the raw bytes of each line with its 1-based number. Lines are split on bytes, not characters,
 * so that each line can be checked for UTF-8 on its own (0x0A never occurs inside a multi-byte sequence),
 * and the file is streamed so a release far larger than memory allows as one string still loads.
 */
async function* readLines(dir: string, file: string): AsyncGenerator<{ line: number; bytes: Buffer }> {
  let pending: Buffer[] = [];
  let line = 0;
  const handle = await openInside(dir, file);
  for await (const chunk of handle.createReadStream() as AsyncIterable<Buffer>) {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a, start); nl >= 0; nl = chunk.indexOf(0x0a, start)) {
      pending.push(chunk.subarray(start, nl));
      line += 1;
      yield { line, bytes: Buffer.concat(pending) };
      pending = [];
      start = nl + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) yield { line: line + 1, bytes: Buffer.concat(pending) };
}

const EXPECTED =
  "a release folder holding release.json, tasks.jsonl, sessions.jsonl, configs.jsonl and runs.jsonl (docs/data-format.md)";

/**
 * What the path is when it is not a folder, in one sentence (instead of one file.missing per required file):
 * nothing at all, a zip (the browser's "Open local results" reads zips; this command reads folders), or
 * some other file. Null for a folder.
 */
async function notAFolder(dir: string): Promise<string | null> {
  let info;
  try {
    info = await stat(dir);
  } catch {
    return `${dir} does not exist; expected ${EXPECTED}`;
  }
  if (info.isDirectory()) return null;
  if (!info.isFile()) return `${dir} is not a folder; expected ${EXPECTED}`;
  const head = Buffer.alloc(4);
  const handle = await open(dir, "r");
  try {
    await handle.read(head, 0, 4, 0);
  } finally {
    await handle.close();
  }
  if (head.readUInt32LE(0) === 0x04034b50 || /\.zip$/i.test(dir)) {
    return `${dir} is a zip file; expected ${EXPECTED}. Unzip it and pass the folder that holds release.json`;
  }
  return `${dir} is a file (${info.size} bytes), not a folder; expected ${EXPECTED}`;
}

/** A regular file at `rel`; a link there is not one (scanTree has reported it). */
function isFile(dir: string, rel: string): boolean {
  try {
    return lstatSync(resolveInside(dir, rel)).isFile();
  } catch {
    return false;
  }
}
