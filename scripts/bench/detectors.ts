// Detector accuracy on the sample (issue 13): both detectors over every trajectory of the release, read
// from its archives with the same code the viewer runs (lib/trajectory), scored against the planted ground
// truth (data/ground-truth/sample/signatures.jsonl, which neither the detectors nor the build read) and
// compared with the release's human annotations. Writes docs/detectors.md, and its numbers as one measured set of
// data/detector-accuracy.json (accuracy-file.ts), which the data build publishes beside the tags.
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
  runs: number;
  switched: number;
  seconds: number;
  jsonBytes: number;
  /** Runs whose final patch was read, and its characters. */
  patches: number;
  patchChars: number;
  score: Score;
  tags: DetectedTag[];
  disagreements: ReturnType<typeof annotationDisagreements>;
  annotations: number;
  markdown: string;
  budgets: { name: string; value: string; limit: string; ok: boolean }[];
  /** The scores as data/detector-accuracy.json's set for this ground truth. */
  accuracy: AccuracySet;
}

/** The path data/detector-accuracy.json is written to. */
export const ACCURACY_FILE = "data/detector-accuracy.json";

/** The set the sample's planted ground truth measures, as the pages name it. */
const SAMPLE_SET: SetMeta = {
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

function detectorBudgets(score: Score): DetectorBench["budgets"] {
  return SIGNATURES.flatMap((sig) => {
    const c = score.bySignature[sig];
    return [
      {
        name: `${sig} precision on the sample`,
        value: fmt(c.precision),
        limit: `≥ ${DETECTOR_BUDGET.precision}`,
        ok: c.precision !== null && c.precision >= DETECTOR_BUDGET.precision,
      },
      {
        name: `${sig} recall on the sample`,
        value: fmt(c.recall),
        limit: `≥ ${DETECTOR_BUDGET.recall}`,
        ok: c.recall !== null && c.recall >= DETECTOR_BUDGET.recall,
      },
    ];
  });
}

/** `set`: how data/detector-accuracy.json names what `truthPath` measures (its ground_truth is `truthPath`). */
export async function benchDetectors(
  dir = "data/releases/sample",
  truthPath = SAMPLE_SET.ground_truth,
  set: SetMeta = SAMPLE_SET,
): Promise<DetectorBench> {
  const truth = readFileSync(truthPath, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as TruthCase);
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
      runs: found.analysed,
      switched: rows.runs.filter((r) => r.condition === "switched").length,
      seconds,
      jsonBytes: found.jsonBytes,
      patches: found.patches,
      patchChars: found.patchBytes,
      score,
      tags: found.tags,
      disagreements: annotationDisagreements(found.annotated, found.tags),
      annotations: found.annotated.length,
      budgets: detectorBudgets(score),
    };
    const accuracy = accuracySet(
      { score, tags: found.tags, truth, runs: found.analysed, ...detectorNamesOf(found.authors) },
      set,
      today(),
    );
    return { ...bench, accuracy, markdown: detectorsMarkdown({ ...bench, accuracy }, truth) };
  } finally {
    db.close();
    await archives.close();
  }
}

const fmt = (x: number | null) => (x === null ? "n/a" : x.toFixed(3));
const today = () => new Date().toISOString().slice(0, 10);

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

const LABEL: Record<string, string> = {
  requirement_state_loss: "Requirement-state loss",
  cross_task_interference: "Cross-task interference",
};

/** Where the numbers go besides this page, and what the site does with them. */
function accuracyFileParagraph(set: AccuracySet): string {
  return `The same run writes the numbers below as the set \`${set.id}\` ("${set.label}") of
\`${ACCURACY_FILE}\` (lib/data/detector-accuracy.ts: per measured set, per signature the detector and version as its
tags name them, planted cases, found, false positives, precision, recall, weak tags, and the per-form rows; other
sets in the file are kept). The data build publishes it with every release as the derived table
\`detector_accuracy\` (docs/data-format.md, "What the build publishes"), and the signatures page, the leaderboard's
signature panel and each detector tag's tooltip show a version's precision and recall "on planted synthetic
cases" only when the release's tags carry that very version; otherwise they say its accuracy is not measured yet.`;
}

function detectorsMarkdown(b: Omit<DetectorBench, "markdown">, truth: readonly TruthCase[]): string {
  const { score } = b;
  const sigRows = SIGNATURES.map((s) => {
    const c = score.bySignature[s];
    return `| ${LABEL[s]} | ${c.cases} | ${c.found} | ${c.falsePositives} | ${fmt(c.precision)} | ${fmt(c.recall)} |`;
  }).join("\n");
  const formRows = score.byForm
    .map((f) => {
      const styles = Object.entries(f.byStyle)
        .sort()
        .map(([k, v]) => `${k} ${v.hit}/${v.cases}`)
        .join(", ");
      const what: (TruthCase & { what?: string }) | undefined = truth.find(
        (c) => c.form === f.form && c.signature === f.signature,
      );
      return `| ${LABEL[f.signature]} | \`${f.form}\` | ${f.planted ? "planted" : "near miss"} | ${f.cases} | ${f.planted ? `${f.hit} found` : `${f.hit} tagged`} | ${styles} | ${what?.what ?? ""} |`;
    })
    .join("\n");
  const fps = score.falsePositives.length
    ? score.falsePositives
        .map(
          (f) =>
            `| \`${f.tag.run_id}\` | ${LABEL[f.tag.signature]} | ${f.context} | ${f.tag.steps.join(", ")} | ${f.tag.reason_kinds.join(", ")} | ${f.tag.note.replace(/\|/g, "\\|")} |`,
        )
        .join("\n")
    : "| (none) | | | | | |";
  const misses = score.misses.length
    ? score.misses
        .map(
          (m) =>
            `| \`${m.run_id}\` | ${LABEL[m.signature]} | \`${m.form}\` | ${m.tool_style} | ${m.evidence_steps.join(", ")} |`,
        )
        .join("\n")
    : "| (none) | | | | |";
  const annotatedRuns = new Set(
    b.disagreements.filter((d) => d.kind === "annotated, not detected").map((d) => d.run_id),
  );
  const notDetected = b.disagreements.filter((d) => d.kind === "annotated, not detected");
  const notAnnotated = b.disagreements.filter((d) => d.kind === "detected, not annotated");
  const plantedRuns = new Set(truth.filter((c) => c.planted).map((c) => `${c.run_id}\u0000${c.signature}`));
  const unannotatedPlanted = notAnnotated.filter((d) => plantedRuns.has(`${d.run_id}\u0000${d.signature}`)).length;
  const disagreeRows = [
    ...notDetected,
    ...notAnnotated.filter((d) => !plantedRuns.has(`${d.run_id}\u0000${d.signature}`)),
  ]
    .map(
      (d) =>
        `| \`${d.run_id}\` | ${LABEL[d.signature]} | ${d.kind} | ${d.steps.join(", ")} | ${d.note.replace(/\|/g, "\\|").slice(0, 220)} |`,
    )
    .join("\n");
  void annotatedRuns;
  return `# Detector accuracy

Written by \`npm run bench\` (scripts/bench/detectors.ts; alone: \`npm run bench -- --only detectors\`) on ${today()}.
Re-run it to refresh every number here; nothing in this file is typed by hand.

${accuracyFileParagraph(b.accuracy)}

The detectors (\`${STATE_LOSS_DETECTOR}\`, \`${CROSS_TASK_DETECTOR}\`; lib/trajectory/detect-state-loss.ts,
detect-cross-task.ts) ran over **all ${b.runs} trajectories** of the synthetic sample (${b.switched} switched runs), read from its
archives as the viewer reads them: ${(b.jsonBytes / 1024 / 1024).toFixed(1)} MB of trajectory JSON in ${b.seconds.toFixed(1)} s
(${(b.jsonBytes / 1024 / 1024 / b.seconds).toFixed(1)} MB/s, one thread, reading and parsing included), with the final patch of
the ${b.patches} runs that name one (${(b.patchChars / 1024 / 1024).toFixed(1)} MB), as the viewer and the build's trajectory pass run them
(lib/trajectory/analyze.ts: the requirement ledger first, then both detectors with their evidence).

## Evidence beside the trace

- **Final patch → cross-task interference.** The run's submitted patch is parsed (lib/trajectory/patch.ts) and marked
  (patch-taint.ts); its findings (a file of another task or checkout, an added line naming what only another task's
  requests mention) reach the detector as \`DetectorInput.patchTaint\`. Each finding points at the steps that wrote its
  lines (per line, the last change adding it to a file of that path), never at the step that built the patch; the
  evidence joins the tag of the focus request that step belongs to, or the finalization's tag when an interruption
  wrote the lines. A finding no step of the trace produced makes no tag (the patch tab still shows it). Reason kinds
  \`patch-foreign-file\`, \`patch-foreign-identifier\`.
- **Requirement ledger → requirement-state loss.** The ledger (lib/trajectory/ledger.ts) and the detector read one
  replay of the trace's file changes (line-replay.ts: edit tools and shell edits; a removed line written back into a
  focus file is its stage's again), so they cannot disagree about what the focus checkout held. The detector takes
  the ledger's facts (\`ledgerFacts\`, \`DetectorInput.ledger\`) as the judge of each stage's final state: a stage the
  ledger does not call lost (kept, restored, a partial change its tests pass) is never tagged; a stage it calls lost
  that no removal explains is tagged from the ledger's steps (reason kind \`ledger-lost\`). A later focus request
  that asks to replace the earlier behaviour still excuses the loss (the ledger says lost, the detector does not tag).
- Runs without a patch, or without known stages, are judged on the trace alone, as before.

The sample generator plants each signature in a known subset of switched runs, in the forms below, and near misses
that must not be tagged (scripts/sample/trajectory-plants.ts, plant-selection.ts). The ground truth,
\`data/ground-truth/sample/signatures.jsonl\`, is written from the generator's own account of the steps it planted and
lives outside the release: neither the detectors nor the data build read it. Every other run is a normal synthetic
trajectory, so any strong tag there is a false positive. This measures the detectors on synthetic traces built
for the purpose, by the same project: it shows that every listed mistake class is handled, not how they fare on
real agents' traces.

## How it is scored

- Only strong tags count; ${score.weakTags} weak tag(s) (verdict pattern only) are not scored.
- A planted case is **found** when a tag of its signature on its run points at every one of its evidence steps (for a
  loss: the step that added the earlier stage's lines and the step that removed them; for interference: the steps
  that reach the other checkouts). A tag on the right run whose steps miss them finds nothing **and** is a false
  positive.
- precision = found / (found + false positives); recall = found / planted cases. Budget: precision ≥ ${DETECTOR_BUDGET.precision} and
  recall ≥ ${DETECTOR_BUDGET.recall} for each signature, else the bench exits non-zero.

| signature | planted cases | found | false positives | precision | recall |
| --- | ---: | ---: | ---: | ---: | ---: |
${sigRows}

## Per planted form and near miss

"claude-code": Claude Code tools (Edit, Write, Read, Bash keeping its directory); "codex": Codex's \`shell\` with
\`workdir\` and \`apply_patch\`; "plain": OpenCode-, Gemini-CLI- and Kimi-style \`edit\`/\`write\`/\`bash\`.

| signature | form | kind | runs | result | by tool style | what the trace shows |
| --- | --- | --- | ---: | --- | --- | --- |
${formRows}

## False positives

| run | signature | where | steps | reason kinds | note |
| --- | --- | --- | --- | --- | --- |
${fps}

## Missed planted cases

| run | signature | form | tool style | evidence steps |
| --- | --- | --- | --- | --- |
${misses}

## Detectors and the release's human annotations

The release's annotations.jsonl has ${b.annotations} human annotation(s) (the paper's two examples, three runs each). A
disagreement is an annotation no strong tag of its signature shares a step with, or a strong tag no annotation of its
signature shares a step with. ${unannotatedPlanted} strong tag(s) sit on planted runs that carry no annotation (the plants are
recorded in the ground truth only, not in the release); they are counted above and not repeated here.

| run | signature | disagreement | steps | note |
| --- | --- | --- | --- | --- |
${disagreeRows || "| (none) | | | | |"}
`;
}
