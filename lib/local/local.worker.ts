// The local-results worker: everything that reads, parses, checks or flattens the user's files runs here, so
// the page stays responsive whatever was dropped. What grows with the release reaches the page in forms its
// thread takes at once: the tables as Blobs, the problems as one text (worker-protocol.ts).
import { openLocal } from "./open";
import { forPage, transferOf, type LocalWorkerRequest, type LocalWorkerResponse } from "./worker-protocol";

interface Scope {
  onmessage: ((e: MessageEvent<LocalWorkerRequest>) => void) | null;
  postMessage(message: LocalWorkerResponse, transfer?: Transferable[]): void;
}
const scope = self as unknown as Scope;

scope.onmessage = (e) => {
  const { id, files, limit } = e.data;
  openLocal(files, {
    limit,
    progress: (message) => scope.postMessage({ type: "progress", id, message }),
    onLogs: (logs) => scope.postMessage({ type: "logs", id, logs }),
  })
    .then((opened) => {
      const result = forPage(opened);
      scope.postMessage({ type: "result", id, result }, transferOf(result));
    })
    .catch((err: unknown) =>
      scope.postMessage({ type: "error", id, message: err instanceof Error ? err.message : String(err) }),
    );
};
