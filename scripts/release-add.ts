// npm run release:add -- <submission dir> --into <release dir> [--verified-by <name> --verified-at <date>]
// Runs the submission check against the release it goes into, and adds the configuration(s), runs and
// trajectories only when every rule passes and no file would be overwritten. Exits 1 when refused.
// npm run release:add -- <annotations.jsonl> --into <release dir>
// Checks annotation records (the review page's export) against the release and appends the new ones to its
// annotations.jsonl; one invalid record refuses the file. Exits 1 when refused.
import { cliArgs } from "./cli-args";
import { statSync } from "node:fs";
import { basename } from "node:path";
import { addAnnotations } from "../lib/data/annotations-add";
import { addSubmission } from "../lib/data/submission-add";
import { reportMarkdown } from "../lib/data/submission-report";
import { formatProblem } from "../lib/data/validate-report";

const USAGE =
  "usage: npm run release:add -- <submission dir> --into <release dir> [--verified-by <name> --verified-at <YYYY-MM-DD>]\n" +
  "       npm run release:add -- <annotations.jsonl> --into <release dir>";

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

async function mainAnnotations(file: string, into: string): Promise<number> {
  const result = await addAnnotations({ file, into });
  for (const p of result.problems) (p.level === "error" ? console.error : console.log)(formatProblem(p));
  if (result.refused) {
    console.error(`refused: ${result.refused}; nothing was written to ${into}`);
    return 1;
  }
  for (const s of result.skipped)
    console.log(`skipped ${file}:${s.line}: the same record is already at ${s.sameAs.file}:${s.sameAs.line ?? "?"}`);
  console.log(
    `${result.added} annotation line(s) appended to ${into}/annotations.jsonl, ${result.skipped.length} skipped`,
  );
  const errors = result.after.filter((p) => p.level === "error");
  for (const p of errors) console.error(formatProblem(p));
  return errors.length ? 1 : 0;
}

async function main(args: string[]): Promise<number> {
  const parsed = cliArgs(args, ["into", "verified-by", "verified-at"]);
  if (parsed === null) return usage();
  const { positional, flags } = parsed;
  if (positional.length !== 1 || !flags.into) return usage();
  if (isFile(positional[0]!)) {
    if (flags["verified-by"] !== undefined || flags["verified-at"] !== undefined) return usage();
    return mainAnnotations(positional[0]!, flags.into);
  }
  if ((flags["verified-by"] === undefined) !== (flags["verified-at"] === undefined)) {
    console.error("--verified-by and --verified-at go together: who reproduced the result, and when");
    return 2;
  }
  if (flags["verified-at"] !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(flags["verified-at"])) {
    console.error("--verified-at must be a date, e.g. 2026-05-01");
    return 2;
  }
  const dir = positional[0]!;
  const verified = flags["verified-by"] ? { by: flags["verified-by"], at: flags["verified-at"]! } : undefined;
  const result = await addSubmission({ submission: dir, into: flags.into, verified });
  if (result.refused) {
    console.log(reportMarkdown(result.report, basename(dir.replace(/[\\/]+$/, ""))));
    console.error(`refused: ${result.refused}; nothing was written to ${flags.into}`);
    return 1;
  }
  for (const c of result.configs)
    console.log(
      `added ${c.config_id}${c.verified ? ` (verified by ${c.verified.by} on ${c.verified.at})` : " (not verified)"}`,
    );
  console.log(`${result.runs} run(s), ${result.files.length} trajectory path(s) copied into ${flags.into}`);
  const errors = result.after.filter((p) => p.level === "error");
  for (const p of errors) console.error(formatProblem(p));
  return errors.length ? 1 : 0;
}

function usage(): number {
  console.error(USAGE);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
