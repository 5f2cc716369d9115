// The static export's files as scripts/serve.mjs answers them, written here rather than left to sirv: sirv 3.0.2
// throws out of the request on `Range: bytes=10-5` or a number past 2^53 (its read stream's options are
// checked synchronously), leaves a read error without a listener (both end the process), answers `/x/` with a
// `x/index` or `x/index.gz` that is a link, reads a path up to a raw `#` the link check did not see, serves
// dotfiles, and sends a `.br` twin older than its file. The rules (docs/deploy.md, "The bundled server"):
// - GET and HEAD only (405 otherwise); a path that is not `/`-rooted or carries a raw `#` is a bad request (400);
// - every part of the path is looked at with lstat from the root: a link, a dotfile or dot folder (`.env`,
//   `.git`, `..`), an empty part, anything but a folder on the way or a regular file at the end is missing (404);
// - `/x/` is `x/index.html`, `/x` a redirect to `/x/` when `x` is a folder (as nginx does); nothing else is
//   guessed (no `.html` added, no `index` without `.html`);
// - a `.br` or `.gz` twin is sent only when the client accepts it and it is not older than its file;
// - Range: one `bytes=a-b`, `bytes=a-` or `bytes=-n` inside the file is 206, anything else 416; ranges are of
//   the file's own bytes (no twin);
// - the file is opened without following a link and without waiting on a FIFO, and any error ends only the
//   request.
import { closeSync, constants, createReadStream, fstatSync, lstatSync, openSync } from "node:fs";
import { join } from "node:path";
import { pipeline } from "node:stream";
import { getsTwins } from "./precompress-rule.mjs";

const UTF8 = "; charset=utf-8";
/** Content types by extension; what the export holds (the nginx recipe's table, deploy/nginx.conf). */
const TYPES = {
  html: `text/html${UTF8}`,
  css: `text/css${UTF8}`,
  js: `text/javascript${UTF8}`,
  mjs: `text/javascript${UTF8}`,
  json: `application/json${UTF8}`,
  map: `application/json${UTF8}`,
  txt: `text/plain${UTF8}`,
  diff: `text/plain${UTF8}`,
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
  woff2: "font/woff2",
  wasm: "application/wasm",
  arrow: "application/vnd.apache.arrow.stream",
  parquet: "application/vnd.apache.parquet",
  zip: "application/zip",
  eval: "application/zip",
};
const ENCODED_NAME = { ".br": "br", ".gz": "gzip" };
const TWINS = [
  ["br", ".br"],
  ["gzip", ".gz"],
];
const IMMUTABLE = "public, max-age=31536000, immutable";

/** A file named `x.json.gz` goes out as JSON encoded with gzip, as sirv labelled it (lib/trajectory/open-remote.ts). */
function typeAndEncoding(name) {
  const encoding = ENCODED_NAME[name.slice(-3)];
  const inner = encoding ? name.slice(0, -3) : name;
  const ext = inner.slice(inner.lastIndexOf(".") + 1);
  return { type: TYPES[ext] ?? "application/octet-stream", encoding };
}

function lstatOrNull(path) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

/** The regular file at `path` opened without following a link (O_NOFOLLOW) nor blocking on a FIFO, or null. */
function openRegular(path) {
  let fd;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stats = fstatSync(fd);
    if (stats.isFile()) return { fd, stats };
  } catch {
    // missing, a link, unreadable: missing
  }
  if (fd !== undefined) closeSync(fd);
  return null;
}

/** The URL's path parts, decoded, or a status: 400 for a malformed request, 404 for a part never served. */
function pathParts(rawPath) {
  if (!rawPath.startsWith("/") || rawPath.includes("#")) return 400;
  const raw = rawPath.split("/").slice(1);
  const folder = raw.at(-1) === "";
  const names = [];
  for (const part of folder ? raw.slice(0, -1) : raw) {
    let name;
    try {
      name = decodeURIComponent(part);
    } catch {
      return 400;
    }
    if (name === "" || name.startsWith(".") || /[/\\\0]/.test(name)) return 404;
    names.push(name);
  }
  return { names, folder };
}

/**
 * What a request's URL names under `root`: `{ status }` (400, 404), `{ redirect }` or `{ path, name }`, a regular
 * file reached through folders only, never through a link.
 */
function resolveTarget(root, url) {
  const q = url.indexOf("?");
  const rawPath = q < 0 ? url : url.slice(0, q);
  const parts = pathParts(rawPath);
  if (typeof parts === "number") return { status: parts };
  let at = root;
  for (const [i, name] of parts.names.entries()) {
    at = join(at, name);
    const info = lstatOrNull(at);
    if (info === null || info.isSymbolicLink()) return { status: 404 };
    const last = i === parts.names.length - 1;
    if (last && info.isFile() && !parts.folder) return { path: at, name };
    if (!info.isDirectory()) return { status: 404 };
    if (last && !parts.folder) return { redirect: `${rawPath}/${q < 0 ? "" : url.slice(q)}` };
  }
  return { path: join(at, "index.html"), name: "index.html" };
}

/** Whether an Accept-Encoding header accepts `coding` (named, with no q=0). */
function accepts(header, coding) {
  return (header ?? "").split(",").some((item) => {
    const [name, ...params] = item.split(";").map((s) => s.trim().toLowerCase());
    if (name !== coding) return false;
    const q = params.find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** The twin to send instead of the file, opened, or null: accepted, a regular file, and not older than the file. */
function freshTwin(target, file, acceptEncoding) {
  if (!getsTwins(target.name, file.stats.size)) return null;
  for (const [coding, ext] of TWINS) {
    if (!accepts(acceptEncoding, coding)) continue;
    const twin = openRegular(target.path + ext);
    if (twin && twin.stats.mtimeMs >= file.stats.mtimeMs) return { ...twin, coding };
    if (twin) closeSync(twin.fd);
  }
  return null;
}

const DIGITS = /^bytes=(\d{0,20})-(\d{0,20})$/;

/**
 * One byte range of a file of `size` bytes from a Range header: `{ start, end }` (inclusive), or null when it
 * is malformed, names several ranges or lies outside the file (answered 416).
 */
function parseRange(header, size) {
  const m = DIGITS.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  const first = m[1] === "" ? null : Number(m[1]);
  const last = m[2] === "" ? null : Number(m[2]);
  if ((first !== null && !Number.isSafeInteger(first)) || (last !== null && !Number.isSafeInteger(last))) return null;
  if (first === null) return last === 0 || size === 0 ? null : { start: Math.max(0, size - last), end: size - 1 };
  if (first >= size || (last !== null && last < first)) return null;
  return { start: first, end: last === null ? size - 1 : Math.min(last, size - 1) };
}

function baseHeaders(url, target, stats) {
  const { type, encoding } = typeAndEncoding(target.name);
  const headers = {
    "Content-Type": type,
    "Last-Modified": stats.mtime.toUTCString(),
    ETag: `W/"${stats.size}-${Math.floor(stats.mtimeMs)}"`,
    "Cache-Control": url.startsWith("/_next/static/") ? IMMUTABLE : "no-cache",
    "X-Content-Type-Options": "nosniff",
  };
  if (encoding) headers["Content-Encoding"] = encoding;
  if (getsTwins(target.name, stats.size)) headers.Vary = "Accept-Encoding";
  return headers;
}

/** Sends an opened file (or its range) and closes it, whatever happens to the connection. */
function stream(req, res, status, headers, fd, range) {
  res.writeHead(status, headers);
  if (req.method === "HEAD") {
    closeSync(fd);
    return res.end();
  }
  const body = createReadStream(null, { fd, ...range });
  pipeline(body, res, (err) => {
    if (err) res.destroy();
  });
}

function sendFile(req, res, target) {
  const file = openRegular(target.path);
  if (file === null) return false;
  const headers = baseHeaders(req.url, target, file.stats);
  const rangeHeader = req.headers.range;
  if (rangeHeader === undefined) {
    const twin = freshTwin(target, file, req.headers["accept-encoding"]);
    if (twin) {
      closeSync(file.fd);
      headers["Content-Encoding"] = twin.coding;
      headers.ETag = headers.ETag.replace(/"$/, `-${twin.coding}"`);
      return sendWhole(req, res, headers, twin);
    }
    return sendWhole(req, res, headers, file);
  }
  const range = parseRange(rangeHeader, file.stats.size);
  headers["Accept-Ranges"] = "bytes";
  if (range === null) {
    closeSync(file.fd);
    res.writeHead(416, { "Content-Range": `bytes */${file.stats.size}`, "Content-Length": 0 }).end();
    return true;
  }
  headers["Content-Range"] = `bytes ${range.start}-${range.end}/${file.stats.size}`;
  headers["Content-Length"] = range.end - range.start + 1;
  stream(req, res, 206, headers, file.fd, range);
  return true;
}

function sendWhole(req, res, headers, opened) {
  if (req.headers["if-none-match"] === headers.ETag) {
    closeSync(opened.fd);
    res.writeHead(304, { ETag: headers.ETag }).end();
    return true;
  }
  headers["Content-Length"] = opened.stats.size;
  if (!headers["Content-Encoding"]) headers["Accept-Ranges"] = "bytes";
  stream(req, res, 200, headers, opened.fd, {});
  return true;
}

/** The request handler: `notFound` is the 404 page's bytes. */
export function staticFiles(root, notFound) {
  const plain = (req, res, status, text, extra = {}) =>
    res
      .writeHead(status, { "Content-Type": `text/plain${UTF8}`, "Content-Length": text.length, ...extra })
      .end(req.method === "HEAD" ? undefined : text);
  const missing = (req, res) => {
    res.writeHead(404, { "Content-Type": `text/html${UTF8}`, "Content-Length": notFound.byteLength });
    res.end(req.method === "HEAD" ? undefined : notFound);
  };
  return (req, res) => {
    try {
      if (req.method !== "GET" && req.method !== "HEAD")
        return plain(req, res, 405, "method not allowed", { Allow: "GET, HEAD" });
      const target = resolveTarget(root, req.url ?? "");
      if (target.status === 400) return plain(req, res, 400, "bad request");
      if (target.redirect) return res.writeHead(301, { Location: target.redirect }).end();
      if (target.status === 404 || !sendFile(req, res, target)) return missing(req, res);
    } catch {
      // Nothing a request holds may stop the server: whatever was not foreseen ends this answer only.
      if (res.headersSent) res.destroy();
      else plain(req, res, 500, "internal error");
    }
  };
}
