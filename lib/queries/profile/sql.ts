// The benchmark profile (Switch-SWE Table 6) from the sessions table, whose schedule counts the build
// derived with lib/data/schedule.ts. The paper's medians are over switched sessions; the general form is
// "sessions with interruptions", which is the switched condition in Switch-SWE and empty in a release whose
// conditions differ in something else (context reuse). Per-condition rows are given for every release.
import { defineQuery } from "../../db/query";

export const MEASURES = ["request_count", "workspace_switches", "focus_returns", "interruption_tasks"] as const;
export type Measure = (typeof MEASURES)[number];

export const PROFILE_TOTALS_SQL = `
WITH focus AS (SELECT DISTINCT focus_task_id AS task_id FROM sessions),
interrupting AS (
  SELECT DISTINCT r.task_id FROM requests r JOIN sessions s USING (session_id)
  WHERE r.task_id <> s.focus_task_id
)
SELECT
  (SELECT COUNT(*) FROM focus)::INTEGER AS focus_tasks,
  (SELECT COUNT(DISTINCT t.repo) FROM focus f JOIN tasks t USING (task_id))::INTEGER AS repos,
  (SELECT COUNT(*) FROM interrupting)::INTEGER AS interruption_tasks,
  (SELECT COUNT(*) FROM sessions)::INTEGER AS sessions,
  (SELECT COUNT(*) FROM requests)::INTEGER AS requests,
  (SELECT COUNT(*) FROM sessions WHERE interruption_tasks > 0)::INTEGER AS sessions_with_interruptions`;

export interface ProfileTotals {
  focus_tasks: number;
  repos: number;
  interruption_tasks: number;
  sessions: number;
  requests: number;
  sessions_with_interruptions: number;
}

const medians = MEASURES.map((m) => `MEDIAN(${m})::DOUBLE AS ${m}`).join(", ");

/** Medians per condition, and over sessions with interruptions (condition NULL) — Table 6's row. */
export const PROFILE_MEDIANS_SQL = `
SELECT condition, COUNT(*)::INTEGER AS sessions, ${medians}
FROM sessions GROUP BY condition
UNION ALL
SELECT NULL AS condition, COUNT(*)::INTEGER AS sessions, ${medians}
FROM sessions WHERE interruption_tasks > 0
ORDER BY condition NULLS FIRST`;

export interface ProfileMedianRow {
  /** null: the sessions with interruptions, all conditions together. */
  condition: string | null;
  sessions: number;
  request_count: number | null;
  workspace_switches: number | null;
  focus_returns: number | null;
  interruption_tasks: number | null;
}

/** How many sessions of each condition have each value of each measure (the small histograms). */
export const PROFILE_DISTRIBUTIONS_SQL = `
${MEASURES.map((m) => `SELECT condition, '${m}' AS measure, ${m}::INTEGER AS value, COUNT(*)::INTEGER AS sessions FROM sessions GROUP BY ALL`).join("\nUNION ALL\n")}
ORDER BY condition, measure, value`;

export interface ProfileDistributionRow {
  condition: string;
  measure: Measure;
  value: number;
  sessions: number;
}

/** Focus tasks per group, and per repository and group, with the repository's distinct interruption tasks. */
export const PROFILE_REPOS_SQL = `
WITH focus AS (
  SELECT s.focus_task_id AS task_id, MIN(s.task_group) AS task_group, MIN(t.repo) AS repo
  FROM sessions s JOIN tasks t ON t.task_id = s.focus_task_id GROUP BY s.focus_task_id
),
interrupting AS (
  SELECT DISTINCT t.repo, r.task_id FROM requests r JOIN sessions s USING (session_id) JOIN tasks t ON t.task_id = r.task_id
  WHERE r.task_id <> s.focus_task_id
)
SELECT f.repo, f.task_group, COUNT(*)::INTEGER AS focus_tasks,
  (SELECT COUNT(*) FROM interrupting i WHERE i.repo = f.repo)::INTEGER AS repo_interruption_tasks
FROM focus f GROUP BY f.repo, f.task_group ORDER BY f.repo, f.task_group`;

export interface ProfileRepoRow {
  repo: string;
  task_group: string;
  focus_tasks: number;
  repo_interruption_tasks: number;
}

// The query objects (lib/db/query.ts): what the build runs for the profile's static page.
export const profileTotalsQuery = defineQuery<void, ProfileTotals>({
  name: "profile totals",
  tables: ["sessions", "requests", "tasks"],
  sql: () => PROFILE_TOTALS_SQL,
});

export const profileMediansQuery = defineQuery<void, ProfileMedianRow>({
  name: "profile medians",
  tables: ["sessions"],
  sql: () => PROFILE_MEDIANS_SQL,
});

export const profileDistributionsQuery = defineQuery<void, ProfileDistributionRow>({
  name: "profile distributions",
  tables: ["sessions"],
  sql: () => PROFILE_DISTRIBUTIONS_SQL,
});

export const profileReposQuery = defineQuery<void, ProfileRepoRow>({
  name: "profile repositories",
  tables: ["sessions", "requests", "tasks"],
  sql: () => PROFILE_REPOS_SQL,
});
