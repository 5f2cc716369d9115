// Marks a configuration of a release verified (who reproduced it, and when) after it was added: only its
// configs.jsonl line changes; every other line is kept byte for byte.
import type { Config } from "./schema";
import type { Verification } from "./submission-add";

export function markVerified(configsText: string, configId: string, verified: Verification): { text: string; found: boolean; previous: Config["verified"] | null } {
  let found = false;
  let previous: Config["verified"] | null = null;
  const lines = configsText.split("\n").map((line) => {
    if (!line.trim()) return line;
    let record: Config;
    try {
      record = JSON.parse(line) as Config;
    } catch {
      return line; // the validator reports it; this command does not touch it
    }
    if (record.config_id !== configId) return line;
    found = true;
    previous = record.verified ?? null;
    const { extra, ...rest } = record;
    return JSON.stringify({ ...rest, verified: { by: verified.by, at: verified.at }, ...(extra ? { extra } : {}) }) + (line.endsWith("\r") ? "\r" : "");
  });
  return { text: lines.join("\n"), found, previous };
}
