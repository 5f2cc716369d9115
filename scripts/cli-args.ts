// Positional arguments and `--name value` options of the submission CLIs, with node:util's parseArgs: an
// unknown option, or an option without its value, is a usage mistake (null), never silently ignored.
import { parseArgs } from "node:util";

export function cliArgs(
  args: string[],
  options: readonly string[],
): { positional: string[]; flags: Record<string, string> } | null {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: Object.fromEntries(options.map((o) => [o, { type: "string" as const }])),
    });
    return { positional: positionals, flags: values as Record<string, string> };
  } catch {
    return null;
  }
}
