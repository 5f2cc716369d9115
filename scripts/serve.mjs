// Serves the static export (out/) on localhost: `next start` cannot serve `output: 'export'`. sirv does the
// work: precompressed .br/.gz siblings when the browser accepts them, /x/ → /x/index.html, and HTTP Range
// requests (206 with Content-Range), which the trajectory viewer uses to read one entry of an archive. Here:
// content types sirv does not know, a year's cache for hashed assets, suffix ranges (`bytes=-N`, which sirv
// would misread) turned into absolute ones, out/404.html for anything else, and never a symbolic link: the
// build writes regular files only, and a link that got into the folder anyway is answered as not found rather
// than followed out of it. A request whose headers are too large (a link of tens of thousands of characters)
// gets a page that says so instead of an empty 431.
// With --precompress (`npm start`) it answers at once and writes the .br/.gz twins afterwards, in a child process
// of lower priority (scripts/precompress.mjs writes each twin whole before it appears), so a first start does not
// wait for compression: until a file's twin exists it goes out plain.
// Usage: node scripts/serve.mjs [dir] [--port N] [--precompress]   (the port defaults to $PORT, then 3000)
import { spawn } from "node:child_process";
import { existsSync, lstatSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { setPriority } from "node:os";
import { dirname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";
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
  ".eval": "application/zip",
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
    if (ext === ".zip" || ext === ".eval") res.setHeader("Accept-Ranges", "bytes");
  },
  onNoMatch: (_req, res) => notFoundResponse(res),
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

/** The names sirv may answer a path with: the file, its .html page, its folder's index, and their .br/.gz twins. */
const VARIANTS = ["", ".html", "/index.html"].flatMap((v) => [v, `${v}.br`, `${v}.gz`]);

/** Whether answering `url` could pass through a symbolic link (any part of the path, or a variant sirv picks). */
function throughLink(url) {
  let path;
  try {
    path = decodeURIComponent(url.split("?")[0]);
  } catch {
    return true;
  }
  const parts = normalize(path)
    .split(/[/\\]+/)
    .filter(Boolean);
  if (parts.includes("..")) return true;
  let at = root;
  for (const part of parts) {
    at = join(at, part);
    const info = lstatOrNull(at);
    if (info === null) break;
    if (info.isSymbolicLink()) return true;
  }
  return VARIANTS.some((v) => lstatOrNull(join(root, ...parts) + v)?.isSymbolicLink());
}

function lstatOrNull(path) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

const TOO_LONG = `<!doctype html><meta charset="utf-8"><title>Link too long</title>
<h1>This link is too long</h1>
<p>The request's address and headers are larger than this server accepts. A link to the SQL console carries its
query in the address; a query this long cannot travel in a link: open the console and paste it instead.</p>
<p><a href="/">Leaderboard</a></p>`;

const server = createServer((req, res) => {
  if (throughLink(req.url ?? "/")) return notFoundResponse(res);
  if (req.headers.range) req.headers.range = absoluteRange(req.url ?? "/", req.headers.range);
  files(req, res);
});

function notFoundResponse(res) {
  res.writeHead(404, { "content-type": "text/html; charset=utf-8" }).end(notFound);
}

server.on("clientError", (err, socket) => {
  if (!socket.writable) return socket.destroy();
  const overflow = err.code === "HPE_HEADER_OVERFLOW";
  const body = overflow ? TOO_LONG : "bad request";
  const status = overflow ? "431 Request Header Fields Too Large" : "400 Bad Request";
  socket.end(
    `HTTP/1.1 ${status}\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
});

/** Compresses the export in a child process of lower priority, so that the pages it serves meanwhile come first. */
function precompressInBackground() {
  const script = join(dirname(fileURLToPath(import.meta.url)), "precompress.mjs");
  const child = spawn(process.execPath, [script, root], { stdio: "inherit" });
  if (child.pid !== undefined) setPriority(child.pid, 10);
  console.log("compressing the export in the background: files go out plain until their .br/.gz twins are written");
}

server.listen(port, "127.0.0.1", () => {
  console.log(`serving ${root} on http://localhost:${port}/`);
  if (args.includes("--precompress")) precompressInBackground();
});
