// The local-results worker: everything that reads, parses, checks or flattens the user's files runs here, so
// the page stays responsive whatever was dropped. The table bytes are transferred back, not copied.
import { openLocal } from "./open";
import type { LocalWorkerRequest, LocalWorkerResponse } from "./worker-protocol";

interface Scope {
  onmessage: ((e: MessageEvent<LocalWorkerRequest>) => void) | null;
  postMessage(message: LocalWorkerResponse, transfer?: Transferable[]): void;
}
const scope = self as unknown as Scope;

scope.onmessage = (e) => {
  const { id, files, limit } = e.data;
  openLocal(files, { limit, progress: (message) => scope.postMessage({ type: "progress", id, message }) })
    .then((result) => {
      const transfer =
        result.kind === "release" ? Object.values(result.tables).map((b) => b.buffer as ArrayBuffer) : [];
      scope.postMessage({ type: "result", id, result }, transfer);
    })
    .catch((err: unknown) =>
      scope.postMessage({ type: "error", id, message: err instanceof Error ? err.message : String(err) }),
    );
};
