// npm run release:verify -- <config id> --in <release dir> --by <name> --at <YYYY-MM-DD>
// Records that a maintainer reproduced a configuration's result (configs.jsonl `verified`), then validates.
import { cliArgs } from "./cli-args";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadRelease } from "../lib/data/load-release";
import { markVerified } from "../lib/data/submission-verify";
import { validateRelease } from "../lib/data/validate";
import { formatProblem } from "../lib/data/validate-report";

const USAGE = "usage: npm run release:verify -- <config id> --in <release dir> --by <name> --at <YYYY-MM-DD>";

async function main(args: string[]): Promise<number> {
  const parsed = cliArgs(args, ["in", "by", "at"]);
  if (parsed === null) return usage();
  const { positional, flags } = parsed;
  if (positional.length !== 1 || !flags.in || !flags.by || !flags.at) return usage();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(flags.at)) {
    console.error("--at must be a date, e.g. 2026-05-01");
    return 2;
  }
  const path = join(flags.in, "configs.jsonl");
  const out = markVerified(readFileSync(path, "utf8"), positional[0]!, { by: flags.by, at: flags.at });
  if (!out.found) {
    console.error(`${path} has no configuration ${positional[0]}`);
    return 1;
  }
  writeFileSync(path, out.text);
  console.log(
    `${positional[0]} verified by ${flags.by} on ${flags.at}${out.previous ? ` (was: ${out.previous.by} on ${out.previous.at})` : ""}`,
  );
  const { release, problems } = await loadRelease(flags.in);
  const errors = [...problems, ...(release ? validateRelease(release) : [])].filter((p) => p.level === "error");
  for (const p of errors) console.error(formatProblem(p));
  return errors.length ? 1 : 0;
}

function usage(): number {
  console.error(USAGE);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
