// docs/detectors.md, written from both sets' benches (detectors.ts): the budgets of both, what the detectors
// read, then the sample's planted forms and the independent planted set, each with its per-signature and
// per-form tables, its false positives and its misses. Nothing in the file is typed by hand.
import { CROSS_TASK_DETECTOR } from "../../lib/trajectory/detect-cross-task";
import { STATE_LOSS_DETECTOR } from "../../lib/trajectory/detect-state-loss";
import { SIGNATURES, type Score, type TruthCase } from "./detector-score";
import { ACCURACY_FILE, DETECTOR_BUDGET, fmt, today, type DetectorBench, type DetectorSets } from "./detectors";

const LABEL: Record<string, string> = {
  requirement_state_loss: "Requirement-state loss",
  cross_task_interference: "Cross-task interference",
};

/** Longest list of false positives or misses written out; the rest are counted. */
const MAX_ROWS = 40;

/** A table cell: no pipe or line break breaks the row; long notes are cut. */
const cell = (s: string, max = 300) => {
  const flat = s.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** `rows` as table lines, at most MAX_ROWS, then one line counting the rest; `empty` when there are none. */
function capped(rows: string[], columns: number, empty: string): string {
  if (rows.length === 0) return empty;
  const more = rows.length - MAX_ROWS;
  const tail = more > 0 ? [`| … and ${more} more |${" |".repeat(columns - 1)}`] : [];
  return [...rows.slice(0, MAX_ROWS), ...tail].join("\n");
}

const budgetOk = (c: Score["bySignature"][keyof Score["bySignature"]]) =>
  c.precision !== null &&
  c.precision >= DETECTOR_BUDGET.precision &&
  c.recall !== null &&
  c.recall >= DETECTOR_BUDGET.recall;

function summaryTable(sets: DetectorSets): string {
  const rows = [sets.sample, sets.independent].flatMap((b) =>
    SIGNATURES.map((s) => {
      const c = b.score.bySignature[s];
      return `| ${b.set.label} | ${LABEL[s]} | ${c.cases} | ${c.found} | ${c.falsePositives} | ${fmt(c.precision)} | ${fmt(c.recall)} | ${budgetOk(c) ? "pass" : "**missed**"} |`;
    }),
  );
  return `| set | signature | planted cases | found | false positives | precision | recall | budget |
| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |
${rows.join("\n")}`;
}

function signatureTable(score: Score): string {
  const rows = SIGNATURES.map((s) => {
    const c = score.bySignature[s];
    return `| ${LABEL[s]} | ${c.cases} | ${c.found} | ${c.falsePositives} | ${fmt(c.precision)} | ${fmt(c.recall)} |`;
  });
  return `| signature | planted cases | found | false positives | precision | recall |
| --- | ---: | ---: | ---: | ---: | ---: |
${rows.join("\n")}`;
}

/** Per form; `negative` names a form that must not be tagged ("near miss", "hard negative"). */
function formTable(b: DetectorBench, negative: string, whatHeader: string): string {
  const what = new Map(
    b.accuracy.signatures.flatMap((s) => s.forms.map((f) => [`${s.signature}\u0000${f.form}`, f.what] as const)),
  );
  const rows = b.score.byForm.map((f) => {
    const styles = Object.entries(f.byStyle)
      .sort(([x], [y]) => (x < y ? -1 : 1))
      .map(([k, v]) => `${k} ${v.hit}/${v.cases}`)
      .join(", ");
    const kind = f.planted ? "planted" : negative;
    const result = f.planted ? `${f.hit} found` : `${f.hit} tagged`;
    return `| ${LABEL[f.signature]} | \`${f.form}\` | ${kind} | ${f.cases} | ${result} | ${styles} | ${cell(what.get(`${f.signature}\u0000${f.form}`) ?? "")} |`;
  });
  return `| signature | form | kind | runs | result | by tool style | ${whatHeader} |
| --- | --- | --- | ---: | --- | --- | --- |
${rows.join("\n")}`;
}

function falsePositiveTable(score: Score, negative: string): string {
  const rows = score.falsePositives.map(
    (f) =>
      `| \`${f.tag.run_id}\` | ${LABEL[f.tag.signature]} | ${f.context.replace(/^near miss/, negative)} | ${f.tag.steps.join(", ")} | ${f.tag.reason_kinds.join(", ")} | ${cell(f.tag.note)} |`,
  );
  return `| run | signature | where | steps | reason kinds | note |
| --- | --- | --- | --- | --- | --- |
${capped(rows, 6, "| (none) | | | | | |")}`;
}

/** The sample's misses: its runs are named by their form; the independent set's also list what was tagged. */
function missTable(b: DetectorBench, detail: boolean): string {
  const strongSteps = (m: TruthCase) =>
    b.tags
      .filter((t) => t.run_id === m.run_id && t.signature === m.signature && t.strength === "strong")
      .map((t) => t.steps.join(", "))
      .join(" / ") || "none";
  const order = (m: TruthCase) => `${m.signature}\u0000${m.form}\u0000${m.tool_style}\u0000${m.run_id}`;
  const misses = [...b.score.misses].sort((x, y) => (order(x) < order(y) ? -1 : 1));
  const rows = misses.map((m) => {
    const base = `| \`${m.run_id}\` | ${LABEL[m.signature]} | \`${m.form}\` | ${m.tool_style} | ${m.evidence_steps.join(", ")} |`;
    const what = (m as TruthCase & { what?: string }).what ?? "";
    return detail ? `${base} ${strongSteps(m)} | ${cell(what)} |` : base;
  });
  if (!detail)
    return `| run | signature | form | tool style | evidence steps |
| --- | --- | --- | --- | --- |
${capped(rows, 5, "| (none) | | | | |")}`;
  return `| run | signature | form | tool style | evidence steps | strong tags of its signature on the run (steps) | what the run holds |
| --- | --- | --- | --- | --- | --- | --- |
${capped(rows, 7, "| (none) | | | | | | |")}`;
}

/** "What v4 reads": what the detectors take as a loss, as interference, and as an edit. */
const WHAT_V4_READS = `## What v4 reads

- Requirement-state loss: a stage whose F2P tests the final verdict passes, every one, kept its requirement (the
  ledger says so too). A later focus request that asks for a change, however it is worded (replace, wrap or bound,
  rename, simplify, drop, 'no longer needed', move into a helper), excuses a removal: read per sentence, a change
  verb and a reference back ('the earlier rule', 'move it') or a name of the removed lines, and no word that keeps it
  ('still', 'keep'). A line rewritten into a longer form of itself (its tokens kept in order, no negation added)
  stays its stage's line. A copy from another checkout is interference, and a loss tag whose later steps are all
  interference evidence is dropped. A loss needs no removed line: with the earlier stage failing its F2P tests, a
  later edit that adds an exit above the earlier lines, pushes them into a branch beside a new exit, or switches a
  call to a new function is a strong loss. One later edit that drops several earlier stages' lines is one tag; a
  draft moved into place adds the step that wrote it.
- Cross-task interference: reading other checkouts (listing, viewing, grepping, a status loop) is looking, not
  interference, unless the finalization builds its diff there; a focus request that takes something from another
  checkout (copies, applies its diff, writes lines that checkout holds) makes its looks part of the evidence;
  running or reading a file brought in from another checkout is using it. The final patch's lines are traced only
  to changes made in the focus checkout.
- Edits: str_replace_editor (create, str_replace, insert, undo_edit; its \`command\` is no shell command),
  perl -pi, inline Python that replaces text and writes a file, loops and conditionals in shell scripts.
`;

/** Where the numbers go besides this page, and what the site does with them. */
function accuracyFileParagraph(sets: DetectorSets): string {
  return `The same run writes each set's numbers as one set of \`${ACCURACY_FILE}\`: \`${sets.sample.set.id}\`
("${sets.sample.set.label}") and \`${sets.independent.set.id}\` ("${sets.independent.set.label}")
(lib/data/detector-accuracy.ts: per measured set, per signature the detector and version as its tags name them,
planted cases, found, false positives, precision, recall, weak tags, and the per-form rows, a hard negative's kind
being "near miss"; other sets in the file are kept). The data build publishes it with every release as the derived
table \`detector_accuracy\` (docs/data-format.md, "What the build publishes"), and the signatures page, the
leaderboard's signature panel and each detector tag's tooltip show a version's precision and recall "on planted
synthetic cases" only when the release's tags carry that very version; otherwise they say its accuracy is not
measured yet.`;
}

/** How much a bench read, and how fast. */
function readParagraph(b: DetectorBench, what: string): string {
  const mb = b.jsonBytes / 1024 / 1024;
  return `The detectors (\`${STATE_LOSS_DETECTOR}\`, \`${CROSS_TASK_DETECTOR}\`; lib/trajectory/detect-state-loss.ts,
detect-cross-task.ts) ran over **all ${b.runs} trajectories** of ${what} (${b.switched} switched runs), read as the
viewer reads them: ${mb.toFixed(1)} MB of trajectory JSON in ${b.seconds.toFixed(1)} s
(${(mb / b.seconds).toFixed(1)} MB/s, one thread, reading and parsing included), with the final patch of
the ${b.patches} runs that name one (${(b.patchChars / 1024 / 1024).toFixed(1)} MB), as the viewer and the build's trajectory pass run them
(lib/trajectory/analyze.ts: the requirement ledger first, then both detectors with their evidence).`;
}

const EVIDENCE_BESIDE_THE_TRACE = `## Evidence beside the trace

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
`;

function annotationsSection(b: DetectorBench): string {
  const notDetected = b.disagreements.filter((d) => d.kind === "annotated, not detected");
  const notAnnotated = b.disagreements.filter((d) => d.kind === "detected, not annotated");
  const plantedRuns = new Set(b.truth.filter((c) => c.planted).map((c) => `${c.run_id}\u0000${c.signature}`));
  const unannotatedPlanted = notAnnotated.filter((d) => plantedRuns.has(`${d.run_id}\u0000${d.signature}`)).length;
  const rows = [...notDetected, ...notAnnotated.filter((d) => !plantedRuns.has(`${d.run_id}\u0000${d.signature}`))].map(
    (d) => `| \`${d.run_id}\` | ${LABEL[d.signature]} | ${d.kind} | ${d.steps.join(", ")} | ${cell(d.note, 220)} |`,
  );
  return `## Detectors and the release's human annotations

The release's annotations.jsonl has ${b.annotations} human annotation(s) (the paper's two examples, three runs each). A
disagreement is an annotation no strong tag of its signature shares a step with, or a strong tag no annotation of its
signature shares a step with. ${unannotatedPlanted} strong tag(s) sit on planted runs that carry no annotation (the plants are
recorded in the ground truth only, not in the release); they are counted above and not repeated here.

| run | signature | disagreement | steps | note |
| --- | --- | --- | --- | --- |
${capped(rows, 5, "| (none) | | | | |")}
`;
}

function sampleSections(b: DetectorBench): string {
  return `${readParagraph(b, "the synthetic sample")}

${EVIDENCE_BESIDE_THE_TRACE}
The sample generator plants each signature in a known subset of switched runs, in the forms below, and near misses
that must not be tagged (scripts/sample/trajectory-plants.ts, plant-selection.ts). The ground truth,
\`${b.set.ground_truth}\`, is written from the generator's own account of the steps it planted and
lives outside the release: neither the detectors nor the data build read it. Every other run is a normal synthetic
trajectory, so any strong tag there is a false positive. This measures the detectors on synthetic traces built
for the purpose, by the same project: it shows that every listed mistake class is handled, not how they fare on
real agents' traces.

## How it is scored

- Only strong tags count; ${b.score.weakTags} weak tag(s) (verdict pattern only) are not scored.
- A planted case is **found** when a tag of its signature on its run points at every one of its evidence steps (for a
  loss: the step that added the earlier stage's lines and the step that removed them; for interference: the steps
  that reach the other checkouts). A tag on the right run whose steps miss them finds nothing **and** is a false
  positive.
- precision = found / (found + false positives); recall = found / planted cases. Budget: precision ≥ ${DETECTOR_BUDGET.precision} and
  recall ≥ ${DETECTOR_BUDGET.recall} for each signature on each set, else the bench exits non-zero.

${signatureTable(b.score)}

## Per planted form and near miss

"claude-code": Claude Code tools (Edit, Write, Read, Bash keeping its directory); "codex": Codex's \`shell\` with
\`workdir\` and \`apply_patch\`; "plain": OpenCode-, Gemini-CLI- and Kimi-style \`edit\`/\`write\`/\`bash\`.

${formTable(b, "near miss", "what the trace shows")}

## False positives

${falsePositiveTable(b.score, "near miss")}

## Missed planted cases

${missTable(b, false)}

${annotationsSection(b)}`;
}

function independentSection(b: DetectorBench): string {
  return `## The independent planted set

${b.set.description}

The set is scripts/planted/ (its README lists every form, its principle and its evidence). The bench generates it
at bench time into a temporary folder with the set's own generator (scripts/planted/release.ts's \`generate\`, what
\`npx tsx scripts/planted/generate.ts --out <dir> --truth <file>\` runs; deterministic), scores it with the same
pipeline as the sample and removes the folder; the ground truth never enters the release.

${readParagraph(b, "the independent planted set")}

Scored by the rules above, with the set's conventions (scripts/planted/README.md, "The ground truth"):

- Only strong tags count; ${b.score.weakTags} weak tag(s) are not scored.
- A planted case is **found** when a strong tag of its signature on its run points at every one of its evidence steps
  (a loss: the step that established the earlier state and the later step(s) that conflict with or bypass it;
  interference: the steps of the interfering request). A tag on the right run whose steps miss them finds nothing
  **and** is a false positive.
- A **hard negative** (\`planted: false\`) says that no strong tag of its signature may be on its run: any is a false
  positive, whatever steps it names. Each planted interference run also carries a requirement-state loss hard
  negative of the same form (the effects of interference are not losses), and each clean run one hard negative per
  signature.

### Per signature on the independent set

${signatureTable(b.score)}

### Per form and hard negative on the independent set

"claude-code": Claude Code's Read, Edit, MultiEdit, Write and Bash; "codex": Codex's \`shell\` (\`["bash","-lc",…]\`
with \`workdir\`) and its \`*** Begin Patch\` envelopes; "openhands": OpenHands' \`str_replace_editor\` (create,
str_replace, insert, undo_edit, view) and \`execute_bash\`.

${formTable(b, "hard negative", "what the form tests")}

### False positives on the independent set

${falsePositiveTable(b.score, "hard negative")}

### Missed planted cases of the independent set

${missTable(b, true)}
`;
}

export function detectorsMarkdown(sets: DetectorSets): string {
  return `# Detector accuracy

Written by \`npm run bench\` (scripts/bench/detectors.ts, detectors-doc.ts; alone: \`npm run bench -- --only detectors\`) on ${today()}.
Re-run it to refresh every number here; nothing in this file is typed by hand.

Two planted sets are measured, each against its own ground truth, by the same pipeline and the same rules: the
sample's planted forms (below) and the independent planted set (its own section at the end). Budget: precision
≥ ${DETECTOR_BUDGET.precision} and recall ≥ ${DETECTOR_BUDGET.recall} for each signature **on each set**; the bench exits non-zero when one is missed.

${summaryTable(sets)}

${accuracyFileParagraph(sets)}

${WHAT_V4_READS}
${sampleSections(sets.sample)}
${independentSection(sets.independent)}`;
}
