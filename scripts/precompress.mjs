// Writes .br and .gz beside every compressible file of the export, so the server never compresses per request
// (the 34 MB DuckDB wasm goes out as ~5 MB brotli).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = process.argv[2] ?? "out";
const COMPRESSIBLE = /\.(html|js|mjs|css|json|wasm|arrow|txt|svg|map)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(name) && statSync(path).size > 1024) yield path;
  }
}

let n = 0;
for (const path of files(root)) {
  const data = readFileSync(path);
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  // Quality 11 costs about a minute per 10 MB and the export holds ~80 MB of pages, shards and scripts: files
  // up to 16 KB get 11, up to 4 MB 9 (a few per cent larger, ten times faster), larger ones (the wasm, the
  // steps index's shards) 5.
  const size = data.byteLength;
  const quality = path.endsWith(".wasm") || size > 4 * 1024 * 1024 ? 5 : size > 16 * 1024 ? 9 : 11;
  writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }));
  n++;
}
console.log(`precompressed ${n} files in ${root}`);
