// Issue 12's budgets: the static export's file count and largest files, and one sample run opened from its
// archive by range, timed navigation → first step against the same trajectory served as a plain file and
// opened the same way (same browser, fresh contexts, alternated), with the bytes the archive run cost.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext } from "@playwright/test";
import { ArchiveCache, readReleaseFile } from "../../lib/archive/read-node";
import { parseFileRef } from "../../lib/archive/ref";
import { median } from "./stats";

const RELEASE_DIR = "data/releases/sample";
/** A typical switched run (its entry is near the sample's median size). */
export const BENCH_RUN = "deepseek-v4.1-flash-opencode.pallets__click-2644.switched.r0";
const PLAIN_ID = "bench-plain-copy";
const RUNS = 5;

export interface ExportStats {
  files: number;
  largest: { path: string; bytes: number }[];
  largestArchive: { path: string; bytes: number };
}

export function exportStats(outDir = "out"): ExportStats {
  const all: { path: string; bytes: number }[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else all.push({ path: p.slice(outDir.length + 1), bytes: s.size });
    }
  };
  walk(outDir);
  all.sort((a, b) => b.bytes - a.bytes);
  const zips = all.filter((f) => f.path.endsWith(".zip"));
  return { files: all.length, largest: all.slice(0, 3), largestArchive: zips[0] ?? { path: "(none)", bytes: 0 } };
}

export interface ArchiveRunBench {
  archiveFirstStepMs: number;
  plainFirstStepMs: number;
  fetchParseMs: number;
  bytes: number;
  entryCompressed: number;
  entryInflated: number;
  directoryBytes: number;
  archiveBytes: number;
  requests: number;
}

async function firstStep(
  context: BrowserContext,
  base: string,
  runId: string,
): Promise<{ ms: number; bytes: number; requests: number }> {
  const page = await context.newPage();
  const bodies: Promise<number>[] = [];
  page.on("response", (r) => {
    if (new URL(r.url()).pathname.endsWith(".zip"))
      bodies.push(
        r.body().then(
          (b) => b.byteLength,
          () => 0,
        ),
      );
  });
  await page.goto(`${base}/r/sample/run/?id=${runId}`, { waitUntil: "commit" });
  const ms = await page.evaluate(async () => {
    for (;;) {
      if (document.querySelector('[data-testid="step-list"] [data-step="1"]')) return performance.now();
      await new Promise((r) => requestAnimationFrame(r));
    }
  });
  await page.waitForSelector('[data-testid="trajectory-explorer"][data-ready="true"]');
  const sizes = await Promise.all(bodies);
  await page.close();
  return { ms, bytes: sizes.reduce((a, b) => a + b, 0), requests: sizes.length };
}

async function fetchParse(context: BrowserContext, base: string, url: string): Promise<number> {
  const page = await context.newPage();
  await page.goto(`${base}/releases/`);
  const t = await page.evaluate(async (u) => {
    const t0 = performance.now();
    JSON.parse(await (await fetch(u, { cache: "no-store" })).text());
    return performance.now() - t0;
  }, url);
  await page.close();
  return t;
}

export async function benchArchiveRun(browser: Browser, base: string, outDir = "out"): Promise<ArchiveRunBench> {
  const runs = readFileSync(join(RELEASE_DIR, "runs.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { run_id: string; trajectory?: string });
  const ref = runs.find((r) => r.run_id === BENCH_RUN)!.trajectory!;
  const r = parseFileRef(ref);
  if (r.kind !== "entry") throw new Error(`${BENCH_RUN}: not an archive entry`);
  const cache = new ArchiveCache();
  const text = await readReleaseFile(RELEASE_DIR, ref, cache);
  const archive = await cache.get(join(RELEASE_DIR, r.archive));
  const entry = archive.entries.get(r.entry)!;
  const directoryBytes =
    [...archive.entries.values()].reduce(
      (n, e) => n + 46 + e.rawFilename.byteLength + e.rawExtraField.byteLength + e.rawComment.byteLength,
      0,
    ) + 22;
  await cache.close();
  // The same trajectory as a plain file, opened by the viewer under a run id the index does not know (it then
  // reads trajectories/<id>.json), with no .br/.gz beside it: the form a release had before archives.
  const plain = join(outDir, "data", "sample", "trajectories", `${PLAIN_ID}.json`);
  writeFileSync(plain, text);
  const archiveRuns: { ms: number; bytes: number; requests: number }[] = [];
  const plainRuns: number[] = [];
  const parses: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      for (const which of ["archive", "plain", "parse"] as const) {
        const ctx = await browser.newContext();
        if (which === "archive") archiveRuns.push(await firstStep(ctx, base, BENCH_RUN));
        else if (which === "plain") plainRuns.push((await firstStep(ctx, base, PLAIN_ID)).ms);
        else parses.push(await fetchParse(ctx, base, `/data/sample/trajectories/${PLAIN_ID}.json`));
        await ctx.close();
      }
    }
  } finally {
    rmSync(plain, { force: true });
  }
  return {
    archiveFirstStepMs: median(archiveRuns.map((x) => x.ms)),
    plainFirstStepMs: median(plainRuns),
    fetchParseMs: median(parses),
    bytes: median(archiveRuns.map((x) => x.bytes)),
    requests: median(archiveRuns.map((x) => x.requests)),
    entryCompressed: entry.compressedSize,
    entryInflated: text.byteLength,
    directoryBytes,
    archiveBytes: statSync(join(RELEASE_DIR, r.archive)).size,
  };
}
