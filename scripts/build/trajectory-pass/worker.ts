// A trajectory-pass worker thread: takes jobs one at a time (so it holds one trajectory), answers each with
// its rows. Archives stay open across jobs (most of a release's runs share a few archives).
import { parentPort, workerData } from "node:worker_threads";
import { ArchiveCache } from "../../../lib/archive/read-node";
import { analyzeOne } from "./analyze-one";
import { ANALYZERS, versionsKey } from "./analyzers";
import { PassCache } from "./cache";
import type { PassJob } from "./types";

const { cacheDir } = workerData as { cacheDir: string | null };
const archives = new ArchiveCache();
const cache = new PassCache(cacheDir);
const versions = versionsKey();

parentPort!.on("message", (msg: { type: "job"; job: PassJob } | { type: "done" }) => {
  if (msg.type === "done") {
    void archives.close().then(() => parentPort!.close());
    return;
  }
  analyzeOne(msg.job, archives, cache, ANALYZERS, versions).then(
    (result) => parentPort!.postMessage({ type: "result", result }),
    (err: unknown) =>
      parentPort!.postMessage({
        type: "failed",
        runId: msg.job.ctx.runId,
        message: err instanceof Error ? err.message : String(err),
      }),
  );
});
