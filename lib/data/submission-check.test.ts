// The submission check end to end on real files: a valid submission built from the sample's session
// specifications (generated Harbor jobs, four runs, the other 396 sessions declared missing) passes, and
// for each rule one submission that breaks exactly that rule fails with its code in the report.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBMITTED_CONFIG, SUBMITTED_SESSIONS, submissionManifest, writeHarborSubmission } from "./fixtures/submission";
import type { Release, Run, Session } from "./schema";
import { checkSubmission, type SubmissionReport } from "./submission-check";
import { MANIFEST_FILE } from "./submission-manifest";
import { loadPublished, loadSubmission } from "./submission-load";
import { reportJson, reportMarkdown } from "./submission-report";
import { SUBMISSION_RULE_CODES } from "./submission-rules";

const SAMPLE = "data/releases/sample";
let tmp: string;
let published: Release;
let harborReport: SubmissionReport;
/** The Harbor submission as imported: a release folder with submission.json (no `harbor` part). */
let base: string;

const jsonl = <T,>(path: string): T[] => readFileSync(path, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as T);
const writeJsonl = (path: string, records: readonly object[]) => writeFileSync(path, records.map((r) => `${JSON.stringify(r)}\n`).join(""));

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "submission-check-"));
  published = await loadPublished(SAMPLE);
  const harbor = await writeHarborSubmission(SAMPLE, join(tmp, "harbor"));
  const loaded = await loadSubmission(harbor, published);
  try {
    harborReport = checkSubmission(loaded.input);
    base = join(tmp, "base");
    cpSync(loaded.releaseDir!, base, { recursive: true });
  } finally {
    loaded.cleanup();
  }
  writeFileSync(join(base, MANIFEST_FILE), JSON.stringify(submissionManifest(published.sessions, SUBMITTED_SESSIONS)));
}, 60_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let n = 0;
/** A copy of the base submission, changed by `edit`, checked against the sample. */
async function variant(edit: (dir: string) => void): Promise<SubmissionReport> {
  const dir = join(tmp, `v${++n}`);
  cpSync(base, dir, { recursive: true });
  edit(dir);
  const loaded = await loadSubmission(dir, published);
  try {
    return checkSubmission(loaded.input);
  } finally {
    loaded.cleanup();
  }
}

const failed = (r: SubmissionReport) => r.rules.filter((x) => x.status === "fail").map((x) => x.code);
const editRuns = (dir: string, f: (runs: Run[]) => void) => {
  const runs = jsonl<Run>(join(dir, "runs.jsonl"));
  f(runs);
  writeJsonl(join(dir, "runs.jsonl"), runs);
};
const editManifest = (dir: string, f: (m: Record<string, unknown> & { configs: Record<string, unknown>[] }) => void) => {
  const m = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), "utf8"));
  f(m);
  writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify(m));
};
const SWITCHED = "my-agent.pallets__click-2644.switched.r0";

describe("a valid submission", () => {
  it("from Harbor jobs passes every rule, the unmatched stray trial only a warning of the import", () => {
    expect(harborReport.rules.map((r) => [r.code, r.status])).toEqual(SUBMISSION_RULE_CODES.map((c) => [c, "pass"]));
    expect(harborReport.ok).toBe(true);
    expect(harborReport.configs).toEqual(["my-agent"]);
    expect(harborReport.runs).toBe(4);
    // 400 sessions, 4 run, 396 declared missing.
    expect(harborReport.rules.find((r) => r.code === "submission.coverage")!.summary).toBe("4 of 400 (configuration, session) cells run; 396 declared missing (counted unresolved)");
    expect(harborReport.rules.find((r) => r.code === "submission.trajectory")!.summary).toBe("4 of 4 run(s) with a readable trajectory");
    const md = reportMarkdown(harborReport, "harbor");
    expect(md).toContain("## Switch-SWE submission check: ✅ passed");
    expect(JSON.parse(reportJson(harborReport)).ok).toBe(true);
  });

  it("as a release folder passes too", async () => {
    const r = await variant(() => {});
    expect(failed(r)).toEqual([]);
  });
});

describe("a submission that breaks exactly one rule fails with that rule's code", () => {
  const cases: [string, (dir: string) => void][] = [
    ["submission.manifest", (d) => editManifest(d, (m) => m.configs.push({ config_id: "ghost", repeats: 1 }))],
    ["submission.validator", (d) => editRuns(d, (runs) => { runs.find((r) => r.resolved)!.failure_class = "implementation"; })],
    ["submission.sessions", (d) => {
      // pallets__click-2685 was not run: both its sessions leave the submission's sessions.jsonl.
      const sessions = jsonl<Session>(join(d, "sessions.jsonl")).filter((s) => s.focus_task_id !== "pallets__click-2685");
      writeJsonl(join(d, "sessions.jsonl"), sessions);
    }],
    ["submission.coverage", (d) => editManifest(d, (m) => {
      const c = m.configs[0] as { missing: { session_id: string }[] };
      c.missing = c.missing.filter((x) => x.session_id !== "pallets__click-2685.switched");
    })],
    ["submission.repeats", (d) => editManifest(d, (m) => { m.configs[0]!.repeats = 2; })],
    ["submission.trajectory", (d) => {
      const run = jsonl<Run>(join(d, "runs.jsonl")).find((r) => r.run_id === SWITCHED)!;
      writeFileSync(join(d, run.trajectory!), JSON.stringify({ not: "a trajectory" }));
    }],
    ["submission.usage", (d) => editRuns(d, (runs) => {
      const run = runs.find((r) => r.run_id === SWITCHED)!;
      run.usage = run.usage.filter((u) => u.position !== 7);
    })],
    ["submission.budget", (d) => editRuns(d, (runs) => { runs.find((r) => r.run_id === SWITCHED)!.usage[3]!.wall_s = 3600.5; })],
    ["submission.metadata", (d) => {
      const { reasoning: _r, ...config } = SUBMITTED_CONFIG;
      writeJsonl(join(d, "configs.jsonl"), [config]);
    }],
    ["submission.collision", (d) => editRuns(d, (runs) => { runs.find((r) => r.run_id === SWITCHED)!.run_id = "deepseek-v4.1-flash-opencode.pallets__click-2644.switched.r0"; })],
  ];
  it("covers every rule", () => {
    expect(cases.map(([c]) => c)).toEqual([...SUBMISSION_RULE_CODES]);
  });
  for (const [code, edit] of cases) {
    it(code, async () => {
      const r = await variant(edit);
      expect(failed(r)).toEqual([code]);
      expect(r.ok).toBe(false);
      const md = reportMarkdown(r, "broken");
      expect(md).toContain(`### ❌ failed: `);
      expect(md).toMatch(new RegExp(`❌ failed: [^\\n]*\\(\`${code.replace(".", "\\.")}\`\\)\\n`));
      expect(JSON.parse(reportJson(r)).rules.find((x: { code: string }) => x.code === code).status).toBe("fail");
    });
  }
});

describe("the first offending records", () => {
  it("name the run and the request", async () => {
    const r = await variant((d) => editRuns(d, (runs) => {
      const run = runs.find((x) => x.run_id === SWITCHED)!;
      run.extra = { ...run.extra, budget: { request_timeout_s: 1800, timeout_continuations: [{ position: 2, count: 4 }] } };
    }));
    const budget = r.rules.find((x) => x.code === "submission.budget")!;
    expect(budget.offences).toEqual([
      { record: SWITCHED, message: "extra.budget.request_timeout_s is 1800, not 900" },
      { record: SWITCHED, message: "request 2 had 4 timeout continuations, more than 3" },
    ]);
    expect(reportMarkdown(r, "x")).toContain("- **my-agent.pallets\\_\\_click-2644.switched.r0**: request 2 had 4 timeout continuations, more than 3");
  });

  it("a submission that sets verified itself fails the metadata rule", async () => {
    const r = await variant((d) => writeJsonl(join(d, "configs.jsonl"), [{ ...SUBMITTED_CONFIG, verified: { by: "me", at: "2026-05-03" } }]));
    expect(failed(r)).toEqual(["submission.metadata"]);
  });
});

describe("submission.collision: ids that can pass for published ones", () => {
  const LOOK_ALIKE = "deepseek-v4.1-flash-\u043epencode"; // Cyrillic о for the published configuration's Latin o
  const CASE_ONLY = "Deepseek-V4.1-Flash-OpenCode.pallets__click-2644.switched.r0";

  /** The base submission with its configuration renamed to `id` (configs, runs and the manifest). */
  const renameConfig = (dir: string, id: string) => {
    writeJsonl(join(dir, "configs.jsonl"), [{ ...SUBMITTED_CONFIG, config_id: id }]);
    editRuns(dir, (runs) => runs.forEach((r) => { r.config_id = id; }));
    editManifest(dir, (m) => { m.configs[0]!.config_id = id; });
  };

  it("a Cyrillic look-alike configuration id and a run id that differs only by case fail the rule, naming both ids", async () => {
    const r = await variant((d) => {
      renameConfig(d, LOOK_ALIKE);
      editRuns(d, (runs) => { runs.find((x) => x.run_id === SWITCHED)!.run_id = CASE_ONLY; });
    });
    expect(failed(r)).toEqual(["submission.collision"]);
    expect(r.rules.find((x) => x.code === "submission.collision")!.offences).toEqual([
      {
        record: LOOK_ALIKE,
        message: `configuration id looks like "deepseek-v4.1-flash-opencode" (equal after case folding and Unicode's confusable mapping, TS #39), a configuration id of the published release`,
      },
      { record: CASE_ONLY, message: 'run id differs from "deepseek-v4.1-flash-opencode.pallets__click-2644.switched.r0" only by case, a run id of the published release' },
    ]);
    expect(reportMarkdown(r, "look-alike")).toContain("❌ failed: No id collision (`submission.collision`)");
  });

  it("a display name that looks like a published one is a warning; the check still passes", async () => {
    const r = await variant((d) => writeJsonl(join(d, "configs.jsonl"), [{ ...SUBMITTED_CONFIG, display_name: "DeepSeek-V4.1-Flash / \u041epenCode" }]));
    const rule = r.rules.find((x) => x.code === "submission.collision")!;
    expect([rule.status, r.ok]).toEqual(["warn", true]);
    expect(rule.warnings).toEqual([
      {
        record: "my-agent",
        message: 'display name "DeepSeek-V4.1-Flash / \u041epenCode" looks like "DeepSeek-V4.1-Flash / OpenCode" of the published deepseek-v4.1-flash-opencode; the leaderboard shows both with their config id',
      },
    ]);
  });
});

describe("what the data build would fail on (issue 58)", () => {
  it("a lone surrogate in the display name fails the validator rule, naming text.lone_surrogate", async () => {
    const r = await variant((d) => writeJsonl(join(d, "configs.jsonl"), [{ ...SUBMITTED_CONFIG, display_name: "My agent \ud800" }]));
    expect(failed(r)).toEqual(["submission.validator"]);
    expect(reportMarkdown(r, "broken")).toContain("**configs.jsonl:1 my-agent**: text.lone\\_surrogate: display\\_name holds a lone UTF-16 surrogate");
  });
});
