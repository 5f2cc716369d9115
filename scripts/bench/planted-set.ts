// The independent planted set (scripts/planted/README.md) as the detector bench measures it: generated at bench
// time into a temporary folder by the set's own generator (the same function its CLI runs), scored by the same
// pipeline as the sample, and described per form by the principle its author gave each form.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FORMS } from "../planted/catalog";
import { generate } from "../planted/release";
import type { SetMeta } from "./accuracy-file";
import type { TruthCase } from "./detector-score";

export const INDEPENDENT_SET: SetMeta = {
  id: "independent-planted",
  label: "the independent planted set",
  description:
    "A synthetic release (scripts/planted/) written from App. E.1's definitions, with E.2 and E.3 as " +
    "examples, by an author who had not read the detectors' code: planted cases of both signatures in three tool " +
    "styles (Claude Code, Codex, OpenHands' str_replace_editor and execute_bash), hard negatives per class that " +
    "look like them but are not (requested changes, preserving rewrites, looks at other checkouts, a focus task's " +
    "own requirement resembling another's, the effects of interference, clean runs); a strong tag of a signature " +
    "on a hard negative of it is a false positive. Synthetic traces: they show how the detectors fare on forms " +
    "they were not written against, not on real agents' traces.",
  ground_truth: "scripts/planted/ (generate.ts --truth; written at bench time, never committed)",
  release: "planted",
};

/** Where the set was generated; `remove` deletes the folder. */
export interface GeneratedSet {
  dir: string;
  truth: string;
  runs: number;
  remove: () => void;
}

/** Generates the planted release and its ground truth into a fresh temporary folder (about a second). */
export function generatePlantedSet(): GeneratedSet {
  const root = mkdtempSync(join(tmpdir(), "planted-bench-"));
  const dir = join(root, "release");
  const truth = join(root, "truth.jsonl");
  const written = generate(dir, truth);
  return { dir, truth, runs: written.runs, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * What a form of the set tests, for its row: the author's principle for the form; for the loss line every planted
 * interference run also carries, that its effects are not a loss; for the clean runs, that nothing is planted.
 */
export function plantedFormWhat(c: Pick<TruthCase, "form" | "signature">): string {
  if (c.form === "clean") return "a clean run: nothing of either signature is planted";
  const form = FORMS.find((f) => f.id === c.form);
  if (!form) return "";
  if (form.signature !== c.signature)
    return "beside each planted run of this interference form: the effects of interference are not a loss";
  return form.principle;
}
