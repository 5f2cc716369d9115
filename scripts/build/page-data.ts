// What each page needs in its static HTML, computed at build time by lib/queries SQL on DuckDB in Node.
// One entry per file written to public/data/<release>/; a view adds its entry here.
import type { Release } from "../../lib/data/schema";
import type { NodeDb } from "../../lib/db/node";
import { computeAblation } from "../../lib/queries/ablation/model";
import { computeCatalog, computeTaskPages } from "../../lib/queries/catalog/model";
import { computeCostPage } from "../../lib/queries/cost/model";
import { reposQuery } from "../../lib/queries/leaderboard/sql";
import { computeLeaderboard } from "../../lib/queries/leaderboard/model";
import { computeProfile } from "../../lib/queries/profile/model";
import { computeResumption } from "../../lib/queries/resumption/model";
import { computeAudit } from "../../lib/queries/signatures/audit-model";
import { computePrevalence } from "../../lib/queries/signatures/prevalence-model";
import { ensureSignatureTablesSql } from "../../lib/queries/signatures/tables";
import { readTargetFiles } from "../../lib/queries/taskflow/files-node";
import { computeTaskFlow } from "../../lib/queries/taskflow/model";
import { computeUncertaintyPage } from "../../lib/queries/uncertainty/model";
import { computeRunListIndex } from "../../lib/queries/trajectory/run-list";

export interface PageDataContext {
  db: NodeDb;
  /** Only what is not in DuckDB: the build drops the release's records once they are loaded there. */
  release: Pick<Release, "meta" | "dir">;
}

export const PAGE_DATA: Record<string, (ctx: PageDataContext) => Promise<unknown>> = {
  "leaderboard.json": ({ db, release }) =>
    computeLeaderboard(db, {
      groups: release.meta.groups,
      conditions: release.meta.conditions,
      baseline: release.meta.baseline_condition,
    }),
  "repos.json": ({ db }) => db.run(reposQuery),
  "cost.json": ({ db, release }) =>
    computeCostPage(db, {
      baseline: release.meta.baseline_condition,
      conditions: release.meta.conditions,
      groups: release.meta.groups,
    }),
  "profile.json": ({ db, release }) =>
    computeProfile(db, { conditions: release.meta.conditions, groups: release.meta.groups }),
  "catalog.json": ({ db, release }) =>
    computeCatalog(db, {
      conditions: release.meta.conditions,
      baseline: release.meta.baseline_condition,
      groups: release.meta.groups,
    }),
  "catalog-tasks.json": ({ db, release }) =>
    computeTaskPages(db, {
      conditions: release.meta.conditions,
      baseline: release.meta.baseline_condition,
      groups: release.meta.groups,
    }),
  "ablation.json": ({ db, release }) =>
    computeAblation(db, {
      groups: release.meta.groups,
      conditions: release.meta.conditions,
      baseline: release.meta.baseline_condition,
    }),
  // Intervals clustered by repository, far − near and repeat metrics per configuration (docs/benchmark.md).
  "uncertainty.json": ({ db, release }) =>
    computeUncertaintyPage(db, {
      groups: release.meta.groups,
      conditions: release.meta.conditions,
      baseline: release.meta.baseline_condition,
    }),
  "run-list.json": ({ db, release }) => computeRunListIndex(db, release.meta.conditions),
  "taskflow.json": ({ db, release }) => computeTaskFlow(db, release.meta.conditions, readTargetFiles(release.dir)),
  "signature-prevalence.json": async ({ db, release }) => {
    // A release the trajectory pass did not analyse gets empty derived tables: unknown shares, not an error.
    for (const sql of ensureSignatureTablesSql()) await db.run(sql);
    return computePrevalence(db, {
      baseline: release.meta.baseline_condition,
      conditions: release.meta.conditions,
      groups: release.meta.groups,
    });
  },
  // Focus returns against the work in between, and interruption completion (docs/resumption.md).
  "resumption.json": async ({ db, release }) => {
    for (const sql of ensureSignatureTablesSql()) await db.run(sql);
    return computeResumption(db, { baseline: release.meta.baseline_condition, conditions: release.meta.conditions });
  },
  // The detectors against the release's human labels, and the prevalence corrected for the latest audit.
  "signature-audit.json": async ({ db }) => {
    for (const sql of ensureSignatureTablesSql()) await db.run(sql);
    return computeAudit(db);
  },
};
