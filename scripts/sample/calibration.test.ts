// The generated sample release, read back from its files and recomputed here without the generator's own
// bookkeeping: every published figure of docs/benchmark.md, "Figures the paper publishes", the stated constraints, the
// Table 2 ratio ranges, the Table 6 profile, the Table 7 verifier sizes, the signature examples, and zero validator
// errors.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../lib/data/load-release";
import { locality } from "../../lib/data/locality";
import { requestFlags, scheduleProfile } from "../../lib/data/schedule";
import type { Annotation, Config, ReleaseMeta, Run, Session, Task } from "../../lib/data/schema";
import { validateRelease } from "../../lib/data/validate";
import { ArchiveCache, readReleaseFile } from "../../lib/archive/read-node";
import { generateSample, sampleArchiveOf } from "./generate";

// Resolved focus tasks out of 100 per group: [unint near, unint far, switched near, switched far].
// Copied from the hand-solved table of issue 2 (published cells are marked in release.json calibration).
const TABLE: Record<string, [number, number, number, number]> = {
  "deepseek-v4.1-flash-opencode": [45, 48, 34, 29],
  "glm-5.3-opencode": [47, 51, 46, 40],
  "kimi-k3-kimicode": [49, 47, 37, 32],
  "gpt-5.6-sol-medium-codex": [46, 48, 35, 30],
  "gemini-3.7-flash-gemini-cli": [29, 30, 25, 21],
  "claude-opus-5-claude-code": [53, 54, 44, 39],
  "unnamed-7th-claude-code": [45, 43, 36, 26],
  "deepseek-v4.1-flash-opencode-router": [44, 47, 40, 45],
  "deepseek-v4.1-flash-opencode-rcm": [45, 47, 46, 48],
  "glm-5.3-opencode-router": [48, 51, 46, 47],
  "glm-5.3-opencode-rcm": [48, 51, 48, 49],
};
const NATIVE = Object.keys(TABLE).slice(0, 7);

let dir: string;
let meta: ReleaseMeta;
let tasks: Map<string, Task>;
let sessions: Session[];
let configs: Config[];
let runs: Run[];
let annotations: Annotation[];

const readJsonl = <T>(file: string): T[] =>
  readFileSync(join(dir, file), "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as T);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "sample-release-"));
  generateSample(dir);
  meta = JSON.parse(readFileSync(join(dir, "release.json"), "utf8")) as ReleaseMeta;
  tasks = new Map(readJsonl<Task>("tasks.jsonl").map((t) => [t.task_id, t]));
  sessions = readJsonl<Session>("sessions.jsonl");
  configs = readJsonl<Config>("configs.jsonl");
  runs = readJsonl<Run>("runs.jsonl");
  annotations = readJsonl<Annotation>("annotations.jsonl");
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sessionById = () => new Map(sessions.map((s) => [s.session_id, s]));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => sum(xs) / xs.length;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length / 2;
  return s.length % 2 === 1 ? s[Math.floor(mid)]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Resolved counts per (config, condition, group), with missing runs counting as unresolved. */
function resolvedCounts(): Map<string, number> {
  const byId = sessionById();
  const counts = new Map<string, number>();
  for (const run of runs) {
    const s = byId.get(run.session_id)!;
    const key = `${run.config_id}|${s.condition}|${s.group}`;
    counts.set(key, (counts.get(key) ?? 0) + (run.resolved ? 1 : 0));
  }
  return counts;
}

/** Resolution in percent over the fixed split denominators (100 per group, 200 overall). */
function resolution(configId: string, condition: string, group?: "near" | "far"): number {
  const counts = resolvedCounts();
  const c = (g: string) => counts.get(`${configId}|${condition}|${g}`) ?? 0;
  return group ? c(group) : (c("near") + c("far")) / 2;
}

describe("benchmark shape", () => {
  it("has 200 focus tasks, 100 near and 100 far, over 19 repositories with 10-11 each", () => {
    const focus = new Map<string, string>();
    for (const s of sessions) focus.set(s.focus_task_id, s.group);
    expect(focus.size).toBe(200);
    expect([...focus.values()].filter((g) => g === "near")).toHaveLength(100);
    const perRepo = new Map<string, number>();
    for (const id of focus.keys()) perRepo.set(tasks.get(id)!.repo, (perRepo.get(tasks.get(id)!.repo) ?? 0) + 1);
    expect(perRepo.size).toBe(19);
    expect(Math.min(...perRepo.values())).toBe(10);
    expect(Math.max(...perRepo.values())).toBe(11);
  });

  it("has one uninterrupted and one switched session per focus task, sharing the workspace mapping", () => {
    expect(sessions).toHaveLength(400);
    const byFocus = new Map<string, Session[]>();
    for (const s of sessions) byFocus.set(s.focus_task_id, [...(byFocus.get(s.focus_task_id) ?? []), s]);
    for (const pair of byFocus.values()) {
      expect(pair.map((s) => s.condition).sort()).toEqual(["switched", "uninterrupted"]);
      expect(pair[0]!.workspaces).toEqual(pair[1]!.workspaces);
      expect(Object.keys(pair[0]!.workspaces)).toEqual([
        "/work/w00",
        "/work/w01",
        "/work/w02",
        "/work/w03",
        "/work/w04",
      ]);
    }
  });

  it("keeps projection equality, per-task order with ordered prefixes, locality and focus finalization last", () => {
    const byFocus = new Map(sessions.filter((s) => s.condition === "uninterrupted").map((s) => [s.focus_task_id, s]));
    for (const s of sessions.filter((x) => x.condition === "switched")) {
      const base = byFocus.get(s.focus_task_id)!;
      expect(s.schedule.filter((r) => r.task_id === s.focus_task_id)).toEqual(base.schedule);
      expect(s.schedule.at(-1)).toEqual({
        task_id: s.focus_task_id,
        stage: "submit",
        workspace: base.schedule[0]!.workspace,
      });
      const focus = tasks.get(s.focus_task_id)!;
      const others = [...new Set(s.schedule.map((r) => r.task_id))].filter((id) => id !== s.focus_task_id);
      expect(others).toHaveLength(4);
      for (const id of others) {
        const other = tasks.get(id)!;
        expect(other.repo).toBe(focus.repo);
        expect(locality(focus.changed_source_files, other.changed_source_files)).toBe(s.group);
        const stages = s.schedule.filter((r) => r.task_id === id).map((r) => r.stage);
        expect(stages).toEqual(stages.map((_, i) => i + 1));
        expect(stages.length).toBeLessThanOrEqual(other.stages.length);
        expect(s.workspaces[s.schedule.find((r) => r.task_id === id)!.workspace]).toBe(id);
      }
    }
  });

  it("has the Table 7 verifier sizes", () => {
    const focusIds = new Set(sessions.map((s) => s.focus_task_id));
    const sizes = (repo: string) =>
      [...focusIds]
        .map((id) => tasks.get(id)!)
        .filter((t) => t.repo === repo)
        .map(
          (t) => `${t.tests.filter((x) => x.kind === "F2P").length}/${t.tests.filter((x) => x.kind === "P2P").length}`,
        );
    expect(sizes("pypa/packaging")).toContain("13/217");
    expect(sizes("pallets/click")).toContain("7/732");
    expect(sizes("agronholm/anyio")).toContain("10/18");
    expect(sizes("getmoto/moto")).toContain("5/8");
    expect(sizes("networkx/networkx")).toContain("25/41");
  });

  it("has the 11 configurations with variants pointing at their native configuration", () => {
    expect(configs.map((c) => c.config_id)).toEqual(Object.keys(TABLE));
    const variants = configs.filter((c) => c.variant !== "native");
    expect(variants.map((c) => `${c.variant}>${c.base_config_id}`)).toEqual([
      "+Router>deepseek-v4.1-flash-opencode",
      "+RCM>deepseek-v4.1-flash-opencode",
      "+Router>glm-5.3-opencode",
      "+RCM>glm-5.3-opencode",
    ]);
    const seventh = configs.find((c) => c.config_id === "unnamed-7th-claude-code")!;
    expect([seventh.display_name, seventh.model, seventh.harness]).toEqual([
      "Unnamed 7th configuration",
      "unnamed (not given in text)",
      "Claude Code",
    ]);
    expect(new Set(configs.slice(0, 7).map((c) => c.harness))).toEqual(
      new Set(["OpenCode", "Claude Code", "Codex", "Gemini CLI", "KimiCode"]),
    );
  });

  it("marks itself synthetic and lists calibrated and invented figures", () => {
    expect(meta.synthetic).toBe(true);
    expect(meta.release_id).toBe("sample");
    expect(meta.conditions).toEqual(["uninterrupted", "switched"]);
    expect(meta.interruption_tasks).toBe(4);
    expect(meta.calibration!.calibrated.some((c) => c.includes("GLM-5.3") && c.includes("40.0"))).toBe(true);
    expect(meta.calibration!.invented.some((c) => c.includes("seventh configuration"))).toBe(true);
  });
});

describe("resolution calibration (docs/benchmark.md, Figures the paper publishes)", () => {
  it("reproduces every cell of the hand-solved table from runs.jsonl", () => {
    const counts = resolvedCounts();
    for (const [configId, [un, uf, sn, sf]] of Object.entries(TABLE)) {
      const got = ["uninterrupted|near", "uninterrupted|far", "switched|near", "switched|far"].map(
        (k) => counts.get(`${configId}|${k}`) ?? 0,
      );
      expect([configId, ...got]).toEqual([configId, un, uf, sn, sf]);
    }
  });

  it("equals the published Table 1 figures", () => {
    const gap = (id: string, g?: "near" | "far") => resolution(id, "uninterrupted", g) - resolution(id, "switched", g);
    const ds = "deepseek-v4.1-flash-opencode";
    expect([resolution(ds, "uninterrupted"), resolution(ds, "switched"), gap(ds)]).toEqual([46.5, 31.5, 15]);
    expect(Math.round((1000 * gap(ds)) / resolution(ds, "uninterrupted")) / 10).toBe(32.3);
    const glm = "glm-5.3-opencode";
    expect([
      resolution(glm, "uninterrupted"),
      resolution(glm, "switched"),
      gap(glm),
      gap(glm, "near"),
      gap(glm, "far"),
    ]).toEqual([49, 43, 6, 1, 11]);
    expect(resolution(glm, "switched", "far")).toBe(40);
    const kimi = "kimi-k3-kimicode";
    expect([
      resolution(kimi, "uninterrupted"),
      resolution(kimi, "switched"),
      gap(kimi),
      gap(kimi, "near"),
      gap(kimi, "far"),
    ]).toEqual([48, 34.5, 13.5, 12, 15]);
    expect(gap("gpt-5.6-sol-medium-codex")).toBe(14.5);
    expect([gap("gemini-3.7-flash-gemini-cli"), resolution("gemini-3.7-flash-gemini-cli", "switched")]).toEqual([
      6.5, 23,
    ]);
    expect(resolution("claude-opus-5-claude-code", "uninterrupted")).toBe(53.5);

    const switched = NATIVE.map((id) => resolution(id, "switched"));
    const unint = NATIVE.map((id) => resolution(id, "uninterrupted"));
    const gaps = NATIVE.map((id) => gap(id));
    expect(Math.max(...switched)).toBe(43); // GLM-5.3 best switched
    expect(Math.min(...switched)).toBe(23); // Gemini lowest switched
    expect(Math.max(...unint)).toBe(53.5); // Claude Opus 5 best uninterrupted
    expect(Math.min(...gaps)).toBe(6); // GLM-5.3 smallest gap
    expect(Math.max(...gaps)).toBe(15);
    expect(Math.round(mean(gaps) * 10) / 10).toBe(11.5);
  });

  it("satisfies the stated constraints", () => {
    const gap = (id: string, g?: "near" | "far") => resolution(id, "uninterrupted", g) - resolution(id, "switched", g);
    const near = NATIVE.map((id) => gap(id, "near"));
    const far = NATIVE.map((id) => gap(id, "far"));
    expect(sum(near)).toBe(57);
    expect(sum(far)).toBe(104);
    expect(Math.round(mean(near) * 10) / 10).toBe(8.1);
    expect(Math.round(mean(far) * 10) / 10).toBe(14.9);
    for (const id of NATIVE) {
      expect(gap(id)).toBeGreaterThanOrEqual(6);
      expect(gap(id)).toBeLessThanOrEqual(15);
      expect(resolution(id, "switched", "near")).toBeGreaterThan(resolution(id, "switched", "far"));
    }
    const diff = NATIVE.map((id) => gap(id, "far") - gap(id, "near"));
    expect(diff.every((d) => d >= 3 && d <= 10)).toBe(true);
    expect(diff[NATIVE.indexOf("kimi-k3-kimicode")]).toBe(Math.min(...diff));
    expect(diff[NATIVE.indexOf("kimi-k3-kimicode")]).toBe(3);
    expect(diff[NATIVE.indexOf("glm-5.3-opencode")]).toBe(Math.max(...diff));
    expect(diff[NATIVE.indexOf("glm-5.3-opencode")]).toBe(10);
    expect(
      NATIVE.filter((id) => resolution(id, "uninterrupted", "far") > resolution(id, "uninterrupted", "near")),
    ).toHaveLength(5);
  });

  it("equals the published Table 3 OpenCode variant figures", () => {
    const r = resolution;
    const ds = "deepseek-v4.1-flash-opencode";
    expect(r(`${ds}-router`, "switched")).toBe(42.5);
    expect(r(`${ds}-router`, "uninterrupted") - r(ds, "uninterrupted")).toBe(-1);
    expect(r(`${ds}-rcm`, "switched")).toBe(47);
    expect(r(`${ds}-rcm`, "uninterrupted") - r(`${ds}-rcm`, "switched")).toBe(-1);
    const glm = "glm-5.3-opencode";
    expect(r(`${glm}-router`, "switched")).toBe(46.5);
    expect(r(`${glm}-router`, "uninterrupted") - r(glm, "uninterrupted")).toBe(0.5);
    expect([r(glm, "switched", "far"), r(`${glm}-router`, "switched", "far")]).toEqual([40, 47]);
    expect(r(`${glm}-rcm`, "switched")).toBe(48.5);
    expect(r(`${glm}-rcm`, "uninterrupted") - r(`${glm}-rcm`, "switched")).toBe(1);
  });

  it("has discordant pairs in both directions for every native configuration", () => {
    const byId = sessionById();
    for (const id of NATIVE) {
      const result = new Map<string, { u?: boolean; s?: boolean }>();
      for (const run of runs.filter((r) => r.config_id === id)) {
        const s = byId.get(run.session_id)!;
        const cell = result.get(s.focus_task_id) ?? {};
        cell[s.condition === "switched" ? "s" : "u"] = run.resolved;
        result.set(s.focus_task_id, cell);
      }
      const cells = [...result.values()];
      const lostBySwitch = cells.filter((c) => c.u === true && c.s !== true).length;
      const gainedBySwitch = cells.filter((c) => c.u !== true && c.s === true).length;
      expect(lostBySwitch, id).toBeGreaterThan(gainedBySwitch);
      expect(gainedBySwitch, id).toBeGreaterThanOrEqual(2);
    }
  });

  it("has no run line for exactly the two cells release.json lists as missing", () => {
    const present = new Set(runs.map((r) => `${r.config_id}|${r.session_id}`));
    const absent = configs.flatMap((c) =>
      sessions
        .filter((s) => !present.has(`${c.config_id}|${s.session_id}`))
        .map((s) => `${c.config_id}|${s.session_id}`),
    );
    const listed = (meta.extra!.missing_runs as { config_id: string; session_id: string }[]).map(
      (m) => `${m.config_id}|${m.session_id}`,
    );
    expect(absent).toHaveLength(2);
    expect(absent.sort()).toEqual(listed.sort());
    expect(absent.every((a) => a.startsWith("unnamed-7th-claude-code|") && a.endsWith(".switched"))).toBe(true);
    expect(runs).toHaveLength(11 * 400 - 2);
  });

  it("has outcome fields that tell one story, with all three failure classes", () => {
    const classes = new Map<string, number>();
    for (const run of runs) {
      classes.set(String(run.failure_class), (classes.get(String(run.failure_class)) ?? 0) + 1);
      if (run.resolved) expect(run.tests).toEqual({ failed: [], missing: [] });
      if (run.failure_class === "implementation")
        expect(run.tests.failed.length + run.tests.missing.length).toBeGreaterThan(0);
      if (run.failure_class === "incomplete") expect(run.finalized).toBe(false);
    }
    const unresolved = runs.filter((r) => !r.resolved).length;
    expect(classes.get("implementation")! / unresolved).toBeGreaterThan(0.6);
    expect(classes.get("submission")).toBeGreaterThan(100);
    expect(classes.get("incomplete")).toBeGreaterThan(100);
  });
});

describe("usage (Table 2 ranges)", () => {
  interface Ratios {
    unintTokens: number;
    all: number;
    calls: number;
    focus: number;
  }
  function ratios(configId: string): Ratios {
    const byId = sessionById();
    const totals = { u: [] as number[], uc: [] as number[], s: [] as number[], sc: [] as number[], f: [] as number[] };
    for (const run of runs.filter((r) => r.config_id === configId)) {
      const s = byId.get(run.session_id)!;
      const tokens = sum(run.usage.map((u) => u.tokens));
      const calls = sum(run.usage.map((u) => u.model_calls));
      if (s.condition === "uninterrupted") {
        totals.u.push(tokens);
        totals.uc.push(calls);
      } else {
        const flags = requestFlags(s.schedule, s.focus_task_id);
        totals.s.push(tokens);
        totals.sc.push(calls);
        totals.f.push(sum(run.usage.filter((u) => flags[u.position]!.inSwitchFocusScope).map((u) => u.tokens)));
      }
    }
    const u = mean(totals.u);
    return {
      unintTokens: u,
      all: mean(totals.s) / u,
      calls: mean(totals.sc) / mean(totals.uc),
      focus: mean(totals.f) / u,
    };
  }

  it("keeps every configuration inside the published ranges, spanning the token range", () => {
    const all = configs.map((c) => [c.config_id, ratios(c.config_id)] as const);
    for (const [id, r] of all) {
      expect(r.all, id).toBeGreaterThanOrEqual(4.5);
      expect(r.all, id).toBeLessThanOrEqual(11.1);
      expect(r.calls, id).toBeGreaterThanOrEqual(2.4);
      expect(r.calls, id).toBeLessThanOrEqual(4.3);
      expect(r.focus, id).toBeGreaterThanOrEqual(1.41);
      expect(r.focus, id).toBeLessThanOrEqual(2.95);
      expect(r.unintTokens / 1e6, id).toBeGreaterThan(5);
      expect(r.unintTokens / 1e6, id).toBeLessThan(12);
    }
    expect(Math.min(...all.map(([, r]) => r.all))).toBeLessThan(4.7);
    expect(Math.max(...all.map(([, r]) => r.all))).toBeGreaterThan(10.9);
  });

  it("has cached tokens within tokens and usage only for requests that ran", () => {
    const byId = sessionById();
    for (const run of runs) {
      const n = byId.get(run.session_id)!.schedule.length;
      expect(run.usage.map((u) => u.position)).toEqual(run.usage.map((_, i) => i));
      if (run.finalized) expect(run.usage).toHaveLength(n);
      else expect(run.usage.length).toBeLessThanOrEqual(n);
      for (const u of run.usage) expect(u.cached_tokens).toBeLessThanOrEqual(u.tokens);
    }
  });

  it("makes focus requests after interruptions cost more than the same stage uninterrupted", () => {
    const byId = sessionById();
    for (const config of configs) {
      const perStage = { u: [] as number[], s: [] as number[] };
      for (const run of runs.filter((r) => r.config_id === config.config_id)) {
        const s = byId.get(run.session_id)!;
        for (const u of run.usage) {
          const req = s.schedule[u.position]!;
          if (req.task_id === s.focus_task_id && typeof req.stage === "number" && req.stage >= 2)
            perStage[s.condition === "switched" ? "s" : "u"].push(u.tokens);
        }
      }
      expect(mean(perStage.s), config.config_id).toBeGreaterThan(1.2 * mean(perStage.u));
    }
  });
});

describe("switched-session profile (Table 6)", () => {
  it("has medians of exactly 22 requests, 15 workspace switches and 3 focus returns, with 4 interruption tasks each", () => {
    const profiles = sessions
      .filter((s) => s.condition === "switched")
      .map((s) => scheduleProfile(s.schedule, s.focus_task_id));
    expect(profiles).toHaveLength(200);
    expect(median(profiles.map((p) => p.requests))).toBe(22);
    expect(median(profiles.map((p) => p.workspaceSwitches))).toBe(15);
    expect(median(profiles.map((p) => p.focusReturns))).toBe(3);
    expect(profiles.every((p) => p.interruptionTasks === 4)).toBe(true);
    // The shapes vary around the medians rather than all sitting on them.
    expect(new Set(profiles.map((p) => p.requests)).size).toBeGreaterThan(10);
    expect(new Set(profiles.map((p) => p.workspaceSwitches)).size).toBeGreaterThan(8);
  });
});

describe("trajectories and annotations", () => {
  it("gives every run a trajectory, an entry of its configuration × condition archive", () => {
    const byId = sessionById();
    expect(
      runs.every(
        (r) => r.trajectory === `${sampleArchiveOf(r.config_id, byId.get(r.session_id)!.condition)}#${r.run_id}.json`,
      ),
    ).toBe(true);
  });

  it("has trajectories whose per-step metrics add up to the run's usage of each request", async () => {
    interface Step {
      source: string;
      tool_calls?: unknown[];
      metrics?: { prompt_tokens: number; completion_tokens: number; cached_tokens: number };
    }
    // Every annotated run and every 20th other run: the whole release is the build's pass.
    const annotated = new Set(annotations.map((a) => a.run_id));
    const archives = new ArchiveCache();
    for (const run of runs.filter((r, i) => annotated.has(r.run_id) || i % 20 === 0)) {
      const atif = JSON.parse(
        new TextDecoder().decode(await readReleaseFile("data/releases/sample", run.trajectory!, archives)),
      ) as { steps: Step[] };
      const perRequest: {
        position: number;
        tokens: number;
        cached_tokens: number;
        model_calls: number;
        tool_calls: number;
      }[] = [];
      for (const step of atif.steps) {
        if (step.source === "user")
          perRequest.push({ position: perRequest.length, tokens: 0, cached_tokens: 0, model_calls: 0, tool_calls: 0 });
        const current = perRequest.at(-1);
        if (step.source !== "agent" || !current || !step.metrics) continue;
        current.tokens += step.metrics.prompt_tokens + step.metrics.completion_tokens;
        current.cached_tokens += step.metrics.cached_tokens;
        current.model_calls += 1;
        current.tool_calls += step.tool_calls?.length ?? 0;
      }
      // Requests that ran: a user step without a usage line is a request that never ran (none in the sample).
      const usage = run.usage.map(({ position, tokens, cached_tokens, model_calls, tool_calls }) => ({
        position,
        tokens,
        cached_tokens,
        model_calls,
        tool_calls,
      }));
      expect(perRequest, run.run_id).toEqual(usage);
    }
    await archives.close();
  }, 120_000);

  it("shows cross-task interference at finalization in at least 3 switched runs, one of them on moto", () => {
    const byId = sessionById();
    const cti = annotations.filter((a) => a.signature === "cross_task_interference");
    expect(new Set(cti.map((a) => a.run_id)).size).toBeGreaterThanOrEqual(3);
    for (const a of cti) {
      const run = runs.find((r) => r.run_id === a.run_id)!;
      const s = byId.get(run.session_id)!;
      expect([s.condition, run.failure_class, run.applied, run.finalized]).toEqual([
        "switched",
        "submission",
        false,
        true,
      ]);
      expect(a.position).toBe(s.schedule.length - 1);
      expect(a.step_ids.length).toBeGreaterThan(0);
      expect(a.author).toEqual({ kind: "human", name: "sample annotator" });
    }
    expect(
      cti.some(
        (a) =>
          tasks.get(byId.get(runs.find((r) => r.run_id === a.run_id)!.session_id)!.focus_task_id)!.repo ===
          "getmoto/moto",
      ),
    ).toBe(true);
  });

  it("shows requirement-state loss in at least 3 switched runs: earlier-stage F2P fail, later stages and P2P pass", () => {
    const byId = sessionById();
    const rsl = annotations.filter((a) => a.signature === "requirement_state_loss");
    expect(new Set(rsl.map((a) => a.run_id)).size).toBeGreaterThanOrEqual(3);
    let click = false;
    for (const a of rsl) {
      const run = runs.find((r) => r.run_id === a.run_id)!;
      const s = byId.get(run.session_id)!;
      const task = tasks.get(s.focus_task_id)!;
      expect([s.condition, run.failure_class, run.applied]).toEqual(["switched", "implementation", true]);
      const failedStages = new Set(
        task.tests.filter((t) => run.tests.failed.includes(t.test_id)).map((t) => (t.kind === "F2P" ? t.stage : "P2P")),
      );
      expect(failedStages).toEqual(new Set([1]));
      expect(run.tests.missing).toEqual([]);
      expect(task.tests.some((t) => t.kind === "F2P" && (t.stage ?? 0) > 1)).toBe(true);
      if (task.repo === "pallets/click" && task.tests.length === 739) {
        click = true;
        const f2p = task.tests.filter((t) => t.kind === "F2P");
        expect(f2p.length - run.tests.failed.length).toBe(3); // 3/7 F2P pass, 732/732 P2P pass
      }
    }
    expect(click).toBe(true);
  });
});

describe("the release passes the validator", () => {
  it("loads with no problems and validates with zero errors", async () => {
    const loaded = await loadRelease(dir);
    expect(loaded.problems).toEqual([]);
    const problems = validateRelease(loaded.release!);
    expect(problems.filter((p) => p.level === "error")).toEqual([]);
    // Warnings are only for runs whose (generated, not written here) trajectory and patch archives are absent.
    expect(new Set(problems.map((p) => p.rule))).toEqual(new Set(["run.trajectory_missing", "run.patch_missing"]));
    expect(loaded.release!.runs).toHaveLength(4398);
  });
});
