// npm run convert -- <agent log> --out <path> [--force]
// Writes the log as ATIF (docs/agent-logs.md): one file at <path>, or for an Inspect .eval log a folder of
// ATIF files there, one per sample. An existing <path> is replaced only with --force, and never through a link.
// Exits 1 when the file is in no format the site reads, is no regular file, is too large, <path> cannot be
// written (each said in a sentence naming the path), or a sample of an .eval could not be converted (the others
// are still written), 2 on a usage mistake.
import { cliArgs } from "./cli-args";
import { convertLog } from "./convert/convert-log";

async function main(argv: string[]): Promise<number> {
  const args = cliArgs(argv, ["out"], ["force"]);
  const file = args?.positional[0];
  const out = args?.flags.out;
  if (!args || file === undefined || args.positional.length > 1 || out === undefined) {
    console.error("usage: npm run convert -- <agent log> --out <path> [--force]");
    return 2;
  }
  try {
    let refused = 0;
    for (const c of await convertLog(file, out, { force: args.switches.has("force") })) {
      if ("error" in c) {
        console.error(`${c.from} not converted: ${c.error}`);
        refused++;
      } else console.log(`${c.from} (${c.format}) → ${c.to}: ${c.steps} steps, ${c.warnings} warning(s)`);
    }
    return refused > 0 ? 1 : 0;
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
