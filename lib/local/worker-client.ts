// The page's side of the local-results worker: one worker per opening, ended when it answers.
import type { LocalResult } from "./open";
import type { InputFile } from "./source";
import type { LocalWorkerRequest, LocalWorkerResponse } from "./worker-protocol";

export function openInWorker(files: InputFile[], onProgress: (message: string) => void, limit?: number): Promise<LocalResult> {
  const worker = new Worker(new URL("./local.worker.ts", import.meta.url));
  return new Promise<LocalResult>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<LocalWorkerResponse>) => {
      const msg = e.data;
      if (msg.type === "progress") return onProgress(msg.message);
      worker.terminate();
      if (msg.type === "result") resolve(msg.result);
      else reject(new Error(msg.message));
    };
    worker.onerror = (e) => {
      worker.terminate();
      // A worker that dies without answering has usually run out of memory.
      reject(new Error(e.message ? `reading stopped: ${e.message}` : "reading stopped: the browser could not finish (out of memory?); try a smaller release"));
    };
    worker.onmessageerror = () => {
      worker.terminate();
      reject(new Error("reading stopped: the worker's answer could not be passed to the page (too large or too deeply nested)"));
    };
    const request: LocalWorkerRequest = { id: 1, files, ...(limit !== undefined ? { limit } : {}) };
    worker.postMessage(request);
  });
}
