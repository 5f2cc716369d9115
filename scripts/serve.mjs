// Serves the static export (out/) on localhost: `next start` cannot serve `output: 'export'`. The files are
// answered by scripts/serve-files.mjs (its header lists the rules): precompressed .br/.gz twins when the browser
// accepts them and they are not older than their file, /x/ → x/index.html, HTTP Range requests (206 with
// Content-Range; 416 for any other range), which the trajectory viewer uses to read one entry of an archive, and
// out/404.html for anything else: a symbolic link, a dotfile, a path that names no file. Nothing a request
// holds stops the server. A request whose headers are too large (a link of tens of thousands of characters)
// gets a page that says so instead of an empty 431.
// With --precompress (`npm start`) it answers at once and writes the .br/.gz twins afterwards, in a child process
// of lower priority (scripts/precompress.mjs writes each twin whole before it appears), so a first start does not
// wait for compression: until a file's twin exists it goes out plain.
// Usage: node scripts/serve.mjs [dir] [--port N] [--precompress]   (the port defaults to $PORT, then 3000)
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { setPriority } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { staticFiles } from "./serve-files.mjs";

const args = process.argv.slice(2);
const root = resolve(args.find((a) => !a.startsWith("--")) ?? "out");
const portArg = args.indexOf("--port");
const port = Number(portArg >= 0 ? args[portArg + 1] : (process.env.PORT ?? 3000));

const notFound = existsSync(join(root, "404.html")) ? readFileSync(join(root, "404.html")) : Buffer.from("not found");

// Files are looked up on disk per request rather than listed once at start, so a file written into out/ after
// the server started (the bench's generated trajectories, a twin written by --precompress) is served too.
const files = staticFiles(root, notFound);

const TOO_LONG = `<!doctype html><meta charset="utf-8"><title>Link too long</title>
<h1>This link is too long</h1>
<p>The request's address and headers are larger than this server accepts. A link to the SQL console carries its
query in the address; a query this long cannot travel in a link: open the console and paste it instead.</p>
<p><a href="/">Leaderboard</a></p>`;

const server = createServer(files);

server.on("clientError", (err, socket) => {
  if (!socket.writable) return socket.destroy();
  const overflow = err.code === "HPE_HEADER_OVERFLOW";
  const body = overflow ? TOO_LONG : "bad request";
  const status = overflow ? "431 Request Header Fields Too Large" : "400 Bad Request";
  socket.end(
    `HTTP/1.1 ${status}\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
});

// CONNECT (a proxy's tunnel) is no request for a file; without a listener Node drops the connection unanswered.
server.on("connect", (_req, socket) => {
  socket.on("error", () => socket.destroy());
  socket.end("HTTP/1.1 405 Method Not Allowed\r\nallow: GET, HEAD\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
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
