// Serves an export with nginx as deploy/nginx.conf says (docs/deploy.md, "A tested recipe: nginx") and checks,
// from Node and in Debian's Chromium, what a static host must get right: the pages render, a literal search and
// a trajectory read their files by HTTP Range (206), the precompressed twins go out with the encoding and type
// of the file they stand for, a missing path gets the site's 404 page, the storage server answers CORS, and no
// page logs an error. One line per check; exit 1 on any failure. A manual check, not part of `npm test`: it needs
// nginx (Debian's `nginx` package).
// With --object-storage the export must have been built with NEXT_PUBLIC_TRAJECTORY_BASE_URL pointing at the
// storage server (http://localhost:<storage port>); the archives are served from --storage (TRAJECTORY_OUT,
// dist/trajectories by default), and the check asks that they, and nothing else, came from there.
// Usage: npm run deploy:check -- [dir] [--port 3500] [--storage-port 3501] [--storage <dir>] [--object-storage]
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { PAINT_FIRST_META } from "../lib/site/paint-first";
import { quietLaunchOptions } from "./chromium-args";

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const TEMPLATE = resolve(import.meta.dirname, "../deploy/nginx.conf");

/** A figure the paper publishes, as e2e/leaderboard-sample.spec.ts reads it off the sample's leaderboard. */
const KNOWN_CELL = { config: "deepseek-v4.1-flash-opencode", col: "overall.uninterrupted", text: "46.5" };
/** A literal query with hits in the sample (e2e/search-console.spec.ts): answered from the n-gram index. */
const LITERAL_QUERY = 'git -C "$d" diff';
/** A sample run whose trajectory is an entry of a ZIP archive (e2e/trajectory-archives.spec.ts). */
const SAMPLE_RUN = "deepseek-v4.1-flash-opencode.pallets__click-2644.switched.r0";

interface Options {
  root: string;
  port: number;
  storagePort: number;
  storageRoot: string;
  objectStorage: boolean;
}

function options(): Options {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    strict: true,
    options: {
      port: { type: "string", default: "3500" },
      "storage-port": { type: "string", default: "3501" },
      storage: { type: "string" },
      "object-storage": { type: "boolean", default: false },
    },
  });
  const root = resolve(positionals[0] ?? "out");
  const objectStorage = values["object-storage"];
  // Without object storage the export holds the archives itself, under the same <release>/trajectories/ layout.
  const storageRoot = resolve(values.storage ?? (objectStorage ? "dist/trajectories" : join(root, "data")));
  return { root, port: port(values.port), storagePort: port(values["storage-port"]), storageRoot, objectStorage };
}

function port(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`not a port: ${text}`);
  return n;
}

let failures = 0;

async function check(name: string, run: () => Promise<string>): Promise<void> {
  try {
    console.log(`ok    ${name}: ${await run()}`);
  } catch (err) {
    failures++;
    console.log(`FAIL  ${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function expectThat(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** deploy/nginx.conf with its placeholders filled in, written into nginx's own prefix. */
function writeConfig(prefix: string, o: Options): string {
  const values: Record<string, string> = {
    SITE_ROOT: o.root,
    SITE_PORT: String(o.port),
    SITE_ORIGIN: siteOrigin(o),
    STORAGE_ROOT: o.storageRoot,
    STORAGE_PORT: String(o.storagePort),
  };
  const text = readFileSync(TEMPLATE, "utf8").replace(/@([A-Z_]+)@/g, (whole, name: string) => values[name] ?? whole);
  const conf = join(prefix, "nginx.conf");
  writeFileSync(conf, text);
  return conf;
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

/** nginx in the foreground; its own messages go to stderr with a prefix, so they are told from the checks'. */
function spawnNginx(conf: string, prefix: string): ChildProcess {
  const child = spawn(NGINX, ["-c", conf, "-p", `${prefix}/`, "-e", "stderr"], { stdio: ["ignore", "pipe", "pipe"] });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().trimEnd().split("\n")) process.stderr.write(`nginx| ${line}\n`);
  };
  child.stdout?.on("data", forward);
  child.stderr?.on("data", forward);
  return child;
}

async function expectFreePorts(o: Options): Promise<void> {
  for (const port of [o.port, o.storagePort])
    if (await portAnswers(port)) throw new Error(`port ${port} is taken: pass --port / --storage-port`);
}

/** Until both servers listen; an nginx that exited (a bad config, a port taken meanwhile) fails at once. */
async function listening(child: ChildProcess, o: Options): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode} (its messages are above)`);
    if ((await portAnswers(o.port)) && (await portAnswers(o.storagePort))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("nginx did not listen within 10 s");
}

async function stopNginx(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await exited;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request to 127.0.0.1, the body as sent (never decompressed: the encoding is what is checked). */
function fetchRaw(port: number, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end();
  });
}

function decoded(answer: Answer): Buffer {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.body);
  if (encoding === "gzip") return gunzipSync(answer.body);
  return answer.body;
}

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A file of the export that precompress.mjs gave twins to, by its URL path, with the type it must go out as. */
interface Compressible {
  label: string;
  path: string;
  file: string;
  type: string;
}

function firstFile(root: string, dir: string, pattern: RegExp): string {
  const names = readdirSync(join(root, dir)).filter((n) => pattern.test(n));
  // The one with a twin when there are twins: small files get none.
  const name = names.find((n) => existsSync(join(root, dir, `${n}.br`))) ?? names[0];
  if (name === undefined) throw new Error(`no ${String(pattern)} in ${dir}`);
  return `/${dir}/${name}`;
}

function compressibles(root: string): Compressible[] {
  const js = firstFile(root, "_next/static/chunks", /\.js$/);
  const wasm = firstFile(root, "_next/static/media", /^duckdb-eh\..*\.wasm$/);
  return [
    { label: ".html", path: "/r/sample/", file: "r/sample/index.html", type: "text/html" },
    { label: ".js", path: js, file: js.slice(1), type: "text/javascript" },
    {
      label: ".json",
      // The leaderboard page's model: one key, so its space is one shard.
      path: "/data/sample/answers/leaderboard-page/0.json",
      file: "data/sample/answers/leaderboard-page/0.json",
      type: "application/json",
    },
    { label: ".wasm (DuckDB)", path: wasm, file: wasm.slice(1), type: "application/wasm" },
  ];
}

/** Asked with `encoding` accepted: the twin when there is one, with the file's own type, decoding to the file. */
async function servedAs(o: Options, c: Compressible, encoding: "br" | "gzip"): Promise<string> {
  const suffix = encoding === "br" ? "br" : "gz";
  const twin = existsSync(join(o.root, `${c.file}.${suffix}`));
  const answer = await fetchRaw(o.port, c.path, { "Accept-Encoding": encoding });
  const plain = readFileSync(join(o.root, c.file));
  expectThat(answer.status === 200, `${c.path}: status ${answer.status}`);
  const type = answer.headers["content-type"] ?? "";
  expectThat(type.split(";")[0] === c.type, `${c.path}: Content-Type ${type}, not ${c.type}`);
  const got = answer.headers["content-encoding"];
  expectThat(got === (twin ? encoding : undefined), `${c.path}: Content-Encoding ${got ?? "none"}`);
  expectThat(answer.headers.vary === "Accept-Encoding", `${c.path}: Vary ${answer.headers.vary ?? "missing"}`);
  expectThat(decoded(answer).equals(plain), `${c.path}: the body does not decode to the file`);
  return twin ? `${encoding}, ${size(answer.body.length)} for ${size(plain.length)}` : `no .${suffix} twin, plain`;
}

async function checkCompressible(o: Options, c: Compressible): Promise<string> {
  const br = await servedAs(o, c, "br");
  const gzip = await servedAs(o, c, "gzip");
  return `${c.type}; Accept-Encoding br → ${br}; gzip → ${gzip}; Vary: Accept-Encoding`;
}

/** A byte range asked as the page asks it, with every encoding accepted: 206, the file's bytes, never encoded. */
async function checkRange(port: number, urlPath: string, file: string, range: string): Promise<string> {
  const bytes = readFileSync(file);
  const answer = await fetchRaw(port, urlPath, { Range: range, "Accept-Encoding": "br, gzip" });
  expectThat(answer.status === 206, `${urlPath} ${range}: status ${answer.status}`);
  expectThat(answer.headers["content-encoding"] === undefined, `${urlPath}: encoded`);
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.headers["content-range"] ?? "");
  expectThat(match !== null, `${urlPath}: Content-Range ${answer.headers["content-range"] ?? "missing"}`);
  const [start, end, total] = match.slice(1).map(Number) as [number, number, number];
  expectThat(total === bytes.length, `${urlPath}: Content-Range total ${total}, the file has ${bytes.length}`);
  expectThat(answer.body.equals(bytes.subarray(start, end + 1)), `${urlPath}: the body is not the range's bytes`);
  return `${range} → 206 ${answer.headers["content-range"]}`;
}

async function checkImmutable(o: Options, path: string): Promise<string> {
  const cache = (await fetchRaw(o.port, path)).headers["cache-control"] ?? "";
  expectThat(/max-age=31536000/.test(cache) && /immutable/.test(cache), `${path}: Cache-Control "${cache}"`);
  return `${path}: ${cache}`;
}

async function checkTrailingSlash(o: Options): Promise<string> {
  const bare = await fetchRaw(o.port, "/r/sample");
  expectThat(bare.status === 301 && bare.headers.location === "/r/sample/", `/r/sample: ${bare.status}`);
  const page = await fetchRaw(o.port, "/r/sample/");
  expectThat(page.body.equals(readFileSync(join(o.root, "r/sample/index.html"))), "/r/sample/ is not its index.html");
  return "/r/sample → 301 /r/sample/ → r/sample/index.html";
}

/** A dotfile planted in the export for the time of the check (a host's leftover `.env`), and a dot folder's path. */
async function checkDotfiles(o: Options): Promise<string> {
  const planted = join(o.root, `.deploy-check-${process.pid}`);
  writeFileSync(planted, "planted by npm run deploy:check");
  try {
    const paths = [`/.deploy-check-${process.pid}`, "/.git/config", `/data/.deploy-check-${process.pid}`];
    for (const path of paths) {
      const answer = await fetchRaw(o.port, path);
      expectThat(answer.status === 404, `${path}: status ${answer.status}`);
      expectThat(!answer.body.toString().includes("planted"), `${path}: the dotfile's text was served`);
    }
    return `${paths.join(", ")} → 404`;
  } finally {
    rmSync(planted, { force: true });
  }
}

async function checkNotFound(o: Options): Promise<string> {
  const answer = await fetchRaw(o.port, "/no/such/page/");
  expectThat(answer.status === 404, `/no/such/page/: status ${answer.status}`);
  expectThat(answer.body.equals(readFileSync(join(o.root, "404.html"))), "the body is not out/404.html");
  return "/no/such/page/ → 404 with 404.html";
}

/** An archive the storage server holds, by its URL path there. */
function storageArchive(o: Options): string {
  const dir = join(o.storageRoot, "sample", "trajectories");
  expectThat(existsSync(dir), `${dir} is missing (--storage <dir> holding <release>/trajectories/)`);
  const zip = readdirSync(dir).find((n) => n.endsWith(".zip"));
  expectThat(zip !== undefined, `no .zip in ${dir}`);
  return `/sample/trajectories/${zip}`;
}

const EXPOSED = ["content-range", "content-length", "accept-ranges", "etag"];

async function checkPreflight(o: Options, archive: string): Promise<string> {
  const headers = {
    Origin: siteOrigin(o),
    "Access-Control-Request-Method": "GET",
    "Access-Control-Request-Headers": "range",
  };
  const answer = await fetchRaw(o.storagePort, archive, headers, "OPTIONS");
  expectThat(answer.status === 204, `OPTIONS: status ${answer.status}`);
  expectCors(o, answer);
  const allowed = (answer.headers["access-control-allow-headers"] ?? "").toLowerCase();
  expectThat(allowed.split(/\s*,\s*/).includes("range"), `Access-Control-Allow-Headers "${allowed}"`);
  return `OPTIONS asking for Range → 204, Allow-Origin ${siteOrigin(o)}, Allow-Headers ${allowed}`;
}

function expectCors(o: Options, answer: Answer): void {
  const origin = answer.headers["access-control-allow-origin"];
  expectThat(origin === siteOrigin(o), `Access-Control-Allow-Origin ${origin ?? "missing"}`);
  const exposed = (answer.headers["access-control-expose-headers"] ?? "").toLowerCase().split(/\s*,\s*/);
  const missing = EXPOSED.filter((h) => !exposed.includes(h));
  expectThat(missing.length === 0, `Access-Control-Expose-Headers lacks ${missing.join(", ")}`);
}

async function checkStorageRange(o: Options, archive: string): Promise<string> {
  const answer = await fetchRaw(o.storagePort, archive, { Origin: siteOrigin(o), Range: "bytes=-22" });
  expectThat(answer.status === 206, `${archive}: status ${answer.status}`);
  expectCors(o, answer);
  return `${archive} bytes=-22 → 206, Allow-Origin and Expose-Headers ${EXPOSED.join(", ")}`;
}

const siteOrigin = (o: Options) => `http://localhost:${o.port}`;
const storageOrigin = (o: Options) => `http://localhost:${o.storagePort}`;

interface Seen {
  url: URL;
  status: number;
}

/** Every response, console error, page error and request to an origin other than the two servers'. */
interface Watch {
  responses: Seen[];
  errors: string[];
}

function watch(context: BrowserContext, o: Options): Watch {
  const w: Watch = { responses: [], errors: [] };
  const allowed = new Set([siteOrigin(o), storageOrigin(o)]);
  context.on("page", (page) => {
    page.on("console", (msg) => {
      if (msg.type() === "error") w.errors.push(`console: ${msg.text()} (${msg.location().url})`);
    });
    page.on("pageerror", (err) => w.errors.push(`pageerror: ${err.message}`));
  });
  context.on("request", (req) => {
    const url = new URL(req.url());
    if (!allowed.has(url.origin) && !["data:", "blob:"].includes(url.protocol)) w.errors.push(`foreign: ${url.href}`);
  });
  context.on("response", (res) => w.responses.push({ url: new URL(res.url()), status: res.status() }));
  return w;
}

/** The leaderboards load their scripts after the first paint: wait for hydration as e2e/fixtures.ts does. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(
    ([name, content]) =>
      document.querySelector(`meta[name="${name}"][content="${content}"]`) === null ||
      document.documentElement.dataset.hydrated === "true",
    [PAINT_FIRST_META.name, PAINT_FIRST_META.content] as const,
  );
}

async function checkLeaderboard(page: Page, o: Options): Promise<string> {
  await open(page, `${siteOrigin(o)}/r/sample/`);
  const cell = page.locator(`tr[data-config="${KNOWN_CELL.config}"] td[data-col="${KNOWN_CELL.col}"]`);
  const text = (await cell.innerText()).trim();
  expectThat(text === KNOWN_CELL.text, `${KNOWN_CELL.config} ${KNOWN_CELL.col} shows "${text}"`);
  return `${KNOWN_CELL.config} ${KNOWN_CELL.col} = ${text}`;
}

/**
 * The engine as the page gets it: compileStreaming refuses a response whose type is not application/wasm, and
 * compiles only what decodes to the module, so a wrong type or a mislabelled twin fails here.
 */
async function checkWasmInBrowser(page: Page, o: Options): Promise<string> {
  const wasm = firstFile(o.root, "_next/static/media", /^duckdb-eh\..*\.wasm$/);
  await page.goto(`${siteOrigin(o)}/404.html`);
  const [response, exports] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === wasm),
    page.evaluate(async (url) => (await WebAssembly.compileStreaming(fetch(url))).constructor.name, wasm),
  ]);
  const headers = await response.allHeaders();
  const asked = (await response.request().allHeaders())["accept-encoding"] ?? "nothing";
  expectThat(headers["content-type"] === "application/wasm", `Content-Type ${headers["content-type"]}`);
  return `${wasm} compiled (${exports}); Chromium asked ${asked}, got ${headers["content-encoding"] ?? "no encoding"}`;
}

async function checkSearch(page: Page, o: Options): Promise<string> {
  const query = `?q=${encodeURIComponent(LITERAL_QUERY)}&field=command`;
  await open(page, `${siteOrigin(o)}/r/sample/search/${query}`);
  const summary = page.getByTestId("search-summary");
  await summary.and(page.locator('[data-complete="true"]')).waitFor({ timeout: 90_000 });
  const steps = Number(await summary.getAttribute("data-steps"));
  const hits = await page.locator("[data-hit]").count();
  expectThat(steps > 0 && hits > 0, `"${LITERAL_QUERY}": ${steps} steps, ${hits} hits shown`);
  return `"${LITERAL_QUERY}": ${steps} matching steps, ${hits} hits shown`;
}

function checkGramRanges(seen: Seen[]): string {
  const parts = seen.filter((s) => /\/steps\/grams\/[^/]+\.bin$/.test(s.url.pathname));
  expectThat(parts.length > 0, "the search read no .bin part of the n-gram index");
  const other = parts.filter((s) => s.status !== 206);
  expectThat(other.length === 0, `not 206: ${other.map((s) => `${s.url.pathname} ${s.status}`).join(", ")}`);
  return `${parts.length} reads of ${new Set(parts.map((s) => s.url.pathname)).size} .bin parts, all 206`;
}

async function checkTrajectory(page: Page, o: Options): Promise<string> {
  await open(page, `${siteOrigin(o)}/r/sample/run/?id=${encodeURIComponent(SAMPLE_RUN)}`);
  await page.getByTestId("trajectory-explorer").and(page.locator('[data-ready="true"]')).waitFor({ timeout: 60_000 });
  await page.locator('[data-testid="step-list"] [data-step]').first().waitFor();
  return `${SAMPLE_RUN}: first step shown`;
}

/** The archives were read by range only, from where the build says they are. */
function checkArchiveReads(seen: Seen[], o: Options): string {
  const archives = seen.filter((s) => s.url.pathname.endsWith(".zip"));
  expectThat(archives.length > 0, "no .zip was read");
  const expected = o.objectStorage ? storageOrigin(o) : siteOrigin(o);
  const wrong = archives.filter((s) => s.status !== 206 || s.url.origin !== expected);
  const listed = [...new Set(wrong.map((s) => `${s.url.href} ${s.status}`))].join(", ");
  expectThat(wrong.length === 0, `not 206 from ${expected}: ${listed}`);
  return `${archives.length} reads of ${new Set(archives.map((s) => s.url.pathname)).size} archive(s), all 206 from ${expected}`;
}

/** With object storage: nothing but the archives came from the storage origin. */
function checkStorageOnlyArchives(w: Watch, o: Options): string {
  const fromStorage = w.responses.filter((s) => s.url.origin === storageOrigin(o));
  const other = fromStorage.filter((s) => !/^\/[^/]+\/trajectories\/[^/]+\.zip$/.test(s.url.pathname));
  expectThat(fromStorage.length > 0, `nothing came from ${storageOrigin(o)}`);
  expectThat(other.length === 0, `also from storage: ${other.map((s) => s.url.pathname).join(", ")}`);
  return `${fromStorage.length} responses from ${storageOrigin(o)}, all trajectory archives`;
}

/** The export carries the storage origin only when it was built with NEXT_PUBLIC_TRAJECTORY_BASE_URL set to it. */
function checkBuiltForStorage(o: Options): string {
  const dir = join(o.root, "_next/static/chunks");
  const scripts = readdirSync(dir).filter((n) => n.endsWith(".js"));
  const found = scripts.some((n) => readFileSync(join(dir, n), "utf8").includes(storageOrigin(o)));
  expectThat(
    found,
    `no chunk names ${storageOrigin(o)}: build with NEXT_PUBLIC_TRAJECTORY_BASE_URL=${storageOrigin(o)}`,
  );
  return `the export's scripts read trajectories from ${storageOrigin(o)}`;
}

async function browserChecks(o: Options): Promise<void> {
  const browser = await chromium.launch(await quietLaunchOptions());
  try {
    const context = await browser.newContext();
    context.setDefaultTimeout(60_000);
    const w = watch(context, o);
    const inPage = async (act: (page: Page) => Promise<string>) => {
      const page = await context.newPage();
      try {
        return await act(page);
      } finally {
        await page.close();
      }
    };
    // Only the search reads .bin parts and only the trajectory page reads archives: their checks read all responses.
    await check("leaderboard /r/sample/ renders its numbers", () => inPage((p) => checkLeaderboard(p, o)));
    await check("DuckDB wasm compiles in the browser", () => inPage((p) => checkWasmInBrowser(p, o)));
    await check("literal search returns hits", () => inPage((p) => checkSearch(p, o)));
    await check("search index parts (.bin) answered 206", async () => checkGramRanges(w.responses));
    await check("trajectory page shows its first step", () => inPage((p) => checkTrajectory(p, o)));
    await check("trajectory archives (.zip) answered 206", async () => checkArchiveReads(w.responses, o));
    if (o.objectStorage)
      await check("only the archives came from object storage", async () => checkStorageOnlyArchives(w, o));
    await check("no page error, console error or foreign request", async () => {
      expectThat(w.errors.length === 0, w.errors.join("; "));
      return `${w.responses.length} responses`;
    });
  } finally {
    await browser.close();
  }
}

async function nodeChecks(o: Options): Promise<void> {
  if (o.objectStorage) await check("export built for object storage", async () => checkBuiltForStorage(o));
  for (const c of compressibles(o.root)) await check(`precompressed ${c.label}`, () => checkCompressible(o, c));
  const chunk = firstFile(o.root, "_next/static/chunks", /\.js$/);
  await check("/_next/static/ cached a year, immutable", () => checkImmutable(o, chunk));
  await check("trailing-slash export", () => checkTrailingSlash(o));
  await check("missing path answers the 404 page", () => checkNotFound(o));
  await check("dotfiles answer 404", () => checkDotfiles(o));
  if (!o.objectStorage) {
    const zip = storageArchive(o);
    await check("Range on a .zip (suffix, as the archive reader asks)", () =>
      checkRange(o.port, `/data${zip}`, join(o.root, "data", zip), "bytes=-22"),
    );
  }
  await check("Range on a .bin (search index)", () =>
    checkRange(
      o.port,
      "/data/sample/steps/grams/dir.bin",
      join(o.root, "data/sample/steps/grams/dir.bin"),
      "bytes=12-23",
    ),
  );
  await check("storage: CORS preflight for Range", () => checkPreflight(o, storageArchive(o)));
  await check("storage: Range with CORS headers", () => checkStorageRange(o, storageArchive(o)));
}

async function main(): Promise<void> {
  const o = options();
  expectThat(existsSync(join(o.root, "index.html")), `${o.root} holds no export (index.html)`);
  expectThat(existsSync(NGINX), `no nginx at ${NGINX}: apt-get install -y nginx, or set NGINX_PATH`);
  const prefix = mkdtempSync(join(tmpdir(), "deploy-check-"));
  let nginx: ChildProcess | null = null;
  // Also on Ctrl-C or a kill: nginx must not outlive the check.
  const stopOnSignal = () => {
    nginx?.kill("SIGTERM");
    rmSync(prefix, { recursive: true, force: true });
    process.exit(130);
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    await expectFreePorts(o);
    nginx = spawnNginx(writeConfig(prefix, o), prefix);
    await listening(nginx, o);
    console.log(
      `nginx (deploy/nginx.conf) serves ${o.root} on ${siteOrigin(o)}, ${o.storageRoot} on ${storageOrigin(o)}`,
    );
    await nodeChecks(o);
    await browserChecks(o);
  } finally {
    if (nginx) await stopNginx(nginx);
    rmSync(prefix, { recursive: true, force: true });
  }
  console.log(failures === 0 ? "deploy check passed" : `deploy check: ${failures} check(s) failed`);
  process.exitCode = failures === 0 ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
