// How a worker reads a local release's file: it asks the page for the file at a path ("need"), the page answers
// with the picked file's handle ("file"), and the worker reads the bytes itself. Shared by the trajectory
// explorer's parse worker and the compare page's alignment worker, so a local file is never fetched by either.
import { openFileRef, type FileRef } from "./run-files";

/** Finds a picked file by its path below the local release folder; null when none was picked there. */
export type FindFile = (path: string) => Promise<FileRef | null>;

/** The worker's question; `N` is what the worker adds to say which load it is for. */
export type FileNeed<N> = N & { type: "need"; ask: number; path: string };

/** The page's answer to a "need": the file's handle, or null when no such file was picked. */
export interface FileAnswer {
  type: "file";
  id: number;
  ask: number;
  ref: FileRef | null;
  error?: string;
}

/** Worker side: numbered questions to the page, settled when its answers arrive (pass them to `settle`). */
export function fileAsker<N extends object>(post: (need: FileNeed<N>) => void) {
  const asked = new Map<number, { resolve: (ref: FileRef | null) => void; reject: (e: Error) => void }>();
  let next = 1;
  return {
    ask(tag: N, path: string): Promise<FileRef | null> {
      const ask = next++;
      return new Promise((resolve, reject) => {
        asked.set(ask, { resolve, reject });
        post({ ...tag, type: "need", ask, path });
      });
    },
    settle(answer: FileAnswer): void {
      const q = asked.get(answer.ask);
      asked.delete(answer.ask);
      if (answer.error !== undefined) q?.reject(new Error(answer.error));
      else q?.resolve(answer.ref);
    },
  };
}

/** Worker side: the whole text of a handed-over file (a zip entry is inflated here). */
export async function fileRefText(ref: FileRef): Promise<string> {
  return new Response(await openFileRef(ref)).text();
}

/** Page side: answers one "need" from `find` (null: the load is not of local files). */
export function answerFileNeed(
  find: FindFile | null,
  ask: number,
  path: string,
  post: (answer: FileAnswer) => void,
): void {
  const reply = (ref: FileRef | null, error?: string) =>
    post({ type: "file", id: 0, ask, ref, ...(error !== undefined ? { error } : {}) });
  if (!find) return reply(null, "this trajectory is not from local files");
  find(path).then(
    (ref) => reply(ref),
    (e: unknown) => reply(null, e instanceof Error ? e.message : String(e)),
  );
}
