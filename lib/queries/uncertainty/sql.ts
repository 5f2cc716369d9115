// The rows behind the uncertainty views (docs/benchmark.md, "Intervals that respect clustering" and "Repeats"): per
// configuration × condition × focus task, its group, its repository, its runs n (the configuration's repeat count
// R: task_cells has a row per repeat, a missing run being a row with ran = false and resolved = false, so every
// task counts R) and its resolved runs c. The task's score c/n is the leaderboard's (leaderboard/sql.ts, `cells`),
// so every rate and gap computed from these rows is the leaderboard's number for the same cell.
//
// One SQL text for one configuration (the leaderboard's expansion, the compare page: keyed, so the build writes
// each configuration's rows to a file of its own and a page fetches only that one) and for all of them (the
// build's uncertainty page). Rows come in task_id order within a configuration and condition, the order of the
// leaderboard's task scores, so a bootstrap over them draws the same tasks as the leaderboard's.
import { defineKeyedQuery, defineQuery } from "../../db/query";

export interface TaskRepeatRow {
  condition: string;
  task_id: string;
  grp: string;
  repo: string;
  /** Runs counted for the task: the configuration's repeat count R. */
  n: number;
  /** Resolved runs among them. */
  c: number;
}

export interface ConfigTaskRepeatRow extends TaskRepeatRow {
  config_id: string;
}

const COUNTS = `t.condition, t.task_id, t.task_group AS grp, t.repo,
  COUNT(*)::INTEGER AS n, (COUNT(*) FILTER (WHERE t.resolved))::INTEGER AS c`;

/** One configuration's rows: keyed by configuration (every configuration has cells, so every one is a key). */
export const configTaskRepeatsQuery = defineKeyedQuery<TaskRepeatRow>({
  name: "configuration task repeats",
  tables: ["task_cells"],
  space: "config-cells",
  keys: "SELECT DISTINCT config_id AS answer_key FROM task_cells",
  each: (keys) => `
SELECT kk.answer_key, ${COUNTS}
FROM ${keys} kk JOIN task_cells t ON t.config_id = kk.answer_key
GROUP BY ALL
ORDER BY kk.answer_key, t.condition, t.task_id`,
  // One configuration a file: its ~400 rows at the sample's size.
  keysPerShard: 1,
  keysPerBatch: 200,
});

/** Every configuration's rows at once (the build's uncertainty page). */
export const taskRepeatsQuery = defineQuery<void, ConfigTaskRepeatRow>({
  name: "task repeats",
  tables: ["task_cells"],
  sql: () => `
SELECT t.config_id, ${COUNTS}
FROM task_cells t
GROUP BY ALL
ORDER BY t.config_id, t.condition, t.task_id`,
});
