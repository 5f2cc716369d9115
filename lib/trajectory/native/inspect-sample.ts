// Placeholder until the inspect-sample reader lands: the format is not detected.
import type { Converted } from "./types";

export function isInspectSample(input: unknown): boolean {
  void input;
  return false;
}

export function inspectSampleToAtif(input: unknown, name: string): Converted {
  throw new Error(`${name}: the inspect-sample reader is not written yet (${typeof input})`);
}
