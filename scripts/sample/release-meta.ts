// release.json of the sample release: what it is, and exactly which of its figures are the paper's.
import { FORMAT_VERSION, type ReleaseMeta } from "../../lib/data/schema";
import { CONFIG_PLANS } from "./configs";
import { SUBMIT_TEXT } from "./texts";

export const CALIBRATED = [
  "Benchmark shape: 200 focus tasks (100 near, 100 far) over 19 Python repositories, 400 session specifications, 4 interruption tasks per switched session, 5 checkouts per session",
  "Table 1 DeepSeek-V4.1-Flash / OpenCode: uninterrupted 46.5, switched 31.5, gap 15.0 (relative drop 32.3%)",
  "Table 1 GLM-5.3 / OpenCode: uninterrupted 49.0, switched 43.0 (best), gap 6.0 (smallest), near gap 1.0, far gap 11.0, switched far 40.0",
  "Table 1 Kimi K3 / KimiCode: uninterrupted 48.0, switched 34.5, gap 13.5, near gap 12.0, far gap 15.0",
  "Table 1 GPT-5.6 Sol (medium) / Codex: gap 14.5",
  "Table 1 Gemini 3.7 Flash / Gemini CLI: gap 6.5, switched 23.0 (lowest), hence uninterrupted 29.5",
  "Table 1 Claude Opus 5 / Claude Code: uninterrupted 53.5 (best)",
  "Table 1 aggregates: mean gap 11.5 (range 6.0–15.0, every gap positive), mean near gap 8.1 (near gaps sum to 57), mean far gap 14.9 (far gaps sum to 104)",
  "Table 1 constraints: far gap > near gap for 7/7 configurations, by 3.0 (Kimi K3, smallest) to 10.0 (GLM-5.3, largest); switched near > switched far for 7/7; uninterrupted far > uninterrupted near for 5/7",
  "Table 3 DeepSeek-V4.1-Flash / OpenCode: +Router switched 42.5 with uninterrupted 1.0 below native (45.5); +RCM switched 47.0 with gap -1.0 (uninterrupted 46.0)",
  "Table 3 GLM-5.3 / OpenCode: +Router switched 46.5 with uninterrupted 0.5 above native (49.5) and switched far 40.0 -> 47.0; +RCM switched 48.5 with gap 1.0 (uninterrupted 49.5)",
  "Table 2 ranges: for every configuration Switch-All / Unint mean tokens per run lie in 4.5-11.1x (one configuration near each end), model calls in 2.4-4.3x, Switch-Focus / Unint tokens in 1.41-2.95x",
  "Table 6 profile medians over switched sessions: 22 requests (incl. finalization), 15 workspace switches, 3 focus returns",
  "Table 7 verifier sizes: pypa/packaging 13 F2P / 217 P2P, pallets/click 7 / 732, agronholm/anyio 10 / 18, getmoto/moto 5 / 8, networkx/networkx 25 / 41",
  "Appendix E.2 (Click): a switched run passing 3/7 F2P and 732/732 P2P, the earlier literal-default stage lost (requirement-state loss)",
  "Appendix E.3 (Moto): a switched run whose finalization diffs all five workspaces and submits no applicable focus patch (cross-task interference)",
];

function invented(): string[] {
  const cells = CONFIG_PLANS.map(({ config, unint, switched }) => {
    const gapNear = unint.near - switched.near;
    const gapFar = unint.far - switched.far;
    return `${config.display_name}: per-group cells uninterrupted near ${unint.near} / far ${unint.far}, switched near ${switched.near} / far ${switched.far} (near gap ${gapNear}, far gap ${gapFar}) except those listed as calibrated`;
  });
  return [
    'The seventh configuration is not named in the paper: its display name, model ("unnamed (not given in text)"), harness (Claude Code) and every figure of it are invented; only its share of the published aggregates is constrained',
    "GPT-5.6 Sol (medium) / Codex uninterrupted 47.0 and switched 32.5 (only the gap is published)",
    "Claude Opus 5 / Claude Code switched 41.5 and gap 12.0 (only uninterrupted is published)",
    "Seventh configuration uninterrupted 44.0, switched 31.0, gap 13.0",
    ...cells,
    "Near and far gaps of DeepSeek-V4.1-Flash, GPT-5.6 Sol, Gemini 3.7 Flash, Claude Opus 5 and the seventh configuration (the paper gives only their sums and the constraints)",
    "Which tasks each configuration resolves, every per-test result and failure class",
    "The two switched runs of the seventh configuration that have no run line (counted as unresolved; see extra.missing_runs)",
    "Every per-request token, cached-token, model-call, tool-call and wall-time figure, and the exact per-configuration Table 2 ratios (only the ranges are published)",
    "Prices and cost_usd (invented list prices, see cost_source)",
    "Harness versions",
    "Task contents: issue numbers, base revisions, request texts, changed source files, test ids; the repositories' source trees are modelled on, not copied from, the real projects",
    "Session schedules (only their profile medians are published) and interruption-only tasks",
    "Trajectories and annotations (synthetic ATIF written by the generator)",
  ];
}

export function costSource(): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const { config, usage } of CONFIG_PLANS) {
    if (seen.has(config.model)) continue;
    seen.add(config.model);
    const [input, cached, output] = usage.prices;
    lines.push(`${config.model} ${input}/${cached}/${output}`);
  }
  return `Invented list prices, not any vendor's actual prices (USD per million tokens, uncached input / cached input / output): ${lines.join("; ")}. Output is taken as 650 tokens per model call.`;
}

export function releaseMeta(
  seed: number,
  missingRuns: { config_id: string; session_id: string; reason: string }[],
): ReleaseMeta {
  return {
    format_version: FORMAT_VERSION,
    release_id: "sample",
    benchmark: "Switch-SWE",
    title: "Switch-SWE sample release (synthetic)",
    version: "1.0.0",
    synthetic: true,
    provenance:
      `Synthetic data generated by scripts/generate-sample.ts with seed ${seed}. No agent was run: tasks, sessions, runs, usage, ` +
      "trajectories and annotations are invented, shaped like the Switch-SWE benchmark (arXiv 2611.02017) and calibrated so that " +
      "every resolution, gap and group figure the paper publishes, its stated constraints, the Table 2 ratio ranges, the Table 6 " +
      "profile and the Table 7 verifier sizes are reproduced exactly. `calibration` lists which figures match the paper and which are invented.",
    baseline_condition: "uninterrupted",
    conditions: ["uninterrupted", "switched"],
    groups: ["near", "far"],
    submit_text: SUBMIT_TEXT,
    calibration: { calibrated: CALIBRATED, invented: invented() },
    interruption_tasks: 4,
    cost_source: costSource(),
    extra: { seed, missing_runs: missingRuns },
  };
}
