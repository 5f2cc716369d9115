// File cycles, type-only imports included: import-x/no-cycle (eslint.config.mjs) skips `import type`, and a
// type cycle still ties two files' designs together (docs/architecture.md, "Layers and what each may import").
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

const EXTENSIONS = ["", ".ts", ".tsx", ".mjs"];
const IMPORT = /(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']/g;

/** The repository files a file imports (relative and `@/` specifiers), by the same spelling rules as tsconfig. */
export function importsOf(root: string, file: string, text: string): string[] {
  const deps: string[] = [];
  for (const [, spec] of text.matchAll(IMPORT)) {
    const base = spec!.startsWith("@/")
      ? resolve(root, spec!.slice(2))
      : spec!.startsWith(".")
        ? resolve(dirname(resolve(root, file)), spec!)
        : null;
    const found =
      base === null ? undefined : EXTENSIONS.map((e) => base + e).find((p) => existsSync(p) && !p.endsWith("/"));
    if (found && /\.(ts|tsx|mjs)$/.test(found)) deps.push(relative(root, found));
  }
  return deps;
}

export function importGraph(root: string, files: readonly string[]): Map<string, string[]> {
  return new Map(files.map((f) => [f, importsOf(root, f, readFileSync(resolve(root, f), "utf8"))]));
}

/** Every set of files that import each other in a ring (strongly connected components of more than one file). */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const ring: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      ring.push(w);
    } while (w !== v);
    if (ring.length > 1) cycles.push(ring.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}
