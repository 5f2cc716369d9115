// Reads a submission folder for the check (Node): its submission.json, the results as a release (a release
// folder as is, or Harbor job folders through the importer into a temporary folder), the validator's
// problems, and each run's trajectory. The rules themselves are pure (submission-check.ts).
import { pushAll } from "../common/arrays";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readInsideSync, resolveInside, scanTree } from "../common/inside-root-node";
import { importHarbor } from "./import-harbor";
import { insideProblem, loadRelease } from "./load-release";
import type { Problem, Release } from "./schema";
import { checkSubmission, type SubmissionInput, type SubmissionReport } from "./submission-check";
import { MANIFEST_FILE, manifestSchema, type SubmissionManifest } from "./submission-manifest";
import { ArchiveCache } from "../archive/read-node";
import { checkRunTrajectory, type TrajectoryCheck } from "./submission-trajectory";
import { validateRelease } from "./validate";
import { schemaProblems } from "./validate-schema-issues";

export interface LoadedSubmission {
  input: SubmissionInput;
  /** The folder holding the submission as a release (the submission itself, or the import of its Harbor jobs). */
  releaseDir: string | null;
  /** Removes the temporary import, if any. */
  cleanup: () => void;
}

export async function loadPublished(dir: string): Promise<Release> {
  const { release, problems } = await loadRelease(dir);
  if (!release) throw new Error(`the published release ${dir} cannot be read: ${problems.map((p) => `${p.file}: ${p.message}`).join("; ")}`);
  return release;
}

function readManifest(dir: string): { manifest: SubmissionManifest | null; problems: Problem[] } {
  const path = resolveInside(dir, MANIFEST_FILE);
  if (!existsSync(path)) return { manifest: null, problems: [{ level: "error", file: MANIFEST_FILE, rule: "file.missing", message: `${MANIFEST_FILE} does not exist in the submission folder` }] };
  let value: unknown;
  try {
    value = JSON.parse(readInsideSync(dir, MANIFEST_FILE).toString("utf8"));
  } catch (err) {
    return { manifest: null, problems: [{ level: "error", file: MANIFEST_FILE, rule: "json.parse", message: `not valid JSON: ${err instanceof Error ? err.message : String(err)}` }] };
  }
  const parsed = manifestSchema.safeParse(value);
  if (parsed.success) return { manifest: parsed.data, problems: [] };
  return { manifest: null, problems: schemaProblems(parsed.error.issues, value, { file: MANIFEST_FILE }) };
}

export async function loadSubmission(dir: string, published: Release): Promise<LoadedSubmission> {
  // A submission comes from anyone: a link anywhere in it stops the check before any file is read.
  const links = scanTree(dir).refused.map(insideProblem);
  if (links.length > 0) {
    const input = { published, submission: null, manifest: null, manifestProblems: [], validation: links, trajectories: new Map() };
    return { input, releaseDir: null, cleanup: () => {} };
  }
  const { manifest, problems: manifestProblems } = readManifest(dir);
  const validation: Problem[] = [];
  let releaseDir: string | null = dir;
  let tmp: string | null = null;
  if (manifest?.harbor) {
    tmp = mkdtempSync(join(tmpdir(), "submission-"));
    releaseDir = join(tmp, "release");
    const h = manifest.harbor;
    try {
      const imported = await importHarbor({
        jobs: resolveInside(dir, h.jobs), specs: published.dir, configId: h.config.config_id, out: releaseDir,
        mapping: h.mapping === undefined ? undefined : resolveInside(dir, h.mapping),
      });
      pushAll(validation, imported.problems);
      // The configuration is the manifest's record (with its provenance), not the one the import built.
      writeFileSync(join(releaseDir, "configs.jsonl"), `${JSON.stringify(h.config)}\n`);
    } catch (err) {
      validation.push({ level: "error", file: h.jobs, rule: "harbor.read", message: `the Harbor jobs cannot be imported: ${err instanceof Error ? err.message : String(err)}` });
      releaseDir = null;
    }
  }
  let submission: Release | null = null;
  if (releaseDir !== null) {
    const loaded = await loadRelease(releaseDir);
    submission = loaded.release;
    pushAll(validation, loaded.problems);
    if (submission) pushAll(validation, validateRelease(submission));
  }
  const trajectories = new Map<string, TrajectoryCheck>();
  const archives = new ArchiveCache();
  for (const r of submission?.runs ?? []) {
    if (r.trajectory !== undefined) trajectories.set(r.run_id, await checkRunTrajectory(releaseDir!, r.trajectory, archives));
  }
  await archives.close();
  return {
    input: { published, submission, manifest, manifestProblems, validation, trajectories },
    releaseDir,
    cleanup: () => {
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** Loads and checks; the temporary import is removed before returning. */
export async function checkSubmissionDir(dir: string, publishedDir: string): Promise<SubmissionReport> {
  const published = await loadPublished(publishedDir);
  const loaded = await loadSubmission(dir, published);
  try {
    return checkSubmission(loaded.input);
  } finally {
    loaded.cleanup();
  }
}
