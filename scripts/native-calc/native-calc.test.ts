// A native log as a Switch-SWE run (docs/agent-logs.md), on e2e/fixtures/releases/nativecalc: trajcalc's alpha
// on s-N1 and s-F1 written natively by five agents beside its ATIF. Every file is read through the door as the
// build reads it (archive entries and all); the requests are found by the schedule's texts, and the records'
// usage summed per request (usageOfSegments) is the same in every format. Expected values: EXPECTED.md there.
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { ArchiveCache, readReleaseFile } from "../../lib/archive/read-node";
import { usageOfSegments } from "../../lib/data/import-harbor-usage";
import { readTrajectory } from "../../lib/trajectory/chain";
import { parseTrajectoryText } from "../../lib/trajectory/parse-text";
import { segmentRun, type RequestInfo } from "../../lib/trajectory/segment";

const DIR = "e2e/fixtures/releases/nativecalc";
const jsonl = <T>(f: string) =>
  readFileSync(`${DIR}/${f}`, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as T);

interface Run {
  run_id: string;
  session_id: string;
  trajectory: string;
}
interface Session {
  session_id: string;
  focus_task_id: string;
  schedule: { task_id: string; stage: number | "submit"; workspace: string }[];
}
interface Task {
  task_id: string;
  stages: { stage: number; text: string }[];
}

const release = JSON.parse(readFileSync(`${DIR}/release.json`, "utf8")) as { submit_text: string };
const tasks = new Map(jsonl<Task>("tasks.jsonl").map((t) => [t.task_id, t]));
const sessions = new Map(jsonl<Session>("sessions.jsonl").map((s) => [s.session_id, s]));
const runs = jsonl<Run>("runs.jsonl");

/** The session's schedule with each request's text, as the release gives it (a stage's text, or submit_text). */
function scheduleOf(sessionId: string): RequestInfo[] {
  const s = sessions.get(sessionId)!;
  return s.schedule.map((r, position) => ({
    position,
    taskId: r.task_id,
    stage: r.stage === "submit" ? null : r.stage,
    isSubmit: r.stage === "submit",
    workspace: r.workspace,
    isFocus: r.task_id === s.focus_task_id,
    workspaceSwitch: position > 0 && s.schedule[position - 1]!.workspace !== r.workspace,
    focusReturn: false,
    ran: true,
    modelCalls: null,
    tokens: null,
    text:
      r.stage === "submit" ? release.submit_text : tasks.get(r.task_id)!.stages.find((x) => x.stage === r.stage)!.text,
  }));
}

const archives = new ArchiveCache();
afterAll(() => archives.close());

async function read(run: Run) {
  const text = new TextDecoder().decode(await readReleaseFile(DIR, run.trajectory, archives));
  const t = readTrajectory(parseTrajectoryText(text, run.trajectory), run.trajectory);
  return { t, seg: segmentRun(t, scheduleOf(run.session_id)) };
}

// EXPECTED.md, "Per run": the converted step at which each scheduled request opens.
const OPENS: Record<string, number[]> = {
  "atif.s-N1": [1, 3, 5, 7, 9, 11, 13],
  "cc.s-N1": [1, 3, 6, 8, 10, 12, 14],
  "codex.s-N1": [2, 4, 7, 9, 11, 13, 15],
  "oh.s-N1": [1, 3, 5, 7, 9, 11, 13],
  "mini.s-N1": [2, 4, 6, 8, 10, 12, 14],
  "inspect.s-N1": [2, 4, 6, 8, 10, 12, 14],
  "atif.s-F1": [1, 3, 5, 7, 9, 11, 13],
  "cc.s-F1": [1, 3, 5, 7, 9, 11, 13],
  "codex.s-F1": [2, 4, 6, 8, 10, 12, 14],
  "oh.s-F1": [1, 3, 5, 7, 9, 11, 13],
  "mini.s-F1": [2, 4, 6, 8, 10, 12, 14],
  "inspect.s-F1": [2, 4, 6, 8, 10, 12, 14],
};

describe("nativecalc: native logs joined to their sessions", () => {
  it.each(runs.map((r) => [r.run_id, r] as const))(
    "%s: each request opens at the step carrying its text",
    async (id, run) => {
      const { seg } = await read(run);
      const opened = seg.segments.filter((s) => s.position !== null).map((s) => [s.position, s.userStep]);
      expect(opened).toEqual(OPENS[id]!.map((n, k) => [k, n]));
      expect(seg.mismatches.filter((m) => m.kind !== "model_calls")).toEqual([]);
    },
  );

  it("a typed nudge is no request: Claude Code's and Codex's 'please continue' stay inside request 1", async () => {
    for (const [id, step] of [
      ["cc.s-N1", 5],
      ["codex.s-N1", 6],
    ] as const) {
      const { t, seg } = await read(runs.find((r) => r.run_id === id)!);
      expect(t.steps[step - 1]).toMatchObject({ source: "user", message: "please continue" });
      expect(seg.segments[seg.segmentOf[step - 1]!]!.position).toBe(1);
    }
  });

  it.each(["s-N1", "s-F1"])(
    "%s: the records' usage per request is the same in every format (tokens, cached, calls)",
    async (session) => {
      const per = new Map<string, unknown>();
      for (const run of runs.filter((r) => r.session_id === session)) {
        const { t, seg } = await read(run);
        per.set(
          run.run_id.split(".")[0]!,
          usageOfSegments(t.steps, seg).map((u) => [u.tokens, u.cached_tokens, u.model_calls, u.tool_calls]),
        );
      }
      // Request p: 1000·(p+1) tokens, 400·(p+1) cached, one model call, one tool call; s-F1's finalization two
      // model calls of 7,000 each (EXPECTED.md, "Usage per request"); the finalization's second call has no tool.
      const last = session === "s-N1" ? [7000, 2800, 1, 1] : [14000, 5600, 2, 1];
      const expected = [...[0, 1, 2, 3, 4, 5].map((p) => [1000 * (p + 1), 400 * (p + 1), 1, 1]), last];
      for (const [config, lines] of per) expect(lines, config).toEqual(expected);
    },
  );
});
