// Every JSON file the data build writes beside a release: one line of JSON and a newline, its folder made first
// (the per-item writers put files under folders such as compare-pairs/ and cost-bins/).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export function writeJsonFile(out: string, file: string, value: unknown): void {
  const path = join(out, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value) + "\n");
}
