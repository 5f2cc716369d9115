// One agent log to ATIF for other tools, through the door every reader of the site uses
// (lib/trajectory/parse-text.ts): the same detection, the same conversion, the same refusals. An Inspect
// .eval log holds several runs (its samples): they become a folder of ATIF files, one per sample.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { openArchive } from "../../lib/archive/read-node";
import { readTrajectory } from "../../lib/trajectory/chain";
import { parseTrajectoryText } from "../../lib/trajectory/parse-text";
import { isRecord, str } from "../../lib/trajectory/values";

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

const ZIP_MAGIC = 0x04034b50;
const INSPECT_SAMPLE = /^samples\/[^/]+\.json$/;

/** Converts `file`; throws (the door's message, naming the file and the formats read) when it is no log. */
export async function convertLog(file: string, out: string): Promise<(ConvertedFile | RefusedSample)[]> {
  const head = await readFile(file);
  if (head.byteLength >= 4 && head.readUInt32LE(0) === ZIP_MAGIC) return convertSamples(file, out);
  const text = new TextDecoder("utf-8", { fatal: true }).decode(head);
  return [await writeAtif(parseTrajectoryText(text, file), file, out)];
}

async function convertSamples(file: string, out: string): Promise<(ConvertedFile | RefusedSample)[]> {
  const archive = await openArchive(file);
  try {
    const samples = [...archive.entries.keys()].filter((n) => INSPECT_SAMPLE.test(n)).sort();
    if (samples.length === 0)
      throw new Error(`${file} is a ZIP archive without samples/*.json entries: not an Inspect .eval log`);
    await mkdir(out, { recursive: true });
    const done: (ConvertedFile | RefusedSample)[] = [];
    for (const name of samples) {
      const from = `${file}#${name}`;
      try {
        const text = new TextDecoder("utf-8", { fatal: true }).decode(await archive.read(name));
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
  await writeFile(to, JSON.stringify(doc, null, 2) + "\n");
  const account =
    isRecord(doc) && isRecord(doc.extra) && isRecord(doc.extra.converted_from) ? doc.extra.converted_from : null;
  return { from, to, format: str(account?.format) ?? "atif", steps: t.steps.length, warnings: t.warnings.length };
}
