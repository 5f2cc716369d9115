// npm run import:harbor -- --jobs <dir> --specs <release dir> --config <id> --out <release dir> [options]
// Turns Harbor job output into a release (docs/data-format.md, "Importing Harbor jobs"), then validates the
// written release like any other. Exits 1 when the import or the release has an error, 2 on a usage mistake.
import { parseArgs } from "node:util";
import { importHarbor } from "../lib/data/import-harbor";
import { formatProblem, sortProblems, summarize } from "../lib/data/validate-report";

const USAGE = `usage: npm run import:harbor -- --jobs <dir> --specs <release dir> --config <id> --out <release dir>
  [--mapping <file.json>] [--release-id <id>] [--display-name <text>] [--model <text>] [--harness <text>]
  [--harness-version <text>] [--reasoning <text>] [--variant <text>]`;

async function main(argv: string[]): Promise<number> {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: {
        jobs: { type: "string" },
        specs: { type: "string" },
        config: { type: "string" },
        out: { type: "string" },
        mapping: { type: "string" },
        "release-id": { type: "string" },
        "display-name": { type: "string" },
        model: { type: "string" },
        harness: { type: "string" },
        "harness-version": { type: "string" },
        reasoning: { type: "string" },
        variant: { type: "string" },
      },
      strict: true,
    }).values;
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    return 2;
  }
  const { jobs, specs, config, out } = values;
  if (!jobs || !specs || !config || !out) {
    console.error(USAGE);
    return 2;
  }
  const result = await importHarbor({
    jobs,
    specs,
    configId: config,
    out,
    mapping: values.mapping,
    releaseId: values["release-id"],
    config: {
      display_name: values["display-name"],
      model: values.model,
      harness: values.harness,
      harness_version: values["harness-version"],
      reasoning: values.reasoning,
      variant: values.variant,
    },
  });
  for (const p of sortProblems(result.problems)) console.log(formatProblem(p));
  const resolved = result.runs.filter((r) => r.resolved).length;
  const byClass = new Map<string, number>();
  for (const r of result.runs)
    byClass.set(r.failure_class ?? "resolved", (byClass.get(r.failure_class ?? "resolved") ?? 0) + 1);
  console.log(
    `imported ${result.runs.length} of ${result.trials} trial(s) as configuration ${result.config.config_id} (${result.config.display_name}): ` +
      `${resolved} resolved; ${[...byClass].map(([k, n]) => `${k} ${n}`).join(", ")}`,
  );
  for (const p of sortProblems(result.validation)) console.log(formatProblem(p));
  console.log(summarize(result.validation, out));
  return [...result.problems, ...result.validation].some((p) => p.level === "error") ? 1 : 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  console.error(`import:harbor: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
