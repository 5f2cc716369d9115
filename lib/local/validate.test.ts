// Local results get the whole validator, schedule rules included, with lines and records.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openLocal, type LocalReleaseResult } from "./open";

const MINIMAL = "data/examples/minimal";
const folder = (patch: Record<string, string> = {}) =>
  readdirSync(MINIMAL)
    .filter((f) => f.includes("."))
    .map((f) => ({ path: `minimal/${f}`, file: new Blob([patch[f] ?? readFileSync(`${MINIMAL}/${f}`)]) }));

describe("openLocal runs the release validator", () => {
  it("reports a broken schedule (projection) on the session's line", async () => {
    const lines = readFileSync(`${MINIMAL}/sessions.jsonl`, "utf8").split("\n");
    const at = lines.findIndex((l) => l.includes('"switched"'));
    const session = JSON.parse(lines[at]!);
    // Swap the first two focus requests of the switched session: its projection no longer equals the baseline.
    const focusAt = session.schedule.flatMap((q: { task_id: string }, i: number) =>
      q.task_id === session.focus_task_id ? [i] : [],
    );
    const [a, b] = [focusAt[0], focusAt[1]];
    [session.schedule[a], session.schedule[b]] = [session.schedule[b], session.schedule[a]];
    lines[at] = JSON.stringify(session);
    const r = (await openLocal(folder({ "sessions.jsonl": lines.join("\n") }))) as LocalReleaseResult;
    const errors = r.problems.filter((p) => p.level === "error");
    expect(
      errors.some((p) => p.rule === "schedule.projection" && p.file === "sessions.jsonl" && p.line === at + 1),
    ).toBe(true);
  });
});
