// The record `npm test` (scripts/test.ts) leaves of its last run, and the bench's loop step
// (scripts/bench/loop.ts) reads: when, the load, and each phase's time.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const TEST_TIMES = join(".cache", "test-times.json");

export interface TimedPhase {
  name: string;
  seconds: number;
  ok: boolean;
}

export interface TestTimes {
  at: string;
  wall_s: number;
  load: { start: number; end: number };
  phases: TimedPhase[];
}

/** Seconds as m:ss. */
export const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, "0")}`;

export function writeTestTimes(record: TestTimes): void {
  mkdirSync(dirname(TEST_TIMES), { recursive: true });
  writeFileSync(TEST_TIMES, `${JSON.stringify(record, null, 1)}\n`);
}

export function readTestTimes(): TestTimes | null {
  return existsSync(TEST_TIMES) ? (JSON.parse(readFileSync(TEST_TIMES, "utf8")) as TestTimes) : null;
}
