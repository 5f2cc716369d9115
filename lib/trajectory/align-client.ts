// The page's side of the alignment worker (browser only: created in an effect, terminated on cleanup).
import { answerFileNeed, type FindFile } from "../files/file-asks";
import type { AlignRequest, AlignResponse, AlignResult, PaneRequest, PaneSide } from "./align-protocol";

/** For a local pane: finds its files in the local release the run is from. */
export type PaneFiles = Partial<Record<PaneSide, FindFile>>;

export class AlignWorker {
  private readonly worker: Worker;
  private next = 1;
  private readonly pending = new Map<
    number,
    { resolve: (r: AlignResult) => void; reject: (e: Error) => void; files: PaneFiles }
  >();

  constructor() {
    this.worker = new Worker(new URL("./align.worker.ts", import.meta.url));
    this.worker.onmessage = (e: MessageEvent<AlignResponse>) => {
      const msg = e.data;
      const p = this.pending.get(msg.id);
      if (msg.type === "need") {
        answerFileNeed(p?.files[msg.side] ?? null, msg.ask, msg.path, (answer) =>
          this.worker.postMessage(answer satisfies AlignRequest),
        );
        return;
      }
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.type === "aligned") p.resolve(msg.result);
      else p.reject(new Error(msg.message));
    };
    this.worker.onerror = (e) => {
      for (const p of this.pending.values()) p.reject(new Error(e.message || "the alignment worker failed"));
      this.pending.clear();
    };
  }

  /** `files`: for each local pane (`local: true`), where its file is found; published panes are fetched. */
  align(left: PaneRequest, right: PaneRequest, files: PaneFiles = {}): Promise<AlignResult> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, files });
      this.worker.postMessage({ type: "align", id, left, right } satisfies AlignRequest);
    });
  }

  terminate(): void {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error("closed"));
    this.pending.clear();
  }
}
