// Results of the trajectory pass kept between builds, one small JSON file per analysed trajectory. The key
// is the main file's content hash, the run's context (schedule, checkouts, verdict: a changed verdict must
// re-run the detectors) and every analyzer's version; the entry lists the hashes of the other files the
// trajectory was read from (continuations, subagent files), which are checked before the entry is trusted.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { PassProblem, RunAnalysisFields } from "./types";

export interface CacheEntry {
  /** Other files read, by reference, with their sha256. */
  files: Record<string, string>;
  analysis: RunAnalysisFields;
  /** NDJSON per table, as PassResult.tables. */
  tables: Record<string, string>;
  problem: PassProblem | null;
}

export function sha256(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}

export function cacheKey(mainHash: string, context: unknown, versions: string): string {
  return sha256(`${mainHash}\n${JSON.stringify(context)}\n${versions}`);
}

export class PassCache {
  constructor(readonly dir: string | null) {}

  private path(key: string): string {
    return join(this.dir!, key.slice(0, 2), `${key}.json`);
  }

  get(key: string): CacheEntry | null {
    if (this.dir === null) return null;
    try {
      return JSON.parse(readFileSync(this.path(key), "utf8")) as CacheEntry;
    } catch {
      return null;
    }
  }

  set(key: string, entry: CacheEntry): void {
    if (this.dir === null) return;
    const file = this.path(key);
    mkdirSync(dirname(file), { recursive: true });
    // Written then renamed: two builds sharing the cache never read half an entry.
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(tmp, JSON.stringify(entry));
    renameSync(tmp, file);
  }
}
