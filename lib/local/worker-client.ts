// The page's side of the local-results worker: one worker per opening, ended when it answers.
import type { InputFile } from "../files/source";
import type { TrajectorySummary } from "./open-logs";
import type { LocalWorkerRequest, LocalWorkerResponse, PostedLocalResult } from "./worker-protocol";

/** How the page words a local-results worker that died (e2e/local-hostile.spec.ts reads it). */
export const CRASHED = "the local-results reader ran out of memory or crashed";

export function openInWorker(
  files: InputFile[],
  onProgress: (message: string) => void,
  limit?: number,
  onLogs?: (logs: TrajectorySummary[]) => void,
): Promise<PostedLocalResult> {
  const worker = new Worker(new URL("./local.worker.ts", import.meta.url));
  return new Promise<PostedLocalResult>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<LocalWorkerResponse>) => {
      const msg = e.data;
      if (msg.type === "progress") return onProgress(msg.message);
      if (msg.type === "logs") return onLogs?.(msg.logs);
      worker.terminate();
      if (msg.type === "result") resolve(msg.result);
      else reject(new Error(msg.message));
    };
    // A worker that dies without answering (an allocation it does not catch: out of memory, most likely) is
    // ended and said so; the page, its published rows and later openings are unaffected.
    worker.onerror = (e) => {
      e.preventDefault();
      worker.terminate();
      reject(
        new Error(
          `${CRASHED}: ${e.message || "no message from the browser"}; nothing was loaded, the rest of the page still works (a smaller release, or npm run data:validate, may do)`,
        ),
      );
    };
    worker.onmessageerror = () => {
      worker.terminate();
      reject(
        new Error(
          "reading stopped: the worker's answer could not be passed to the page (too large or too deeply nested)",
        ),
      );
    };
    const request: LocalWorkerRequest = { id: 1, files, ...(limit !== undefined ? { limit } : {}) };
    worker.postMessage(request);
  });
}
