// The export's per-file cap: static hosts refuse large files (Cloudflare Pages at 25 MiB), so no file of the
// export may be over FILE_CAP_BYTES, except DuckDB-WASM's own binaries, which the site cannot split
// (docs/deploy.md says how a host with a smaller cap serves them). scripts/check-export.ts applies it.
import { statSync } from "node:fs";
import { join } from "node:path";
import { getsTwins } from "./precompress-rule.mjs";
import { EXPORT_FILE_CAP_BYTES } from "../lib/data/build-limits";

/** The same cap the validator holds a release's copied files and tables to (lib/data/build-limits.ts). */
export const FILE_CAP_BYTES = EXPORT_FILE_CAP_BYTES;
/** Files a static host takes at most (Cloudflare Pages: 20,000), the precompressed twins included. */
export const FILE_COUNT_CAP = 20_000;

/** DuckDB-WASM's engine binaries as the bundler emits them (and their precompressed twins). */
const ENGINE_BINARY = /(^|\/)duckdb-[^/]*\.wasm(\.br|\.gz)?$/;

export function isEngineBinary(path: string): boolean {
  return ENGINE_BINARY.test(path);
}

/** Files (relative to `root`) over the cap, largest first, engine binaries exempt. */
export function oversizeFiles(root: string, files: readonly string[]): { path: string; bytes: number }[] {
  return files
    .filter((f) => !isEngineBinary(f))
    .map((path) => ({ path, bytes: statSync(join(root, path)).size }))
    .filter((f) => f.bytes > FILE_CAP_BYTES)
    .sort((a, b) => b.bytes - a.bytes);
}

/** The largest file that is not an engine binary (the bench reports it). */
export function largestFile(root: string, files: readonly string[]): { path: string; bytes: number } | null {
  let best: { path: string; bytes: number } | null = null;
  for (const path of files) {
    if (isEngineBinary(path)) continue;
    const bytes = statSync(join(root, path)).size;
    if (!best || bytes > best.bytes) best = { path, bytes };
  }
  return best;
}

/** The files the export will hold once precompressed: `files` and the .br and .gz twins scripts/precompress.mjs adds. */
export function filesWithTwins(root: string, files: readonly string[]): number {
  const plain = files.filter((f) => !/\.(br|gz)$/.test(f));
  return plain.length + 2 * plain.filter((f) => getsTwins(f, statSync(join(root, f)).size)).length;
}
