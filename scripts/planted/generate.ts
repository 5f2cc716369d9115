// npx tsx scripts/planted/generate.ts --out <release dir> --truth <ground truth .jsonl>
// Writes a synthetic Switch-SWE release (format v1) whose trajectories hold known trace signatures and hard
// negatives, and, apart from it, the ground truth naming each case's run, form, position and evidence steps.
import { resolve } from "node:path";
import { cliArgs } from "../cli-args";
import { generate } from "./release";

function main(args: string[]): number {
  const parsed = cliArgs(args, ["out", "truth"]);
  const out = parsed?.flags.out;
  const truth = parsed?.flags.truth;
  if (!parsed || !out || !truth || parsed.positional.length > 0) {
    console.error("usage: npx tsx scripts/planted/generate.ts --out <release dir> --truth <ground truth .jsonl>");
    return 2;
  }
  const written = generate(resolve(out), resolve(truth));
  console.log(`wrote ${written.runs} runs to ${out} and ${written.truth} ground-truth lines to ${truth}`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
