// npx tsx scripts/generate-context-reuse.ts [outDir] — writes the small synthetic context-reuse release
// (data/releases/context-reuse/), shaped like SWE-ContextBench Lite (seed 003): 99 related Python tasks
// from 12 repositories, each run under No-Context (the baseline), Oracle Summary, Oracle Context and
// memory retrieval. It exists to show that the site's paired-condition model carries another benchmark
// with data only. Deterministic: a fixed seed and no clock.
//
// Calibrated to the seed: the unnamed agent's overall resolution 26/99 = 26.26% (No-Context), 34/99 =
// 34.34% (Oracle Summary), 27/99 = 27.27% (Oracle Context), 30/99 = 30.30% (retrieval, Supermemory's
// figure), and the ordering "oracle context is the cheapest and fastest". Everything else is invented.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { mulberry32 } from "../lib/metrics/prng";

export const SEED = 260208316;
export const CONDITIONS = ["no-context", "oracle-summary", "oracle-context", "retrieval"] as const;
type Condition = (typeof CONDITIONS)[number];

/** Focus tasks per repository (the 12 repositories of SWE-bench Lite; the split is invented). */
const REPOS: [string, number][] = [
  ["django/django", 30],
  ["sympy/sympy", 17],
  ["scikit-learn/scikit-learn", 9],
  ["matplotlib/matplotlib", 8],
  ["pytest-dev/pytest", 7],
  ["sphinx-doc/sphinx", 6],
  ["astropy/astropy", 5],
  ["pydata/xarray", 4],
  ["pylint-dev/pylint", 4],
  ["psf/requests", 4],
  ["mwaskom/seaborn", 3],
  ["pallets/flask", 2],
];

interface ConfigSpec {
  config_id: string;
  model: string;
  harness: string;
  display_name: string;
  /** Resolved focus tasks out of 99 per condition. */
  resolved: Record<Condition, number>;
  /** Tokens per task under No-Context, millions. */
  tokensM: number;
}

const CONFIGS: ConfigSpec[] = [
  {
    config_id: "unnamed-agent",
    model: "unnamed (not given in the summary)",
    harness: "unnamed",
    display_name: "Unnamed agent (settings study)",
    resolved: { "no-context": 26, "oracle-summary": 34, "oracle-context": 27, retrieval: 30 },
    tokensM: 1.4,
  },
  {
    config_id: "synthetic-agent-b",
    model: "Synthetic model B",
    harness: "Synthetic harness B",
    display_name: "Synthetic agent B",
    resolved: { "no-context": 31, "oracle-summary": 36, "oracle-context": 30, retrieval: 33 },
    tokensM: 2.1,
  },
  {
    config_id: "synthetic-agent-c",
    model: "Synthetic model C",
    harness: "Synthetic harness C",
    display_name: "Synthetic agent C",
    resolved: { "no-context": 19, "oracle-summary": 24, "oracle-context": 21, retrieval: 17 },
    tokensM: 0.9,
  },
];

/** Multipliers of tokens and wall time against No-Context (invented; only the ordering follows the seed). */
const EFFORT: Record<Condition, { tokens: number; wall: number }> = {
  "no-context": { tokens: 1, wall: 1 },
  "oracle-summary": { tokens: 0.85, wall: 0.62 },
  "oracle-context": { tokens: 0.74, wall: 0.55 },
  retrieval: { tokens: 0.95, wall: 0.9 },
};

/** Invented prices, USD per million tokens. */
const PRICE = { uncached: 1.25, cached: 0.125 };

const WORKSPACE = "/testbed";

interface TaskPlan {
  task_id: string;
  repo: string;
  group: "bug-fix" | "feature";
  stages: number;
  f2p: number;
  p2p: number;
  difficulty: number;
  seed: number;
}

const line = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

function planTasks(rand: () => number): TaskPlan[] {
  const plans: TaskPlan[] = [];
  let n = 0;
  for (const [repo, count] of REPOS) {
    const slug = repo.replace("/", "__");
    for (let i = 0; i < count; i++) {
      n++;
      plans.push({
        task_id: `${slug}-ctx${String(n).padStart(3, "0")}`,
        repo,
        group: n % 3 === 0 ? "feature" : "bug-fix",
        stages: rand() < 0.2 ? 2 : 1,
        f2p: 1 + Math.floor(rand() * 8),
        p2p: 3 + Math.floor(rand() * 13),
        difficulty: rand(),
        seed: Math.floor(rand() * 2 ** 31),
      });
    }
  }
  return plans;
}

function taskRecord(p: TaskPlan) {
  const module = p.repo.split("/")[1]!.replace("-", "_");
  const kind = p.group === "feature" ? "feature request" : "bug report";
  const stages = [
    {
      stage: 1,
      provenance: "issue",
      source_ref: `${p.task_id} (synthetic)`,
      intent: p.group === "feature" ? "new-feature" : "bug-fix",
      text: `Synthetic ${kind} for ${p.repo} (${p.task_id}). A related task in the experience pool touched the same code; resolve this one in ${WORKSPACE}.`,
    },
  ];
  if (p.stages === 2) {
    stages.push({
      stage: 2,
      provenance: "review",
      source_ref: `${p.task_id} review 1 (synthetic)`,
      intent: "refactor",
      text: `Synthetic review round for ${p.task_id}: keep the behaviour and move the new logic into its own helper.`,
    });
  }
  const tests = [
    ...Array.from({ length: p.f2p }, (_, i) => ({
      test_id: `tests/test_${module}_ctx.py::test_${p.task_id.split("-").pop()}_f2p_${i + 1}`,
      kind: "F2P",
      stage: i === 0 || p.stages === 1 ? 1 : 2,
    })),
    ...Array.from({ length: p.p2p }, (_, i) => ({
      test_id: `tests/test_${module}_ctx.py::test_existing_${i + 1}`,
      kind: "P2P",
    })),
  ];
  return {
    task_id: p.task_id,
    repo: p.repo,
    base_revision: "synthetic-" + p.task_id,
    title: `Synthetic ${kind} ${p.task_id.split("-").pop()}`,
    stages,
    changed_source_files: [`${module}/ctx/${p.task_id.split("-").pop()}.py`],
    tests,
  };
}

function schedule(p: TaskPlan) {
  const reqs: { task_id: string; stage: number | "submit"; workspace: string; intent?: string }[] = [];
  for (let s = 1; s <= p.stages; s++) reqs.push({ task_id: p.task_id, stage: s, workspace: WORKSPACE });
  // The finalization turn is not a repository task: the taxonomy's OTHER, which TFAS drops.
  reqs.push({ task_id: p.task_id, stage: "submit", workspace: WORKSPACE, intent: "other" });
  return reqs;
}

/** The k tasks with the lowest difficulty + config and condition noise are resolved: exact totals, correlated pairs. */
function resolvedSet(plans: TaskPlan[], config: ConfigSpec, condition: Condition, rand: () => number): Set<string> {
  const scored = plans.map((p) => ({ id: p.task_id, s: p.difficulty + 0.25 * rand() }));
  scored.sort((a, b) => a.s - b.s || a.id.localeCompare(b.id));
  return new Set(scored.slice(0, config.resolved[condition]).map((x) => x.id));
}

export function generateContextReuse(taskflowTarget: string): Record<string, string> {
  const rand = mulberry32(SEED);
  const plans = planTasks(rand);
  const sessions = plans.flatMap((p) =>
    CONDITIONS.map((condition) => ({
      session_id: `${p.task_id}.${condition}`,
      focus_task_id: p.task_id,
      condition,
      group: p.group,
      seed: p.seed,
      workspaces: { [WORKSPACE]: p.task_id },
      schedule: schedule(p),
    })),
  );

  const runs: unknown[] = [];
  for (const config of CONFIGS) {
    for (const condition of CONDITIONS) {
      const resolved = resolvedSet(plans, config, condition, rand);
      for (const p of plans) {
        const ok = resolved.has(p.task_id);
        const r = rand();
        const failure = ok ? null : r < 0.75 ? "implementation" : r < 0.92 ? "submission" : "incomplete";
        const requests = schedule(p).length;
        const ran = failure === "incomplete" ? requests - 1 : requests;
        const taskTokens =
          config.tokensM * 1e6 * EFFORT[condition].tokens * (0.5 + p.difficulty) * (0.85 + 0.3 * rand());
        const usage = Array.from({ length: ran }, (_, position) => {
          const share = position === requests - 1 ? 0.05 : 0.95 / p.stages;
          const tokens = Math.round(taskTokens * share);
          const cached = Math.round(tokens * 0.7);
          const calls = Math.max(1, Math.round((tokens / 40_000) * (0.8 + 0.4 * rand())));
          return {
            position,
            tokens,
            cached_tokens: cached,
            model_calls: calls,
            tool_calls: Math.max(0, calls - 1),
            wall_s: round(EFFORT[condition].wall * (60 + (tokens / 1e6) * 300) * (0.8 + 0.4 * rand()), 1),
            cost_usd: round(((tokens - cached) * PRICE.uncached + cached * PRICE.cached) / 1e6, 4),
          };
        });
        runs.push({
          run_id: `${config.config_id}.${p.task_id}.${condition}`,
          config_id: config.config_id,
          session_id: `${p.task_id}.${condition}`,
          repeat: 0,
          finalized: failure !== "incomplete",
          applied: failure === null || failure === "implementation",
          resolved: ok,
          failure_class: failure,
          tests: {
            failed:
              failure === "implementation"
                ? [
                    `tests/test_${p.repo.split("/")[1]!.replace("-", "_")}_ctx.py::test_${p.task_id.split("-").pop()}_f2p_1`,
                  ]
                : [],
            missing: [],
          },
          usage,
        });
      }
    }
  }

  const release = {
    format_version: "1",
    release_id: "context-reuse",
    benchmark: "SWE-ContextBench",
    title: "Context-reuse sample release (synthetic)",
    version: "1.0.0",
    synthetic: true,
    provenance:
      "Synthetic data generated by scripts/generate-context-reuse.ts with seed 260208316, shaped like SWE-ContextBench Lite " +
      "(arXiv 2602.08316, seed 003): 99 related Python tasks from 12 repositories, each run with no context (baseline), an oracle " +
      "summary, the oracle context and memory retrieval. No agent was run. Schedules hold only the focus task's requests. " +
      "`calibration` lists which figures match the summary.",
    baseline_condition: "no-context",
    conditions: [...CONDITIONS],
    groups: ["bug-fix", "feature"],
    submit_text: "Stage your patch for this task and stop.",
    calibration: {
      calibrated: [
        "Shape: 99 related tasks from 12 Python repositories (SWE-ContextBench Lite)",
        "Unnamed agent overall resolution: No-Context 26.26 (26/99), Oracle Summary 34.34 (34/99), Oracle Context 27.27 (27/99)",
        "Retrieval condition calibrated to Supermemory's 30.30 (30/99)",
        "Ordering: Oracle Context has the lowest mean runtime and cost of the four conditions",
      ],
      invented: [
        "The split of tasks over repositories, groups (bug-fix / feature), stages, test counts and every task text",
        "Which tasks each configuration resolves, and every per-group figure",
        "Synthetic agents B and C and all their figures",
        "All usage: tokens, model and tool calls, wall time and cost (invented prices)",
      ],
    },
    interruption_tasks: 0,
    cost_source: "invented prices: $1.25 per million uncached and $0.125 per million cached tokens",
  };

  const configs = CONFIGS.map((c) => ({
    config_id: c.config_id,
    model: c.model,
    harness: c.harness,
    variant: "native",
    display_name: c.display_name,
  }));

  return {
    "release.json": JSON.stringify(release, null, 1) + "\n",
    "tasks.jsonl": line(plans.map(taskRecord)),
    "sessions.jsonl": line(sessions),
    "configs.jsonl": line(configs),
    "runs.jsonl": line(runs),
    "taskflow/swe-bench-pro-single.json": taskflowTarget,
  };
}

export const TARGET_SOURCE = join("data", "taskflow", "swe-bench-pro-single.json");

function main() {
  const outDir = process.argv[2] ?? join(process.cwd(), "data", "releases", "context-reuse");
  const files = generateContextReuse(readFileSync(TARGET_SOURCE, "utf8"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(outDir, name, ".."), { recursive: true });
    writeFileSync(join(outDir, name), text);
  }
  console.log(`wrote ${outDir}: ${Object.keys(files).length} files`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
