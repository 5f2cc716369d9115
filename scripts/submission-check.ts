// npm run submission:check -- <submission dir> --release <published release dir> [--json <file>]
// Prints the Markdown report (for a pull-request comment), writes its JSON twin (default
// submission-check.json in the current folder), exits 1 when any rule fails, 2 on a usage mistake.
import { cliArgs } from "./cli-args";
import { writeFileSync } from "node:fs";
import { basename } from "node:path";
import { checkSubmissionDir } from "../lib/data/submission-load";
import { reportJson, reportMarkdown } from "../lib/data/submission-report";

const USAGE = "usage: npm run submission:check -- <submission dir> --release <published release dir> [--json <file>]";

async function main(args: string[]): Promise<number> {
  const parsed = cliArgs(args, ["release", "json"]);
  if (parsed === null) return usage();
  const { positional, flags } = parsed;
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
