// `npm run data:scale -- --factor N [--from data/releases/sample] [--out data/scale/sample-xN]`: a SYNTHETIC
// release with N× the runs of a source release, for measuring the build, the validator and the site at scale
// (docs/scale.md). Never committed (data/scale/ is ignored); the default build does not read it
// (DATA_RELEASES=data/scale/sample-xN builds it).
//
// Over the same tasks and sessions: copy 0 is the source's configurations and runs unchanged (with their
// trajectories, linked from the source: a small share of the runs at N ≥ 10); copy k > 0 adds one configuration
// per source configuration, "<id>-sk", whose run of each (session, repeat) is the run record of a configuration
// chosen by a seeded hash of (k, session), so the copies' resolutions differ while every run record stays
// internally consistent (its tests, outcome and usage belong together). Copies carry no trajectory.
// Every `repeatEvery`-th copy (k a multiple of it; default 10) runs each session `repeats` times (default 3): its
// repeat j of a source run is the record of the configuration the same hash picks with j mixed in (j = 0 is the
// record an unrepeated copy would get), so the ×100 release has cells with repeats for the repeat metrics
// (docs/benchmark.md, "Repeats") while its run count grows by a fifth at most.
import {
  createReadStream,
  createWriteStream,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  copyFileSync,
  writeFileSync,
} from "node:fs";
import { once } from "node:events";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { cliArgs } from "./cli-args";

export interface RunRecord {
  run_id: string;
  config_id: string;
  session_id: string;
  repeat: number;
  trajectory?: string;
  [k: string]: unknown;
}

/** FNV-1a over a string: a fixed, seedable choice without a random generator's state. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function readJsonl<T>(file: string): T[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as T);
}

/** Hard links where the file system allows, copies otherwise: the trajectories are large. */
function linkTree(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) {
    const a = join(from, e.name);
    const b = join(to, e.name);
    if (e.isDirectory()) linkTree(a, b);
    else {
      try {
        linkSync(a, b);
      } catch {
        copyFileSync(a, b);
      }
    }
  }
}

export interface ScaleRepeats {
  /** Copies k > 0 with k a multiple of this run every session `repeats` times. */
  repeatEvery?: number;
  repeats?: number;
}

/** The run records of copy k of one source run: one, or `repeats` of them for a repeated copy. */
export function copyRuns(
  run: RunRecord,
  k: number,
  ids: readonly string[],
  byKey: ReadonlyMap<string, RunRecord>,
  repeats: number,
): RunRecord[] {
  const config = copyId(run.config_id, k);
  return Array.from({ length: repeats }, (_, j) => {
    const pick = j === 0 ? `${k}\u0000${run.session_id}` : `${k}\u0000${run.session_id}\u0000${j}`;
    const donorConfig = ids[hash(pick) % ids.length]!;
    const donor = byKey.get(`${donorConfig}\u0000${run.session_id}\u0000${run.repeat}`) ?? run;
    const { trajectory: _t, ...rest } = donor;
    const repeat = run.repeat * repeats + j;
    return {
      ...rest,
      run_id: `${config}.${run.session_id}.r${repeat}`,
      config_id: config,
      session_id: run.session_id,
      repeat,
    };
  });
}

const copyId = (config: string, k: number) => (k === 0 ? config : `${config}-s${k}`);

export async function generateScale(
  from: string,
  out: string,
  factor: number,
  { repeatEvery = 10, repeats = 3 }: ScaleRepeats = {},
): Promise<{ configs: number; runs: number; trajectories: number }> {
  if (!Number.isInteger(factor) || factor < 1) throw new Error(`--factor must be a positive integer, got ${factor}`);
  if (!Number.isInteger(repeatEvery) || repeatEvery < 1 || !Number.isInteger(repeats) || repeats < 1)
    throw new Error(`repeatEvery and repeats must be positive integers, got ${repeatEvery} and ${repeats}`);
  const meta = JSON.parse(readFileSync(join(from, "release.json"), "utf8")) as Record<string, unknown>;
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const id = `${String(meta.release_id)}-x${factor}`;
  writeFileSync(
    join(out, "release.json"),
    JSON.stringify(
      {
        ...meta,
        release_id: id,
        title: `${String(meta.title)}, scaled ${factor}× (synthetic)`,
        synthetic: true,
        provenance:
          `SYNTHETIC scale release: ${factor}× the runs of ${String(meta.release_id)} (npm run data:scale -- --factor ${factor}), ` +
          `for measuring the build and the site at scale; copies of its configurations recombine its run records. ` +
          `No number in it describes a real system. ${typeof meta.provenance === "string" ? meta.provenance : ""}`,
      },
      null,
      1,
    ) + "\n",
  );
  for (const f of readdirSync(from, { withFileTypes: true })) {
    if (f.isFile() && !["release.json", "configs.jsonl", "runs.jsonl"].includes(f.name) && !f.name.startsWith("."))
      copyFileSync(join(from, f.name), join(out, f.name));
    else if (f.isDirectory() && f.name !== "trajectories") linkTree(join(from, f.name), join(out, f.name));
  }
  if (existsSync(join(from, "trajectories"))) linkTree(join(from, "trajectories"), join(out, "trajectories"));

  const configs = readJsonl<
    Record<string, unknown> & { config_id: string; display_name: string; base_config_id?: string }
  >(join(from, "configs.jsonl"));
  let lines = "";
  for (let k = 0; k < factor; k++) {
    for (const c of configs) {
      lines +=
        JSON.stringify(
          k === 0
            ? c
            : {
                ...c,
                config_id: copyId(c.config_id, k),
                display_name: `${c.display_name} · synthetic copy ${k}`,
                ...(c.base_config_id ? { base_config_id: copyId(c.base_config_id, k) } : {}),
              },
        ) + "\n";
    }
  }
  writeFileSync(join(out, "configs.jsonl"), lines);

  // The source's runs by (configuration, session, repeat); read once, written N times, one copy in memory.
  const source: RunRecord[] = [];
  const rl = createInterface({ input: createReadStream(join(from, "runs.jsonl")), crlfDelay: Infinity });
  for await (const line of rl) if (line.trim() !== "") source.push(JSON.parse(line) as RunRecord);
  const byKey = new Map(source.map((r) => [`${r.config_id}\u0000${r.session_id}\u0000${r.repeat}`, r]));
  const ids = configs.map((c) => c.config_id);
  const sink = createWriteStream(join(out, "runs.jsonl"));
  let runs = 0;
  let trajectories = 0;
  for (let k = 0; k < factor; k++) {
    let chunk = "";
    for (const run of source) {
      if (k === 0) {
        chunk += JSON.stringify(run) + "\n";
        if (run.trajectory) trajectories++;
        runs++;
      } else {
        for (const copy of copyRuns(run, k, ids, byKey, k % repeatEvery === 0 ? repeats : 1)) {
          chunk += JSON.stringify(copy) + "\n";
          runs++;
        }
      }
      if (chunk.length > 1 << 20) {
        if (!sink.write(chunk)) await once(sink, "drain");
        chunk = "";
      }
    }
    if (!sink.write(chunk)) await once(sink, "drain");
  }
  sink.end();
  await once(sink, "finish");
  return { configs: configs.length * factor, runs, trajectories };
}

async function main() {
  const args = cliArgs(process.argv.slice(2), ["factor", "from", "out"]);
  if (!args || args.positional.length > 0) {
    console.error("usage: npm run data:scale -- --factor N [--from data/releases/sample] [--out data/scale/<id>-xN]");
    process.exit(2);
  }
  const factor = Number(args.flags.factor ?? "10");
  const from = args.flags.from ?? "data/releases/sample";
  const id = (JSON.parse(readFileSync(join(from, "release.json"), "utf8")) as { release_id: string }).release_id;
  const out = args.flags.out ?? join("data/scale", `${id}-x${factor}`);
  const started = performance.now();
  const r = await generateScale(from, out, factor);
  console.log(
    `✓ ${out}: SYNTHETIC, ${r.configs} configurations, ${r.runs} runs, ${r.trajectories} with a trajectory, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`  build it: DATA_RELEASES=${out} DATA_OUT=… npm run data`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
