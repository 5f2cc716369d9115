// Trace-signature rates per configuration and condition, from the release's annotations (docs/benchmark.md, "The two
// trace signatures"). A run counts once per signature however many tags it carries. Two denominators, because only some
// runs publish a trajectory and only those can carry a tag: all runs, and runs with a trajectory.
import { sqlInList } from "../../db/sql";
import { defineQuery } from "../../db/query";

export interface SignatureRateRow {
  config_id: string;
  display_name: string;
  condition: string;
  signature: string;
  runs: number;
  runs_with_trajectory: number;
  tagged_runs: number;
  /** tagged_runs / runs, in % (null without runs). */
  rate: number | null;
  /** tagged_runs / runs_with_trajectory, in % (null without trajectories). */
  rate_of_inspectable: number | null;
}

export interface SignatureRateOptions {
  /** Count only tags by these author kinds ("human", "judge", "detector"); absent: all. */
  authorKinds?: string[];
}

export function signatureRatesSql(opts: SignatureRateOptions = {}): string {
  const authors = opts.authorKinds?.length ? `WHERE author_kind IN ${sqlInList(opts.authorKinds)}` : "";
  return `
WITH tagged AS (SELECT DISTINCT run_id, signature FROM annotations ${authors}),
signatures AS (SELECT * FROM (VALUES ('requirement_state_loss'), ('cross_task_interference')) v(signature)),
cells AS (
  SELECT c.config_id, c.display_name, c.sort_order, s.condition, g.signature,
    COUNT(*)::INTEGER AS runs,
    COUNT(*) FILTER (WHERE r.trajectory IS NOT NULL)::INTEGER AS runs_with_trajectory,
    COUNT(t.run_id)::INTEGER AS tagged_runs
  FROM runs r
  JOIN configs c ON c.config_id = r.config_id
  JOIN sessions s ON s.session_id = r.session_id
  CROSS JOIN signatures g
  LEFT JOIN tagged t ON t.run_id = r.run_id AND t.signature = g.signature
  GROUP BY ALL
)
SELECT config_id, display_name, condition, signature, runs, runs_with_trajectory, tagged_runs,
  CASE WHEN runs > 0 THEN 100.0 * tagged_runs / runs END::DOUBLE AS rate,
  CASE WHEN runs_with_trajectory > 0 THEN 100.0 * tagged_runs / runs_with_trajectory END::DOUBLE AS rate_of_inspectable
FROM cells
ORDER BY sort_order, condition, signature DESC`;
}

export const SIGNATURE_RATES_SQL = signatureRatesSql();

export const signatureRatesQuery = defineQuery<SignatureRateOptions, SignatureRateRow>({
  name: "signature rates",
  tables: ["configs", "sessions", "runs", "annotations"],
  sql: (opts) => signatureRatesSql(opts),
});
