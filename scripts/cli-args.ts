// Positional arguments, `--name value` options and `--name` switches of the submission CLIs, with node:util's
// parseArgs: an unknown option, or an option without its value, is a usage mistake (null), never silently ignored.
import { parseArgs, type ParseArgsConfig } from "node:util";

type OptionConfig = NonNullable<ParseArgsConfig["options"]>[string];

export function cliArgs(
  args: string[],
  options: readonly string[],
  switches: readonly string[] = [],
): { positional: string[]; flags: Record<string, string>; switches: Set<string> } | null {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: Object.fromEntries<OptionConfig>([
        ...options.map((o) => [o, { type: "string" }] as const),
        ...switches.map((o) => [o, { type: "boolean" }] as const),
      ]),
    });
    const flags: Record<string, string> = {};
    const on = new Set<string>();
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === "string") flags[name] = value;
      else if (value === true) on.add(name);
    }
    return { positional: positionals, flags, switches: on };
  } catch {
    return null;
  }
}
