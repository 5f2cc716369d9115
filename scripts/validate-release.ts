// npm run data:validate -- <release dir>
// Prints every problem of a release with file, line, record and rule; exits 1 on any error, 0 when only
// warnings (e.g. runs without trajectories) remain, 2 on a usage mistake.
import { loadRelease } from "../lib/data/load-release";
import { validateReleaseOnDisk } from "../lib/data/validate-trajectories";
import { formatProblem, sortProblems, summarize } from "../lib/data/validate-report";
import { pushAll } from "../lib/common/arrays";

async function main(args: string[]): Promise<number> {
  const dir = args[0];
  if (dir === undefined || args.length > 1) {
    console.error("usage: npm run data:validate -- <release dir>");
    return 2;
  }
  const { release, problems } = await loadRelease(dir);
  if (release) {
    // Every trajectory is read too (inflated and parsed, one at a time), as the viewer would read it.
    pushAll(problems, (await validateReleaseOnDisk(release)).problems);
  } else if (!problems.some((p) => p.rule === "release.path")) {
    console.log(
      "note: release.json is unusable, so only the files' own problems are listed (no schedule or reference checks)",
    );
  }
  for (const problem of sortProblems(problems)) console.log(formatProblem(problem));
  console.log(summarize(problems, dir));
  return problems.some((p) => p.level === "error") ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
