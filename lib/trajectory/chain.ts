// A whole trajectory: the main file, its continuation files (`continued_trajectory_ref`), and the subagent
// trajectories it references (embedded in the root, v1.7+, or written to files next to it). Reading files is
// injected, so the same code runs in the parse worker (fetch) and in Node tests (fs).
import { siblingBase } from "../archive/ref";
import type { SubTrajectory, Totals, Trajectory } from "./model";
import { errorText } from "./error-text";
import { readDocument, type AtifDocument } from "./read-file";
import { sumStepMetrics } from "./totals";
import { isRecord, str } from "./values";
import { WarningSink } from "./warnings";

/** Reads and parses a file named relative to the release's trajectory folder; rejects when it is missing. */
export type ReadJson = (path: string) => Promise<unknown>;

export interface LoadOptions {
  /** At most this many files in a continuation chain (a cycle or a runaway chain stops here). */
  maxFiles?: number;
  /** Read subagent trajectory files (one level). */
  subagentFiles?: boolean;
}

export async function loadTrajectory(
  mainPath: string,
  readJson: ReadJson,
  opts: LoadOptions = {},
): Promise<Trajectory> {
  // `readJson` goes through the door (parse-text.ts): every format arrives here as ATIF.
  const first = await readJson(mainPath);
  const warn = WarningSink.create();
  const docs: AtifDocument[] = [readDocument(first, mainPath, 0, 1, warn.forFile(mainPath))];
  const seen = new Set([mainPath]);
  const maxFiles = opts.maxFiles ?? 50;
  for (let ref = docs[0]!.continuedRef; ref !== null; ref = docs[docs.length - 1]!.continuedRef) {
    const path = siblingPath(mainPath, ref);
    if (path === null) {
      warn.add(
        "chain.ref",
        `continued_trajectory_ref "${ref}" is not a relative path next to the trajectory; not followed`,
      );
      break;
    }
    if (seen.has(path) || docs.length >= maxFiles) {
      warn.add(
        "chain.ref",
        `continuation chain stops at "${ref}" (${seen.has(path) ? "a cycle" : `more than ${maxFiles} files`})`,
      );
      break;
    }
    seen.add(path);
    let raw: unknown;
    try {
      raw = await readJson(path);
    } catch (err) {
      warn.add(
        "chain.missing",
        `continuation file "${ref}" could not be read (${errorText(err)}); the run is shown up to there`,
      );
      break;
    }
    const nextN = docs.reduce((a, d) => a + d.steps.length, 0) + 1;
    docs.push(readDocument(raw, path, docs.length, nextN, warn.forFile(path)));
  }
  const trajectory = assemble(docs, warn);
  trajectory.warnings = warn.list();
  if (opts.subagentFiles ?? true) await resolveSubagentFiles(trajectory, mainPath, readJson);
  return trajectory;
}

/** A single document with no continuation or subagent files read (embedded subagents are read). */
export function readTrajectory(raw: unknown, name = "trajectory.json"): Trajectory {
  const warn = WarningSink.create();
  const doc = readDocument(raw, name, 0, 1, warn.forFile(name));
  // Only this file was given: say so when it continues elsewhere, so its totals are not taken for the run's.
  if (doc.continuedRef !== null) {
    warn.add(
      "chain.not_followed",
      `${name} continues in "${doc.continuedRef}", which was not read; steps and totals cover this file only`,
    );
  }
  const t = assemble([doc], warn);
  t.warnings = warn.list();
  return t;
}

function assemble(docs: AtifDocument[], warn: WarningSink, depth = 0): Trajectory {
  const main = docs[0]!;
  const steps = docs.length === 1 ? main.steps : docs.flatMap((d) => d.steps);
  const stepTotals = sumStepMetrics(steps);
  const subagents: SubTrajectory[] = main.embedded.map((raw, i) => {
    const key = (isRecord(raw) ? (str(raw.trajectory_id) ?? str(raw.session_id)) : null) ?? `embedded-${i + 1}`;
    if (depth >= 2)
      return {
        key,
        origin: "embedded",
        path: null,
        trajectory: null,
        error: "nested more than two levels deep; not read",
      };
    const sub = readDocument(raw, `${main.name}#${key}`, 0, 1, warn.forFile(`${main.name}#${key}`));
    return { key, origin: "embedded", path: null, trajectory: assemble([sub], warn, depth + 1), error: null };
  });
  const reported = reportedTotals(docs, stepTotals, warn);
  if (reported && steps.some((s) => s.metrics !== null) && !sameTotals(reported, stepTotals)) {
    warn.add(
      "totals.final_metrics_differ",
      `final_metrics say ${totalsWords(reported)}, the steps add up to ${totalsWords(stepTotals)}; both are shown, neither is corrected`,
    );
  }
  return {
    schemaVersion: main.schemaVersion,
    sessionId: main.sessionId,
    trajectoryId: main.trajectoryId,
    agent: main.agent,
    files: docs.map((d) => d.name),
    steps,
    notes: main.notes,
    stepTotals,
    reported,
    subagents,
    extra: main.extra,
    warnings: [],
  };
}

/** Token counts equal, and costs equal to the cent's hundredth (sums of floats) when both have one. */
function sameTotals(a: Totals, b: Totals): boolean {
  const costSame = a.cost === null || b.cost === null || Math.abs(a.cost - b.cost) < 1e-6;
  return a.prompt === b.prompt && a.completion === b.completion && a.cached === b.cached && costSame;
}

function totalsWords(t: Totals): string {
  return `${t.prompt} prompt + ${t.completion} completion tokens (${t.cached} cached)${t.cost !== null ? `, $${t.cost.toFixed(4)}` : ""}`;
}

/**
 * Harbor writes, in the last file of a continuation chain, final_metrics for the whole run (the fixture's
 * continuation repeats the run's totals): adding the files' final_metrics would count the first part twice.
 * A last file whose totals cover every step of the chain is taken as the run's; otherwise the files are
 * taken as per-file totals and summed, with a warning.
 */
function reportedTotals(docs: AtifDocument[], fromSteps: Totals, warn: WarningSink): Totals | null {
  const finals = docs.map((d) => d.final);
  const last = finals[finals.length - 1];
  if (docs.length === 1) return finals[0] ?? null;
  if (last && last.prompt >= fromSteps.prompt && last.completion >= fromSteps.completion)
    return { ...last, steps: last.steps || fromSteps.steps };
  const present = finals.filter((f): f is Totals => f !== null);
  if (present.length === 0) return null;
  warn.add(
    "chain.final_metrics",
    "the last file's final_metrics do not cover the whole chain; the files' final_metrics are added up",
  );
  const costs = present.map((f) => f.cost).filter((c): c is number => c !== null);
  return {
    prompt: present.reduce((a, f) => a + f.prompt, 0),
    completion: present.reduce((a, f) => a + f.completion, 0),
    cached: present.reduce((a, f) => a + f.cached, 0),
    cost: costs.length ? costs.reduce((a, c) => a + c, 0) : null,
    steps: present.reduce((a, f) => a + f.steps, 0),
  };
}

/**
 * Reads the subagent files the steps reference (one level) into `t.subagents`, and adds what went wrong
 * to `t.warnings`. Separate from loading, so a viewer can show the steps before these files arrive.
 */
export async function resolveSubagentFiles(t: Trajectory, mainPath: string, readJson: ReadJson): Promise<void> {
  const warn = WarningSink.create();
  const embedded = new Set(t.subagents.map((s) => s.key));
  const done = new Set<string>();
  for (const step of t.steps) {
    for (const ref of step.results.flatMap((r) => r.subagents)) {
      if (ref.path === null) {
        const key = ref.trajectoryId ?? ref.sessionId;
        if (key !== null && !embedded.has(key) && !done.has(key)) {
          done.add(key);
          warn.add(
            "subagent.unresolved",
            `step ${step.n} references subagent "${key}", which is neither embedded nor a file`,
            step.n,
          );
        }
        continue;
      }
      if (done.has(ref.path)) continue;
      done.add(ref.path);
      const path = siblingPath(mainPath, ref.path);
      if (path === null) {
        warn.add(
          "subagent.path",
          `step ${step.n}: subagent path "${ref.path}" is not a relative path next to the trajectory; not read`,
          step.n,
        );
        t.subagents.push({
          key: ref.path,
          origin: "file",
          path: ref.path,
          trajectory: null,
          error: "not a relative path",
        });
        continue;
      }
      try {
        const raw = await readJson(path);
        const sub = readDocument(raw, path, 0, 1, warn.forFile(path));
        t.subagents.push({
          key: ref.path,
          origin: "file",
          path: ref.path,
          trajectory: assemble([sub], warn, 1),
          error: null,
        });
      } catch (err) {
        warn.add("subagent.missing", `step ${step.n}: subagent file "${ref.path}" could not be read`, step.n);
        t.subagents.push({ key: ref.path, origin: "file", path: ref.path, trajectory: null, error: errorText(err) });
      }
    }
  }
  t.warnings = [...t.warnings, ...warn.list()];
}

/**
 * A reference resolved next to the file that makes it. Only plain relative paths inside that folder are
 * followed: a URL or a path leaving the folder would make the viewer fetch something the release did not
 * publish (or another origin).
 */
export function siblingPath(base: string, ref: string): string | null {
  if (ref === "" || /^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith("/") || ref.startsWith("\\")) return null;
  const parts = ref.split(/[\\/]/);
  if (parts.some((p) => p === ".." || p === "")) return null;
  const dir = siblingBase(base);
  return dir + parts.filter((p) => p !== ".").join("/");
}
