// Helpers shared by the native readers' tests: a log opened the way the browser worker opens it
// (parseTrajectoryText, then readTrajectory), and a trajectory's steps counted the way the fixture READMEs count
// them. Test-only.
import { readFileSync } from "node:fs";
import { readTrajectory } from "../chain";
import type { Step, Trajectory } from "../model";
import { parseTrajectoryText } from "../parse-text";

type Raw = Record<string, unknown>;

/** The converter's account of what it read (`extra.converted_from`). */
export type ConvertedFrom = Raw & { format: string; notes: unknown[]; skipped: Record<string, number> };

/**
 * A converted log's ATIF document, loosely typed for assertions: `extra.converted_from` always, and `Own` names the
 * format's own keys of `extra` (e.g. "inspect"), each an object.
 */
export type NativeDoc<Own extends string = never> = Raw & {
  extra: Raw & { converted_from: ConvertedFrom } & Record<Own, Raw>;
  steps: Raw[];
  final_metrics?: Raw;
};

export interface Opened<D> {
  doc: D;
  t: Trajectory;
}

/** A log's text (named `name`, as the file it came from) converted and read. */
export function openText<Own extends string = never>(text: string, name: string): Opened<NativeDoc<Own>> {
  const doc = parseTrajectoryText(text, name) as NativeDoc<Own>;
  return { doc, t: readTrajectory(doc, name) };
}

/** The log file at `path` (relative to the project root) converted and read. */
export function openLog<Own extends string = never>(path: string): Opened<NativeDoc<Own>> {
  return openText<Own>(readFileSync(path, "utf8"), path);
}

export interface StepCounts {
  user: number;
  agent: number;
  system: number;
  toolCalls: number;
  results: number;
  errors: number;
}

/** Steps by source, tool calls, tool results and the results that are errors. */
export function stepCounts(t: Trajectory): StepCounts {
  const by = (source: string) => t.steps.filter((s) => s.source === source).length;
  const sum = (f: (s: Step) => number) => t.steps.reduce((a, s) => a + f(s), 0);
  return {
    user: by("user"),
    agent: by("agent"),
    system: by("system"),
    toolCalls: sum((s) => s.toolCalls.length),
    results: sum((s) => s.results.length),
    errors: sum((s) => s.results.filter((r) => r.isError).length),
  };
}
