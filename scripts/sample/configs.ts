// The 11 configurations of the sample release and the exact resolution counts each must reach. The counts were solved
// by hand so that every published figure and stated constraint of docs/benchmark.md, "Figures the paper publishes"
// holds (see CALIBRATION in release-meta.ts for which cells are published and which are invented).
import type { Config } from "../../lib/data/schema";

/** Resolved focus tasks out of 100 per locality group. */
export interface Counts {
  near: number;
  far: number;
}

export interface UsageProfile {
  /** Target Switch-All / Unint mean tokens per run (paper range 4.5–11.1). */
  allRatio: number;
  /** Target Switch-All / Unint mean model calls per run (paper range 2.4–4.3). */
  callsRatio: number;
  /** Target Switch-Focus / Unint mean tokens per run (paper range 1.41–2.95). */
  focusRatio: number;
  /** Typical model calls of a substantive request. */
  calls: number;
  /** Context the harness starts a session with (system prompt and tool schemas). */
  startContext: number;
  /** Context growth per model call (tool output, edits). */
  growthPerCall: number;
  /** The harness compacts the conversation when the context passes this size. */
  compactAt: number;
  /** Seconds per model call. */
  secondsPerCall: number;
  /** Invented list prices, USD per million tokens: uncached input, cached input, output. */
  prices: [number, number, number];
}

export interface ConfigPlan {
  config: Config;
  unint: Counts;
  switched: Counts;
  /** Shared by a native configuration and its variants: they run the same model on the same tasks. */
  modelKey: string;
  usage: UsageProfile;
}

const native = (
  config_id: string,
  model: string,
  harness: string,
  harness_version: string,
  display_name: string,
  extra: Partial<Config> = {},
): Config => ({ config_id, model, harness, harness_version, ...extra, variant: "native", display_name });

const variant = (base: Config, suffix: string, name: string): Config => ({
  config_id: `${base.config_id}-${suffix}`,
  model: base.model,
  harness: base.harness,
  ...(base.harness_version ? { harness_version: base.harness_version } : {}),
  ...(base.reasoning ? { reasoning: base.reasoning } : {}),
  variant: name,
  base_config_id: base.config_id,
  display_name: `${base.display_name} ${name}`,
});

const DEEPSEEK = native(
  "deepseek-v4.1-flash-opencode",
  "DeepSeek-V4.1-Flash",
  "OpenCode",
  "0.14.3",
  "DeepSeek-V4.1-Flash / OpenCode",
);
const GLM = native("glm-5.3-opencode", "GLM-5.3", "OpenCode", "0.14.3", "GLM-5.3 / OpenCode");

const u = (
  allRatio: number,
  callsRatio: number,
  focusRatio: number,
  calls: number,
  startContext: number,
  growthPerCall: number,
  compactAt: number,
  secondsPerCall: number,
  prices: [number, number, number],
): UsageProfile => ({
  allRatio,
  callsRatio,
  focusRatio,
  calls,
  startContext,
  growthPerCall,
  compactAt,
  secondsPerCall,
  prices,
});

export const CONFIG_PLANS: ConfigPlan[] = [
  {
    config: DEEPSEEK,
    modelKey: "deepseek",
    unint: { near: 45, far: 48 },
    switched: { near: 34, far: 29 },
    usage: u(11.0, 4.2, 2.9, 22, 14_000, 2_000, 600_000, 7.5, [0.3, 0.03, 1.2]),
  },
  {
    config: GLM,
    modelKey: "glm",
    unint: { near: 47, far: 51 },
    switched: { near: 46, far: 40 },
    usage: u(7.4, 3.3, 2.1, 20, 14_000, 2_200, 400_000, 9.0, [0.6, 0.11, 2.2]),
  },
  {
    config: native("kimi-k3-kimicode", "Kimi K3", "KimiCode", "1.9.0", "Kimi K3 / KimiCode"),
    modelKey: "kimi",
    unint: { near: 49, far: 47 },
    switched: { near: 37, far: 32 },
    usage: u(8.6, 3.6, 2.4, 21, 16_000, 2_000, 500_000, 8.0, [0.6, 0.15, 2.5]),
  },
  {
    config: native("gpt-5.6-sol-medium-codex", "GPT-5.6 Sol", "Codex", "0.61.0", "GPT-5.6 Sol (medium) / Codex", {
      reasoning: "medium",
    }),
    modelKey: "gpt",
    unint: { near: 46, far: 48 },
    switched: { near: 35, far: 30 },
    usage: u(6.3, 3.0, 1.8, 18, 12_000, 2_400, 400_000, 10.5, [1.25, 0.125, 10]),
  },
  {
    config: native(
      "gemini-3.7-flash-gemini-cli",
      "Gemini 3.7 Flash",
      "Gemini CLI",
      "0.19.1",
      "Gemini 3.7 Flash / Gemini CLI",
    ),
    modelKey: "gemini",
    unint: { near: 29, far: 30 },
    switched: { near: 25, far: 21 },
    usage: u(4.6, 2.45, 1.45, 17, 18_000, 2_200, 1_000_000, 5.5, [0.3, 0.075, 2.5]),
  },
  {
    config: native("claude-opus-5-claude-code", "Claude Opus 5", "Claude Code", "2.3.4", "Claude Opus 5 / Claude Code"),
    modelKey: "claude",
    unint: { near: 53, far: 54 },
    switched: { near: 44, far: 39 },
    usage: u(7.9, 3.4, 2.2, 22, 20_000, 1_900, 500_000, 11.0, [5, 0.5, 25]),
  },
  {
    config: native(
      "unnamed-7th-claude-code",
      "unnamed (not given in text)",
      "Claude Code",
      "2.3.4",
      "Unnamed 7th configuration",
    ),
    modelKey: "unnamed",
    unint: { near: 45, far: 43 },
    switched: { near: 36, far: 26 },
    usage: u(6.9, 3.1, 1.95, 20, 20_000, 2_100, 400_000, 9.5, [3, 0.3, 15]),
  },
  {
    config: variant(DEEPSEEK, "router", "+Router"),
    modelKey: "deepseek",
    unint: { near: 44, far: 47 },
    switched: { near: 40, far: 45 },
    usage: u(9.2, 3.9, 2.5, 22, 14_000, 2_000, 450_000, 7.5, [0.3, 0.03, 1.2]),
  },
  {
    config: variant(DEEPSEEK, "rcm", "+RCM"),
    modelKey: "deepseek",
    unint: { near: 45, far: 47 },
    switched: { near: 46, far: 48 },
    usage: u(5.4, 3.5, 1.6, 22, 14_000, 2_000, 250_000, 7.5, [0.3, 0.03, 1.2]),
  },
  {
    config: variant(GLM, "router", "+Router"),
    modelKey: "glm",
    unint: { near: 48, far: 51 },
    switched: { near: 46, far: 47 },
    usage: u(6.6, 3.1, 1.9, 20, 14_000, 2_200, 350_000, 9.0, [0.6, 0.11, 2.2]),
  },
  {
    config: variant(GLM, "rcm", "+RCM"),
    modelKey: "glm",
    unint: { near: 48, far: 51 },
    switched: { near: 48, far: 49 },
    usage: u(4.9, 2.9, 1.5, 20, 14_000, 2_200, 220_000, 9.0, [0.6, 0.11, 2.2]),
  },
];
