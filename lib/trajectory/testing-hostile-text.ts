// Child process of lib/trajectory/hostile-text.test.ts (issue 58, item 4): every function the build and the viewer
// apply regular expressions with to release or log text, run over long adversarial text. Prints one JSON line per
// (input, function) as it finishes, so a function that never ends is named by the last line printed. Test-only.
//   node --import tsx lib/trajectory/testing-hostile-text.ts <bytes per input>
import { readFileSync } from "node:fs";
import { readTrajectory } from "./chain";
import type { Trajectory } from "./model";
import { analyzeTrajectory } from "./analyze";
import { containsName, mentionedNames } from "./identifiers";
import { asksForAChange, asksToChange } from "./loss-excuses";
import { parseUnifiedDiff } from "./patch";
import { patchTaintFacts } from "./patch-taint";
import { parseTrajectoryText } from "./parse-text";
import { analyzeShell } from "./shell-ops";
import { stepsIndexRows } from "./steps-index";
import { searchSteps } from "./search";
import { stepDetail } from "./detail";
import { visibleControls } from "./text-safety";
import { agent, bash, edit, schedule, user, write } from "./testing";
import { markInvisible, invisibleCharacters } from "../common/unicode";
import { skeleton, collapseSpace } from "../common/confusable";
import { jsonDepthExcess } from "../common/json-depth";
import { readJsonlRecords } from "../data/jsonl-records";
import { RECORD_FILES } from "../data/record-files";
import type { Problem } from "../data/schema";

const size = Number(process.argv[2] ?? 1 << 20);

/** Long runs that make a backtracking expression try every split: words, white space, repeated punctuation. */
const HOSTILE_INPUTS: Record<string, string> = {
  "word run": "a",
  "word characters": "a1_",
  spaces: " ",
  newlines: "\n",
  "words and spaces": "a ",
  "path steps": "a/",
  "dotted words": "a.",
  "option dashes": "--a-",
  "double quotes": '"A ',
  backticks: "`a",
  backslashes: "\\",
  "diff lines": "@@ -",
  "shell operators": "a;|&",
  brackets: "([{",
};

const fill = (unit: string) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

function time(input: string, fn: string, bytes: number, run: () => unknown): void {
  const started = performance.now();
  run();
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ input, fn, mb: bytes / (1 << 20), ms }) + "\n");
}

/** A run that names `x` everywhere a detector reads text: request texts, messages, commands, edits, outputs. */
function trajectoryOf(x: string) {
  const raw = [
    user(x),
    agent(x, [bash(x, x), edit("/work/w00/src/a.py", x, x), write("/work/w01/b.py", x)]),
    user(x),
    agent(x, [bash(`cd /work/w01 && ${x}`, x)]),
    user(x),
    agent(x, [bash(`grep -rn '${x.slice(0, 1000)}' /work/w00`, x)]),
  ];
  const plan = schedule([
    { task: "f", stage: 1, workspace: "/work/w00", text: x },
    { task: "i", stage: 1, workspace: "/work/w01", text: x },
    { task: "f", stage: "submit", workspace: "/work/w00", text: x },
  ]);
  return {
    doc: { schema_version: "ATIF-v1.6", agent: { name: "a" }, steps: raw.map((s, i) => ({ step_id: i + 1, ...s })) },
    plan,
  };
}

function nativeLogs(x: string): [string, string][] {
  const fixtures = [
    "lib/trajectory/native/fixtures/claude-code/sample_main_transcript.jsonl",
    "lib/trajectory/native/fixtures/codex/sample_codex_session.jsonl",
    "lib/trajectory/native/fixtures/mini-swe-agent/handmade-v1-bash-blocks.traj.json",
    "lib/trajectory/native/fixtures/openhands/handmade-events.json",
    "lib/trajectory/native/fixtures/inspect/handmade-sample.json",
  ];
  return fixtures.map((path) => [path, withHostileStrings(readFileSync(path, "utf8"), x)]);
}

/** The log with its first four strings longer than 30 characters (messages, commands, outputs) replaced by `x`. */
function withHostileStrings(text: string, x: string): string {
  let left = 4;
  const swap = (v: unknown): unknown => {
    if (typeof v === "string") return v.length > 30 && left-- > 0 ? x : v;
    if (Array.isArray(v)) return v.map(swap);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, w]) => [k, swap(w)]));
    return v;
  };
  const lines = text.trimStart().startsWith("{") && text.includes("\n{") ? text.split("\n").filter(Boolean) : [text];
  return lines.map((l) => JSON.stringify(swap(JSON.parse(l)))).join(lines.length > 1 ? "\n" : "");
}

async function loaderLines(x: string): Promise<void> {
  const line = JSON.stringify({
    run_id: "r",
    signature: "requirement_state_loss",
    step_ids: [1],
    note: x,
    author: { kind: "human" },
  });
  const broken = `{"run_id": "${x}`;
  const lines = [line, broken].map((l, i) => ({ line: i + 1, bytes: new TextEncoder().encode(l) }));
  async function* each() {
    yield* lines;
  }
  const problems: Problem[] = [];
  await readJsonlRecords(each(), RECORD_FILES.annotations, problems);
}

async function main(): Promise<void> {
  for (const [name, unit] of Object.entries(HOSTILE_INPUTS)) {
    const x = fill(unit);
    const bytes = Buffer.byteLength(x);
    const t = trajectoryOf(x);
    const ctx = {
      schedule: t.plan,
      focusTaskId: "f",
      workspaces: { "/work/w00": "f", "/work/w01": "i" },
      verdict: null,
      annotations: [],
      stages: [1],
    };
    const taint = {
      focus: { taskId: "f", files: ["src/a.py"], requestTexts: [x] },
      others: [{ taskId: "i", files: ["b.py"], requestTexts: [x] }],
      workspaces: ctx.workspaces,
    };
    const diff = `diff --git a/src/a.py b/src/a.py\n--- a/src/a.py\n+++ b/src/a.py\n@@ -1,1 +1,1 @@\n-${x}\n+${x}\n${x}`;
    time(name, "mentionedNames (identifiers.ts)", bytes, () => mentionedNames(x));
    time(
      name,
      "containsName (identifiers.ts)",
      bytes,
      () => containsName(x, "a_b.c") || containsName(x, x.slice(0, 200)),
    );
    time(
      name,
      "asksToChange, asksForAChange (loss-excuses.ts)",
      bytes,
      () => asksToChange(x, ["a", x.slice(0, 100)]) || asksForAChange(x),
    );
    time(name, "parseUnifiedDiff (patch.ts)", 2 * bytes, () => parseUnifiedDiff(x) && parseUnifiedDiff(diff));
    time(name, "patchTaintFacts (patch-taint.ts)", 3 * bytes, () => patchTaintFacts(diff, taint));
    time(name, "analyzeShell (shell-ops.ts)", bytes, () => analyzeShell(x, "/work/w00"));
    let traj: Trajectory | null = null;
    time(name, "readTrajectory (chain.ts, read-step.ts, tools.ts)", 20 * bytes, () => (traj = readTrajectory(t.doc)));
    const read = traj!;
    time(name, "analyzeTrajectory (detectors, ledger, segment, call effects)", 23 * bytes, () =>
      analyzeTrajectory(read, ctx),
    );
    time(name, "stepsIndexRows (steps-index.ts)", 20 * bytes, () =>
      stepsIndexRows(read, { runId: "r", analysis: ctx }),
    );
    time(
      name,
      "stepDetail, searchSteps (detail.ts, search.ts)",
      20 * bytes,
      () => read.steps.map((s) => stepDetail(s)) && searchSteps(read.steps, "a.b"),
    );
    time(
      name,
      "visibleControls, markInvisible, invisibleCharacters",
      bytes,
      () => visibleControls(x) + markInvisible(x) + invisibleCharacters(x).length,
    );
    time(name, "skeleton, collapseSpace (confusable.ts)", bytes, () => skeleton(x) + collapseSpace(x));
    time(name, "jsonDepthExcess (json-depth.ts)", bytes, () => jsonDepthExcess(x));
    await (async () => {
      const started = performance.now();
      await loaderLines(x);
      process.stdout.write(
        JSON.stringify({
          input: name,
          fn: "readJsonlRecords (jsonl-records.ts)",
          mb: (2 * bytes) / (1 << 20),
          ms: performance.now() - started,
        }) + "\n",
      );
    })();
    for (const [path, text] of nativeLogs(x))
      time(
        name,
        `parseTrajectoryText + readTrajectory (${path.split("/").slice(-2).join("/")})`,
        Buffer.byteLength(text),
        () => readTrajectory(parseTrajectoryText(text, path), path),
      );
  }
}

await main();
