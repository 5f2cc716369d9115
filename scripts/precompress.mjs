// Writes .br and .gz beside every compressible file of the export, so the server never compresses per request
// (the DuckDB wasm goes out as a sixth of its size in brotli). Each twin is written under a temporary name and
// renamed into place, so a server running beside this script (`npm start` serves first and compresses after,
// scripts/serve.mjs --precompress) sends either the plain file or a complete twin, never half of one. A twin
// not older than its file is kept, so a second run after a partial one only does what is left; an older one
// (the file changed since) is written again, and scripts/serve.mjs never sends it meanwhile.
// Usage: node scripts/precompress.mjs [dir]
import { lstatSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { getsTwins } from "./precompress-rule.mjs";

const root = process.argv[2] ?? "out";

/** A twin being written: a run stopped midway (an interrupted `npm start`) leaves one behind. */
const TEMPORARY = /\.(br|gz)\.\d+\.tmp$/;

/** Regular files only: a link (which scripts/serve.mjs never follows) must not become a regular twin. */
function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const info = lstatSync(path);
    if (info.isDirectory()) yield* files(path);
    else if (!info.isFile()) continue;
    else if (TEMPORARY.test(name)) unlinkSync(path);
    else if (getsTwins(name, info.size)) yield path;
  }
}

/** Whether `twin` exists and was written after `path` last changed. */
function fresh(path, twin) {
  try {
    return statSync(twin).mtimeMs >= statSync(path).mtimeMs;
  } catch {
    return false;
  }
}

function writeAtomically(path, bytes) {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, path);
}

/**
 * Quality 11 is slow on large files: files up to 16 KB get 11, up to 4 MB 9 (slightly larger, much
 * faster), larger ones (the wasm, the steps index's shards) 5.
 */
function brotliQuality(path, size) {
  if (path.endsWith(".wasm") || size > 4 * 1024 * 1024) return 5;
  return size > 16 * 1024 ? 9 : 11;
}

let n = 0;
for (const path of files(root)) {
  if (fresh(path, `${path}.gz`) && fresh(path, `${path}.br`)) continue;
  const data = readFileSync(path);
  writeAtomically(`${path}.gz`, gzipSync(data, { level: 9 }));
  const quality = brotliQuality(path, data.byteLength);
  writeAtomically(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }));
  n++;
}
console.log(`precompressed ${n} files in ${root}`);
