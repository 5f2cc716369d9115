// One agent log to ATIF for other tools, through the door every reader of the site uses
// (lib/trajectory/parse-text.ts): the same detection, the same conversion, the same refusals. An Inspect
// .eval log holds several runs (its samples): they become a folder of ATIF files, one per sample.
import { basename, join } from "node:path";
import { MAX_ENTRY_BYTES } from "../../lib/archive/limits";
import { openArchive } from "../../lib/archive/read-node";
import { readTrajectory } from "../../lib/trajectory/chain";
import { parseTrajectoryText } from "../../lib/trajectory/parse-text";
import { isRecord, str } from "../../lib/trajectory/values";
import { checkOut, makeOutFolder, openLog, readHead, readWhole, writeOut } from "./files";

export interface ConvertedFile {
  /** The file or sample read (`<log>.eval#samples/<entry>` for a sample). */
  from: string;
  to: string;
  format: string;
  steps: number;
  warnings: number;
}

/** A sample of an .eval that could not be read or converted; the log's other samples are still written. */
export interface RefusedSample {
  from: string;
  error: string;
}

export interface ConvertOptions {
  /** Replace an existing --out (a file, or a folder's files of the same names); never through a link. */
  force?: boolean;
  /** The largest log read whole (an Inspect log is read entry by entry, each under the archive reader's cap). */
  maxBytes?: number;
}

const ZIP_MAGIC = 0x04034b50;
const INSPECT_SAMPLE = /^samples\/[^/]+\.json$/;

/**
 * Converts `file`; throws (the door's message, naming the file and the formats read) when it is no log, and a
 * message naming the path when the log is no regular file, is too large, or --out cannot be written.
 */
export async function convertLog(
  file: string,
  out: string,
  options: ConvertOptions = {},
): Promise<(ConvertedFile | RefusedSample)[]> {
  const force = options.force ?? false;
  const { handle, size } = await openLog(file);
  let text: string;
  try {
    const head = await readHead(handle, 4);
    if (head.byteLength === 4 && head.readUInt32LE(0) === ZIP_MAGIC) {
      await checkOut(out, "folder", force);
      return await convertSamples(file, out);
    }
    await checkOut(out, "file", force);
    const bytes = await readWhole(file, handle, size, options.maxBytes ?? MAX_ENTRY_BYTES);
    text = utf8(bytes, file);
  } finally {
    await handle.close();
  }
  return [await writeAtif(parseTrajectoryText(text, file), file, out)];
}

function utf8(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`${what} is not UTF-8 text: not a log this viewer reads`);
  }
}

async function convertSamples(file: string, out: string): Promise<(ConvertedFile | RefusedSample)[]> {
  const archive = await openArchive(file);
  try {
    const samples = [...archive.entries.keys()].filter((n) => INSPECT_SAMPLE.test(n)).sort();
    if (samples.length === 0)
      throw new Error(`${file} is a ZIP archive without samples/*.json entries: not an Inspect .eval log`);
    await makeOutFolder(out);
    const done: (ConvertedFile | RefusedSample)[] = [];
    for (const name of samples) {
      const from = `${file}#${name}`;
      try {
        const text = utf8(await archive.read(name), from);
        done.push(await writeAtif(parseTrajectoryText(text, from), from, join(out, basename(name))));
      } catch (err) {
        // One sample refused (a bomb, a damaged entry, no log) leaves the others to be written.
        done.push({ from, error: err instanceof Error ? err.message : String(err) });
      }
    }
    return done;
  } finally {
    await archive.close();
  }
}

async function writeAtif(doc: unknown, from: string, to: string): Promise<ConvertedFile> {
  const t = readTrajectory(doc, from);
  await writeOut(to, JSON.stringify(doc, null, 2) + "\n");
  const account =
    isRecord(doc) && isRecord(doc.extra) && isRecord(doc.extra.converted_from) ? doc.extra.converted_from : null;
  return { from, to, format: str(account?.format) ?? "atif", steps: t.steps.length, warnings: t.warnings.length };
}
