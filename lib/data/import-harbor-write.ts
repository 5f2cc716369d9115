// Writes an imported release folder. It only ever replaces a folder that is empty or was written by an
// earlier import (release.json says so), so a mistyped --out cannot wipe a hand-made release.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Release } from "./schema";

const FILES = ["release.json", "tasks.jsonl", "sessions.jsonl", "configs.jsonl", "runs.jsonl", "annotations.jsonl"];

export function isImportedRelease(dir: string): boolean {
  try {
    const meta = JSON.parse(readFileSync(join(dir, "release.json"), "utf8")) as { extra?: { imported_from?: unknown } };
    return meta.extra?.imported_from === "harbor";
  } catch {
    return false;
  }
}

/** `writeTrajectories` copies the trajectories into the folder and sets each run's `trajectory`. */
export function writeRelease(release: Release, writeTrajectories: (dir: string) => void): void {
  const dir = release.dir;
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    if (!isImportedRelease(dir)) throw new Error(`${dir} is not empty and was not written by import:harbor; choose another --out`);
    for (const f of FILES) rmSync(join(dir, f), { force: true });
    rmSync(join(dir, "trajectories"), { recursive: true, force: true });
    rmSync(join(dir, "patches"), { recursive: true, force: true });
  }
  mkdirSync(dir, { recursive: true });
  writeTrajectories(dir);
  const jsonl = (records: readonly object[]) => records.map((r) => JSON.stringify(r)).join("\n") + (records.length ? "\n" : "");
  writeFileSync(join(dir, "release.json"), `${JSON.stringify(release.meta, null, 2)}\n`);
  writeFileSync(join(dir, "tasks.jsonl"), jsonl(release.tasks));
  writeFileSync(join(dir, "sessions.jsonl"), jsonl(release.sessions));
  writeFileSync(join(dir, "configs.jsonl"), jsonl(release.configs));
  writeFileSync(join(dir, "runs.jsonl"), jsonl(release.runs));
}
