// Messages between the page and the local-results worker.
import type { LocalResult } from "./open";
import type { InputFile } from "../files/source";

export interface LocalWorkerRequest {
  id: number;
  files: InputFile[];
  limit?: number;
}

export type LocalWorkerResponse =
  | { type: "progress"; id: number; message: string }
  | { type: "result"; id: number; result: LocalResult }
  | { type: "error"; id: number; message: string };
