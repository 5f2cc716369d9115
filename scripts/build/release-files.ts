// Build-time reads of what `npm run data` wrote to public/data, for the static pages. Server only.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { BuiltReleaseMeta, ReleaseIndexEntry } from "../../lib/data/built";
import type { CostPageData } from "../../lib/queries/cost/model";
import type { LeaderboardModel } from "../../lib/queries/leaderboard/model";
import type { AblationModel } from "../../lib/queries/ablation/model";
import type { CatalogModel, TaskPageModel } from "../../lib/queries/catalog/model";
import type { ProfileModel } from "../../lib/queries/profile/model";
import type { TaskFlowModel } from "../../lib/queries/taskflow/model";
import type { PrevalenceModel } from "../../lib/queries/signatures/prevalence-model";
import type { AuditModel } from "../../lib/queries/signatures/audit-model";
import type { ResumptionPageData } from "../../lib/queries/resumption/model";
import type { UncertaintyPageData } from "../../lib/queries/uncertainty/types";
import { RUN_LIST_INDEX, type RunListIndex } from "../../lib/queries/trajectory/run-list";
import { STEPS_MANIFEST, type StepsManifest } from "../../lib/queries/search/shards";

const DATA = join(process.cwd(), "public", "data");

function readJson<T>(...parts: string[]): T {
  return JSON.parse(readFileSync(join(DATA, ...parts), "utf8")) as T;
}

export function releaseIndex(): ReleaseIndexEntry[] {
  return readJson<{ releases: ReleaseIndexEntry[] }>("releases.json").releases;
}

export function defaultReleaseId(): string {
  const first = releaseIndex()[0];
  if (!first) throw new Error("public/data/releases.json lists no release: run `npm run data` first");
  return first.release_id;
}

/** The steps index's manifest (lib/queries/search/shards.ts), or null when the build wrote none. */
export function stepsManifest(id: string): StepsManifest | null {
  return existsSync(join(DATA, id, STEPS_MANIFEST)) ? readJson<StepsManifest>(id, STEPS_MANIFEST) : null;
}

export function builtRelease(id: string): BuiltReleaseMeta {
  return readJson<BuiltReleaseMeta>(id, "release.json");
}

export function leaderboard(id: string): LeaderboardModel {
  return readJson<LeaderboardModel>(id, "leaderboard.json");
}

export function repos(id: string): { repo: string; n_tasks: number }[] {
  return readJson(id, "repos.json");
}

export function costPage(id: string): CostPageData {
  return readJson<CostPageData>(id, "cost.json");
}

// Benchmark pages (profile, catalog, ablation, Task Flow). The task pages of a release share one file,
// read once per build process rather than once per page.
export function profile(id: string): ProfileModel {
  return readJson<ProfileModel>(id, "profile.json");
}

export function catalog(id: string): CatalogModel {
  return readJson<CatalogModel>(id, "catalog.json");
}

const taskPagesCache = new Map<string, Record<string, TaskPageModel>>();

export function taskPage(id: string, taskId: string): TaskPageModel | undefined {
  let pages = taskPagesCache.get(id);
  if (!pages) taskPagesCache.set(id, (pages = readJson<Record<string, TaskPageModel>>(id, "catalog-tasks.json")));
  return pages[taskId];
}

export function ablation(id: string): AblationModel {
  return readJson<AblationModel>(id, "ablation.json");
}

export function taskFlow(id: string): TaskFlowModel {
  return readJson<TaskFlowModel>(id, "taskflow.json");
}

// Trajectory explorer: the run list's index (lib/queries/trajectory/run-list.ts); detector prevalence of the
// trace signatures.
export function runListIndex(id: string): RunListIndex {
  return readJson<RunListIndex>(id, RUN_LIST_INDEX);
}

export function signaturePrevalence(id: string): PrevalenceModel {
  return readJson<PrevalenceModel>(id, "signature-prevalence.json");
}

export function resumptionPage(id: string): ResumptionPageData {
  return readJson<ResumptionPageData>(id, "resumption.json");
}

export function uncertaintyPage(id: string): UncertaintyPageData {
  return readJson<UncertaintyPageData>(id, "uncertainty.json");
}

export function signatureAudit(id: string): AuditModel {
  return readJson<AuditModel>(id, "signature-audit.json");
}
