// Serves the static export (out/) on localhost: `next start` cannot serve `output: 'export'`. sirv does the
// work: precompressed .br/.gz siblings when the browser accepts them, /x/ → /x/index.html, and HTTP Range
// requests (206 with Content-Range), which the trajectory viewer uses to read one entry of an archive. Here:
// content types sirv does not know, a year's cache for hashed assets, suffix ranges (`bytes=-N`, which sirv
// would misread) turned into absolute ones, and out/404.html for anything else.
// Usage: node scripts/serve.mjs [dir] [--port N]
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { join, normalize, resolve } from "node:path";
import sirv from "sirv";

const args = process.argv.slice(2);
const root = resolve(args.find((a) => !a.startsWith("--")) ?? "out");
const portArg = args.indexOf("--port");
const port = Number(portArg >= 0 ? args[portArg + 1] : (process.env.PORT ?? 3000));

const TYPES = {
  ".wasm": "application/wasm",
  ".arrow": "application/vnd.apache.arrow.stream",
  ".parquet": "application/vnd.apache.parquet",
  ".zip": "application/zip",
  ".json": "application/json; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
};

const notFound = existsSync(join(root, "404.html")) ? readFileSync(join(root, "404.html")) : Buffer.from("not found");

// dev: files are looked up on disk per request rather than listed once at start, so a file written into out/
// after the server started (the bench's generated trajectories) is served too.
const files = sirv(root, {
  dev: true,
  etag: true,
  gzip: true,
  brotli: true,
  extensions: ["html"],
  setHeaders(res, pathname) {
    const ext = pathname.slice(pathname.lastIndexOf("."));
    if (TYPES[ext]) res.setHeader("Content-Type", TYPES[ext]);
    if (pathname.startsWith("/_next/static/")) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    if (ext === ".zip") res.setHeader("Accept-Ranges", "bytes");
  },
  onNoMatch(_req, res) {
    res.writeHead(404, { "content-type": "text/html; charset=utf-8" }).end(notFound);
  },
});

/** `bytes=-N` (the last N bytes) as an absolute range, or the header unchanged. */
function absoluteRange(url, range) {
  const suffix = /^bytes=-(\d+)$/.exec(range ?? "");
  if (!suffix) return range;
  const file = join(root, normalize(decodeURIComponent(url.split("?")[0])).replace(/^(\.\.[/\\])+/, ""));
  if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) return range;
  const size = statSync(file).size;
  return `bytes=${Math.max(0, size - Number(suffix[1]))}-${size - 1}`;
}

createServer((req, res) => {
  if (req.headers.range) req.headers.range = absoluteRange(req.url ?? "/", req.headers.range);
  files(req, res);
}).listen(port, "127.0.0.1", () => console.log(`serving ${root} on http://localhost:${port}/`));
