// The review page's audit sample (docs/trajectory-explorer.md, "Review"): the release's runs that publish a
// trajectory, read a configuration at a time through the run list's own query (configRunsQuery, answered ahead by
// the build, so the page needs no DuckDB-WASM), then k drawn from every configuration × condition stratum.
import type { QuerySource } from "../../db/query";
import { auditSample, type AuditRun, type StratumSample } from "../../metrics/audit-sample";
import type { RunListIndex } from "../trajectory/run-list";
import { configRunsQuery } from "../trajectory/run.sql";

export interface AuditStratum extends StratumSample {
  display_name: string;
}

/** Every run of these configurations that publishes a trajectory. */
export async function auditRuns(src: QuerySource, configIds: readonly string[]): Promise<AuditRun[]> {
  const rows = await Promise.all(configIds.map((id) => src.run(configRunsQuery, id)));
  return rows
    .flat()
    .filter((r) => r.trajectory !== null)
    .map((r) => ({ run_id: r.run_id, config_id: r.config_id, condition: r.condition }));
}

/** k runs of every configuration × condition of the run list's index, drawn with `seed`. */
export async function computeAuditSample(
  src: QuerySource,
  index: Pick<RunListIndex, "configs" | "conditions">,
  seed: string,
  k: number,
): Promise<AuditStratum[]> {
  const runs = await auditRuns(
    src,
    index.configs.map((c) => c.config_id),
  );
  const strata = index.configs.flatMap((c) =>
    index.conditions.map((condition) => ({ config_id: c.config_id, condition })),
  );
  const names = new Map(index.configs.map((c) => [c.config_id, c.display_name]));
  return auditSample(runs, strata, seed, k).map((s) => ({ ...s, display_name: names.get(s.config_id) ?? s.config_id }));
}
