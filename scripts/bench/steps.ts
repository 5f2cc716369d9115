// Step selection for `npm run bench` and merging a partial run's sections and budget rows into the existing
// docs/performance.md (a step not run keeps its last numbers; each row says what it measured).

export const STEPS = ["data", "archives", "leaderboard", "trajectory", "speed", "scale"] as const;
export type Step = (typeof STEPS)[number];

interface Budget { name: string; value: string; limit: string; ok: boolean }

/** `--steps a,b` or BENCH_STEPS=a,b; none: every step except scale (the 100× build runs only when asked). */
export function selectedSteps(argv: string[], env: string | undefined): Set<Step> {
  const i = argv.indexOf("--steps");
  const list = i >= 0 ? argv[i + 1] : env;
  if (!list) return new Set(STEPS.filter((s) => s !== "scale"));
  const names = list.split(",").map((s) => s.trim()).filter(Boolean);
  for (const n of names) if (!(STEPS as readonly string[]).includes(n)) throw new Error(`unknown bench step "${n}" (steps: ${STEPS.join(", ")})`);
  return new Set(names as Step[]);
}

const row = (b: Budget) => `| ${b.name} | ${b.value} | ${b.limit} | ${b.ok ? "pass" : "**FAIL**"} |`;

/** Replaces budget rows by name (appending new ones) and `## ` sections by heading (appending new ones). */
export function mergeDoc(doc: string, budgets: readonly Budget[], sections: readonly string[]): string {
  let out = doc;
  for (const b of budgets) {
    const lines = out.split("\n");
    const at = lines.findIndex((l) => l.startsWith(`| ${b.name} |`));
    if (at >= 0) lines[at] = row(b);
    else {
      const header = lines.findIndex((l) => l.startsWith("| --- | ---: | ---: | --- |"));
      let end = header + 1;
      while (end < lines.length && lines[end]!.startsWith("|")) end++;
      lines.splice(end, 0, row(b));
    }
    out = lines.join("\n");
  }
  for (const section of sections) {
    const heading = section.split("\n")[0]!;
    const start = out.indexOf(`\n${heading}\n`);
    if (start < 0) {
      out = `${out.replace(/\n*$/, "\n")}\n${section}`;
      continue;
    }
    const next = out.indexOf("\n## ", start + heading.length + 1);
    out = out.slice(0, start + 1) + section.replace(/\n*$/, "\n") + (next < 0 ? "" : `\n${out.slice(next + 1)}`);
  }
  return out.replace(/^Written by `npm run bench` \(scripts\/bench\.ts\) on [^,]+,/m, `Written by \`npm run bench\` (scripts/bench.ts) on ${new Date().toISOString().slice(0, 10)},`);
}
