// Detector accuracy (issue 13): both detectors over every trajectory of a release, read from its files or
// archives with the same code the viewer runs (lib/trajectory), scored against a planted ground truth the
// detectors and the build never read, and compared with the release's human annotations. Two sets: the sample's
// planted forms (data/ground-truth/sample/signatures.jsonl) and the independent planted set (scripts/planted/,
// generated at bench time: planted-set.ts). bench.ts writes docs/detectors.md (detectors-doc.ts) and each set's
// numbers as one measured set of data/detector-accuracy.json (accuracy-file.ts), which the data build publishes.
import { readFileSync } from "node:fs";
import { ArchiveCache, readReleaseFile } from "../../lib/archive/read-node";
import { loadRelease } from "../../lib/data/load-release";
import { releaseTables } from "../../lib/data/tables";
import { loadTablesNode } from "../../lib/queries/load-node";
import { openNodeDb, type NodeDb } from "../../lib/db/node";
import {
  toAnnotationInputs,
  toRequestInfo,
  toVerdictTests,
  type AnnotationRow,
} from "../../lib/queries/trajectory/sql";
import { runContexts, type RunEvidence } from "../../lib/queries/trajectory/run-contexts";
import { analyzeTrajectory } from "../../lib/trajectory/analyze";
import { readTrajectory } from "../../lib/trajectory/chain";
import { CROSS_TASK_DETECTOR } from "../../lib/trajectory/detect-cross-task";
import { STATE_LOSS_DETECTOR } from "../../lib/trajectory/detect-state-loss";
import { patchTaintFacts, taintInputOf } from "../../lib/trajectory/patch-taint";
import { annotationTags } from "../../lib/trajectory/tags";
import type { AccuracySet } from "../../lib/data/detector-accuracy";
import { accuracySet, type SetMeta } from "./accuracy-file";
import { generatePlantedSet, INDEPENDENT_SET, plantedFormWhat } from "./planted-set";
import {
  annotationDisagreements,
  scoreDetectors,
  SIGNATURES,
  type AnnotatedCase,
  type DetectedTag,
  type Score,
  type TruthCase,
} from "./detector-score";

export const DETECTOR_BUDGET = { precision: 0.9, recall: 0.8 };

export interface DetectorBench {
  /** How data/detector-accuracy.json names the set. */
  set: SetMeta;
  runs: number;
  switched: number;
  seconds: number;
  jsonBytes: number;
  /** Runs whose final patch was read, and its characters. */
  patches: number;
  patchChars: number;
  score: Score;
  tags: DetectedTag[];
  /** The ground truth as read, each line with its own `what`. */
  truth: TruthCase[];
  disagreements: ReturnType<typeof annotationDisagreements>;
  annotations: number;
  budgets: DetectorBudget[];
  /** The scores as data/detector-accuracy.json's set for this ground truth. */
  accuracy: AccuracySet;
}

export interface DetectorBudget {
  name: string;
  value: string;
  limit: string;
  ok: boolean;
}

/** Both sets' benches, and the budgets of both: precision and recall per signature on each set. */
export interface DetectorSets {
  sample: DetectorBench;
  independent: DetectorBench;
  budgets: DetectorBudget[];
}

/** The path data/detector-accuracy.json is written to. */
export const ACCURACY_FILE = "data/detector-accuracy.json";

/** The set the sample's planted ground truth measures, as the pages name it. */
export const SAMPLE_SET: SetMeta = {
  id: "sample-planted",
  label: "the sample's planted forms",
  description:
    "Planted cases and near misses the sample generator wrote into switched runs of the synthetic sample; a strong " +
    "tag on any other run is a false positive. Synthetic traces built for the purpose by the same project: they " +
    "show that every listed mistake class is handled, not how the detectors fare on real agents' traces.",
  ground_truth: "data/ground-truth/sample/signatures.jsonl",
  release: "sample",
};

function groupBy<T>(rows: readonly T[], key: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

interface RunRow {
  run_id: string;
  session_id: string;
  trajectory: string | null;
  patch: string | null;
  focus_task_id: string;
  condition: string;
}

/** The release's rows the analysis needs, grouped by run. */
interface ReleaseRows {
  runs: RunRow[];
  /** What the detectors read beside each run's trajectory, by the build pass's own queries. */
  evidence: Map<string, RunEvidence>;
  annotations: Map<string, (AnnotationRow & { run_id: string })[]>;
}

/** One query per table for the whole release (a query per run would cost more than the detectors). */
async function releaseRows(db: NodeDb): Promise<ReleaseRows> {
  const runs = await db.query<RunRow>(
    "SELECT r.run_id, r.session_id, r.trajectory, r.patch, s.focus_task_id, s.condition FROM runs r JOIN sessions s ON s.session_id = r.session_id ORDER BY r.run_id",
  );
  const evidence = await runContexts(db, runs);
  const annotations = groupBy(
    await db.query<AnnotationRow & { run_id: string }>(
      "SELECT run_id, annotation_id::INTEGER AS annotation_id, signature, position::INTEGER AS position, step_ids, note, author_kind, author_name FROM annotations ORDER BY run_id, annotation_id",
    ),
    (r) => r.run_id,
  );
  return { runs, evidence, annotations };
}

/** What the analysis of every run found and read. */
interface RunsAnalysis {
  tags: DetectedTag[];
  annotated: AnnotatedCase[];
  jsonBytes: number;
  patchBytes: number;
  patches: number;
  analysed: number;
  /** "signature\u0000author name" of every detector tag: the detectors as the tags name them. */
  authors: Set<string>;
}

/** Reads one run's trajectory and final patch and adds what the viewer's analysis finds to `out`. */
async function analyseRun(
  dir: string,
  archives: ArchiveCache,
  rows: ReleaseRows,
  run: RunRow,
  trajectory: string,
  submitText: string | null,
  out: RunsAnalysis,
): Promise<void> {
  const bytes = await readReleaseFile(dir, trajectory, archives);
  out.jsonBytes += bytes.byteLength;
  const t = readTrajectory(JSON.parse(new TextDecoder().decode(bytes)) as unknown);
  const evidence = rows.evidence.get(run.run_id)!;
  const scheduleRows = evidence.schedule;
  const ws = Object.fromEntries(evidence.workspaces.map((w) => [w.workspace, w.task_id]));
  // The run's final patch, read and marked as the viewer and the build pass do (the detectors' evidence).
  let patchTaint = null;
  if (run.patch !== null) {
    out.patches++;
    const text = new TextDecoder().decode(await readReleaseFile(dir, run.patch, archives));
    out.patchBytes += text.length;
    patchTaint = patchTaintFacts(
      text,
      taintInputOf(
        run.focus_task_id,
        evidence.taskFiles,
        scheduleRows.map((r) => ({ task_id: r.task_id, text: r.text })),
        ws,
      ),
    );
  }
  // The viewer's analysis (lib/trajectory/analyze.ts): the ledger, then both detectors with their evidence.
  const analysis = analyzeTrajectory(t, {
    schedule: scheduleRows.map((r) => toRequestInfo(r, submitText)),
    focusTaskId: run.focus_task_id,
    workspaces: ws,
    verdict: toVerdictTests(evidence.verdict),
    annotations: [],
    stages: evidence.stages,
    patchTaint,
  });
  for (const tag of analysis.tags.filter((x) => x.origin === "detector")) {
    out.authors.add(`${tag.signature}\u0000${tag.author.name ?? ""}`);
    out.tags.push({
      run_id: run.run_id,
      signature: tag.signature,
      position: tag.position,
      steps: tag.steps,
      strength: tag.strength,
      reason_kinds: tag.reasons.map((r) => r.kind),
      note: tag.note,
    });
  }
  const ann = rows.annotations.get(run.run_id);
  if (ann) {
    for (const a of annotationTags(toAnnotationInputs(ann), t.steps)) {
      if (a.author.kind === "human")
        out.annotated.push({ run_id: run.run_id, signature: a.signature, steps: a.steps, note: a.note });
    }
  }
  out.analysed++;
}

/** `on`: how the budget rows name the set ("the sample"). */
function detectorBudgets(score: Score, on: string): DetectorBudget[] {
  return SIGNATURES.flatMap((sig) => {
    const c = score.bySignature[sig];
    return [
      {
        name: `${sig} precision on ${on}`,
        value: fmt(c.precision),
        limit: `≥ ${DETECTOR_BUDGET.precision}`,
        ok: c.precision !== null && c.precision >= DETECTOR_BUDGET.precision,
      },
      {
        name: `${sig} recall on ${on}`,
        value: fmt(c.recall),
        limit: `≥ ${DETECTOR_BUDGET.recall}`,
        ok: c.recall !== null && c.recall >= DETECTOR_BUDGET.recall,
      },
    ];
  });
}

export interface BenchOptions {
  /** How the budget rows name the set. */
  budgetsOn?: string;
  /** A form's description in data/detector-accuracy.json; else the `what` of its first ground-truth line. */
  formWhat?: (c: TruthCase) => string;
}

/** `set`: how data/detector-accuracy.json names what `truthPath` measures. */
export async function benchDetectors(
  dir = "data/releases/sample",
  truthPath = SAMPLE_SET.ground_truth,
  set: SetMeta = SAMPLE_SET,
  options: BenchOptions = {},
): Promise<DetectorBench> {
  const truth = readFileSync(truthPath, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as TruthCase);
  const { formWhat } = options;
  const formTruth = formWhat ? truth.map((c) => ({ ...c, what: formWhat(c) })) : truth;
  const { release } = await loadRelease(dir);
  if (!release) throw new Error(`${dir}: the release does not load`);
  const submitText = release.meta.submit_text ?? null;
  const db = await openNodeDb();
  const archives = new ArchiveCache();
  try {
    await loadTablesNode(db, releaseTables(release));
    const rows = await releaseRows(db);
    const found: RunsAnalysis = {
      tags: [],
      annotated: [],
      jsonBytes: 0,
      patchBytes: 0,
      patches: 0,
      analysed: 0,
      authors: new Set(),
    };
    const started = performance.now();
    for (const run of rows.runs) {
      if (run.trajectory === null) continue;
      await analyseRun(dir, archives, rows, run, run.trajectory, submitText, found);
    }
    const seconds = (performance.now() - started) / 1000;
    const score = scoreDetectors(truth, found.tags);
    const bench = {
      set,
      runs: found.analysed,
      switched: rows.runs.filter((r) => r.condition === "switched").length,
      seconds,
      jsonBytes: found.jsonBytes,
      patches: found.patches,
      patchChars: found.patchBytes,
      score,
      tags: found.tags,
      truth,
      disagreements: annotationDisagreements(found.annotated, found.tags),
      annotations: found.annotated.length,
      budgets: detectorBudgets(score, options.budgetsOn ?? set.label),
    };
    const accuracy = accuracySet(
      { score, tags: found.tags, truth: formTruth, runs: found.analysed, ...detectorNamesOf(found.authors) },
      set,
      today(),
    );
    return { ...bench, accuracy };
  } finally {
    db.close();
    await archives.close();
  }
}

/**
 * Both sets: the sample's planted forms, then the independent planted set, generated into a temporary folder by
 * its own generator (scripts/planted/release.ts, what its CLI runs) and removed afterwards.
 */
export async function benchDetectorSets(): Promise<DetectorSets> {
  const sample = await benchDetectors(undefined, undefined, SAMPLE_SET, { budgetsOn: "the sample" });
  const planted = generatePlantedSet();
  try {
    const independent = await benchDetectors(planted.dir, planted.truth, INDEPENDENT_SET, {
      budgetsOn: "the independent planted set",
      formWhat: plantedFormWhat,
    });
    return { sample, independent, budgets: [...sample.budgets, ...independent.budgets] };
  } finally {
    planted.remove();
  }
}

/** A ratio as the docs and budget rows print it. */
export const fmt = (x: number | null) => (x === null ? "n/a" : x.toFixed(3));
export const today = () => new Date().toISOString().slice(0, 10);

/** The detectors per signature as their tags name them, and as the detectors name themselves. */
function detectorNamesOf(authors: ReadonlySet<string>) {
  const detectorNames = Object.fromEntries(SIGNATURES.map((s) => [s, [] as string[]])) as Record<
    (typeof SIGNATURES)[number],
    string[]
  >;
  for (const key of [...authors].sort()) {
    const [sig, name] = key.split("\u0000") as [(typeof SIGNATURES)[number], string];
    detectorNames[sig]?.push(name);
  }
  const fallbackNames = { requirement_state_loss: STATE_LOSS_DETECTOR, cross_task_interference: CROSS_TASK_DETECTOR };
  return { detectorNames, fallbackNames };
}
