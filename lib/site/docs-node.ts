// Build-time read of a docs/ page the site renders (the About page is docs/benchmark.md). Server only.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseMarkdown, type Block } from "./markdown";

export function docsPage(name: string): Block[] {
  return parseMarkdown(readFileSync(join(process.cwd(), "docs", name), "utf8"));
}
