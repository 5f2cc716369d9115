// Merging a partial run's sections and budget rows into the existing
// docs/performance.md (a step not run keeps its last numbers; each row says what it measured).

/** A budget row of docs/performance.md. */
export interface Budget {
  name: string;
  value: string;
  limit: string;
  ok: boolean;
}

const row = (b: Budget) => `| ${b.name} | ${b.value} | ${b.limit} | ${b.ok ? "pass" : "**FAIL**"} |`;

/**
 * Replaces budget rows by name (appending new ones), drops retired ones, and replaces `## ` sections by heading
 * (appending new ones).
 */
export function mergeDoc(
  doc: string,
  budgets: readonly Budget[],
  sections: readonly string[],
  /** Names of budgets a step that ran no longer writes (renamed): their rows would otherwise stay forever. */
  retired: readonly string[] = [],
): string {
  let out = doc
    .split("\n")
    .filter((l) => !retired.some((name) => l.startsWith(`| ${name} |`)))
    .join("\n");
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
  return out.replace(
    /^Written by `npm run bench` \(scripts\/bench\.ts\) on [^,]+,/m,
    `Written by \`npm run bench\` (scripts/bench.ts) on ${new Date().toISOString().slice(0, 10)},`,
  );
}
