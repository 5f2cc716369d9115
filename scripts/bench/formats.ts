// Native log readers (issue 44): per format, the read time of the project's largest fixture through the door
// every reader uses (lib/trajectory/parse-text.ts, then the step reader), against JSON.parse of the same bytes
// (each line for JSON Lines: what any reader of the file pays at least). Pairs are timed side by side and the
// ratio of medians gets a bootstrap interval (stats.ts): a budget whose interval reaches its line is met.
import { readFileSync, statSync } from "node:fs";
import { ArchiveCache, readReleaseFile } from "../../lib/archive/read-node";
import { readTrajectory } from "../../lib/trajectory/chain";
import { parseTrajectoryText } from "../../lib/trajectory/parse-text";
import { ratioOfMediansInterval, type RatioInterval } from "./stats";
import type { Budget } from "./steps";

const F = "lib/trajectory/native/fixtures";
const LIMIT = 3;
const PAIRS = 31;

/** The largest real or hand-made fixture of each format; an Inspect log is timed on its sample entry. */
const LARGEST: { format: string; path: string; entry?: string }[] = [
  { format: "ATIF (Harbor)", path: "lib/trajectory/fixtures/harbor-job/trajectory.json" },
  { format: "SWE-agent .traj", path: "lib/local/fixtures/pydicom__pydicom-1458.traj" },
  { format: "mini-swe-agent", path: `${F}/mini-swe-agent/astropy__astropy-12907.traj.json` },
  { format: "Claude Code JSONL", path: `${F}/claude-code/sample_main_transcript.jsonl` },
  { format: "Codex CLI JSONL", path: `${F}/codex/sample_codex_session.jsonl` },
  { format: "OpenHands events", path: `${F}/openhands/basic_gui_mode.json` },
  { format: "Inspect .eval sample", path: `${F}/inspect/ais-decoder.eval`, entry: "samples/1_epoch_1.json" },
];

export interface FormatRead {
  format: string;
  file: string;
  bytes: number;
  doorMs: number;
  jsonMs: number;
  ratio: RatioInterval;
}

async function textOf(c: (typeof LARGEST)[number]): Promise<string> {
  if (!c.entry) return readFileSync(c.path, "utf8");
  const archives = new ArchiveCache();
  try {
    const dir = c.path.slice(0, c.path.lastIndexOf("/"));
    const ref = `${c.path.slice(dir.length + 1)}#${c.entry}`;
    return new TextDecoder().decode(await readReleaseFile(dir, ref, archives));
  } finally {
    await archives.close();
  }
}

/** JSON.parse of the bytes as they are: one document, or each line of JSON Lines. */
function parseOnly(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text.split("\n").map((l) => (l.trim() === "" ? null : (JSON.parse(l) as unknown)));
  }
}

/** Milliseconds per call, over enough calls to last a few milliseconds. */
function timeOf(f: () => unknown, reps: number): number {
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) f();
  return (performance.now() - t0) / reps;
}

export async function benchFormats(): Promise<{ rows: FormatRead[]; markdown: string; budgets: Budget[] }> {
  const rows: FormatRead[] = [];
  for (const c of LARGEST) {
    const text = await textOf(c);
    const name = c.entry ? `${c.path}#${c.entry}` : c.path;
    const door = () => readTrajectory(parseTrajectoryText(text, name), name);
    const json = () => parseOnly(text);
    const reps = Math.max(3, Math.round(2_000_000 / text.length));
    // Warm both paths up before the pairs are timed.
    for (let i = 0; i < 3; i++) {
      timeOf(door, reps);
      timeOf(json, reps);
    }
    const doorMs: number[] = [];
    const jsonMs: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      doorMs.push(timeOf(door, reps));
      jsonMs.push(timeOf(json, reps));
    }
    const ratio = ratioOfMediansInterval(doorMs, jsonMs);
    rows.push({
      format: c.format,
      file: name,
      bytes: c.entry ? text.length : statSync(c.path).size,
      doorMs: median(doorMs),
      jsonMs: median(jsonMs),
      ratio,
    });
  }
  return { rows, markdown: formatsSection(rows), budgets: rows.map(budgetOf) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function budgetOf(r: FormatRead): Budget {
  return {
    name: `read ${r.format} (largest fixture) / JSON.parse of its bytes`,
    value: `${r.ratio.ratio.toFixed(2)}× (${r.ratio.lo.toFixed(2)}–${r.ratio.hi.toFixed(2)}×)`,
    limit: `≤ ${LIMIT}×`,
    ok: r.ratio.lo <= LIMIT,
  };
}

function formatsSection(rows: FormatRead[]): string {
  const table = rows
    .map(
      (r) =>
        `| ${r.format} | \`${r.file}\` | ${(r.bytes / 1024).toFixed(1)} KB | ${r.doorMs.toFixed(3)} | ${r.jsonMs.toFixed(3)} | ${r.ratio.ratio.toFixed(2)}× (${r.ratio.lo.toFixed(2)}–${r.ratio.hi.toFixed(2)}×) |`,
    )
    .join("\n");
  return `## Agent log formats (issue 44)

Per format, the largest fixture read through the door (\`parseTrajectoryText\`: detection and conversion, then
the step reader, as the parse worker reads it) against \`JSON.parse\` of the same text (each line for JSON Lines),
median ms per read over ${PAIRS} pairs timed side by side in Node, with a 95% bootstrap interval of the ratio.
The Inspect row is its sample entry's text (the zstd entry is inflated once before timing). Budget ≤ ${LIMIT}×.

| format | file | size | door (ms) | JSON.parse (ms) | ratio (95% interval) |
| --- | --- | ---: | ---: | ---: | ---: |
${table}
`;
}
