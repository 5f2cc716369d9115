// Placeholder until the mini-swe-agent reader lands: the format is not detected.
import type { Converted } from "./types";

export function isMiniSweAgent(input: unknown): boolean {
  void input;
  return false;
}

export function miniSweAgentToAtif(input: unknown, name: string): Converted {
  throw new Error(`${name}: the mini-swe-agent reader is not written yet (${typeof input})`);
}
