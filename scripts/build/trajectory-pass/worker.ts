// A trajectory-pass worker thread: jobs queue here and run one at a time (so it holds one trajectory), each
// answered with its rows in the order the jobs came. The next job is already queued while one runs, so the
// thread never waits for the main thread. Archives stay open across jobs (a release's runs share a few).
import { parentPort, workerData } from "node:worker_threads";
import { ArchiveCache } from "../../../lib/archive/read-node";
import { analyzeOne } from "./analyze-one";
import { PassCache } from "./cache";
import { heapBound } from "./heap-bound";
import type { PassJob } from "./types";

const { cacheDir } = workerData as { cacheDir: string | null };
const archives = new ArchiveCache();
const cache = new PassCache(cacheDir);
const queue: PassJob[] = [];
const utf8 = new TextEncoder();

const boundHeap = heapBound(64 * 1024 * 1024);
let running = false;
let closing = false;

async function drain(): Promise<void> {
  running = true;
  while (queue.length > 0) {
    const job = queue.shift()!;
    try {
      const result = await analyzeOne(job, archives, cache);
      // As bytes moved to the main thread: its heap then never holds the rows (external memory is collected
      // promptly), and it writes them without encoding.
      const moved: ArrayBuffer[] = [];
      for (const [table, text] of Object.entries(result.tables)) {
        const bytes = typeof text === "string" ? utf8.encode(text) : text;
        result.tables[table] = bytes;
        moved.push(bytes.buffer as ArrayBuffer);
      }
      parentPort!.postMessage({ type: "result", result }, moved);
      boundHeap();
    } catch (err) {
      parentPort!.postMessage({ type: "failed", message: err instanceof Error ? err.message : String(err) });
    }
  }
  running = false;
  if (closing) await close();
}

async function close(): Promise<void> {
  await archives.close();
  parentPort!.close();
}

parentPort!.on("message", (msg: { type: "job"; job: PassJob } | { type: "done" }) => {
  if (msg.type === "done") {
    closing = true;
    if (!running) void close();
    return;
  }
  queue.push(msg.job);
  if (!running) void drain();
});
