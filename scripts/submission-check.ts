// npm run submission:check -- <submission dir> --release <published release dir> [--json <file>]
// Prints the Markdown report (for a pull-request comment), writes its JSON twin (default
// submission-check.json in the current folder), exits 1 when any rule fails, 2 on a usage mistake.
import { writeFileSync } from "node:fs";
import { basename } from "node:path";
import { checkSubmissionDir } from "../lib/data/submission-load";
import { reportJson, reportMarkdown } from "../lib/data/submission-report";

const USAGE = "usage: npm run submission:check -- <submission dir> --release <published release dir> [--json <file>]";

async function main(args: string[]): Promise<number> {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--release" || a === "--json") {
      const v = args[++i];
      if (v === undefined) return usage();
      flags[a.slice(2)] = v;
    } else if (a.startsWith("--")) return usage();
    else positional.push(a);
  }
  if (positional.length !== 1 || !flags.release) return usage();
  const dir = positional[0]!;
  const report = await checkSubmissionDir(dir, flags.release);
  const jsonPath = flags.json ?? "submission-check.json";
  writeFileSync(jsonPath, reportJson(report));
  console.log(reportMarkdown(report, basename(dir.replace(/[\\/]+$/, ""))));
  console.error(`JSON report written to ${jsonPath}`);
  return report.ok ? 0 : 1;
}

function usage(): number {
  console.error(USAGE);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
