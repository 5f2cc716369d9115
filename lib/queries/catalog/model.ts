// Runs the catalog queries on any Db and arranges them: one list row per focus task (with every
// configuration's score in every condition) and one detail record per task page.
import type { QuerySource } from "../../db/query";
import type { ScheduleRequest } from "./align";
import {
  catalogScoresQuery,
  catalogTasksQuery,
  taskRequestsQuery,
  taskRunsQuery,
  taskStagesQuery,
  taskTitlesQuery,
  type CatalogScoreRow,
  type CatalogTaskRow,
  type TaskRequestRow,
  type TaskRunRow,
  type TaskStageRow,
} from "./sql";
import { configsQuery, type ConfigRow } from "../leaderboard/sql";

export interface CatalogMeta {
  conditions: string[];
  baseline: string;
  groups: string[];
}

export interface CatalogTask extends CatalogTaskRow {
  /** scores[config index][condition index]: the task's result (0–1), null when the cell does not exist. */
  scores: (number | null)[][];
  /** Per condition: the sum of scores over configurations (configurations that resolved it). */
  resolvedBy: number[];
}

export interface CatalogModel extends CatalogMeta {
  configs: Pick<ConfigRow, "config_id" | "display_name" | "variant">[];
  tasks: CatalogTask[];
}

export async function computeCatalog(src: QuerySource, meta: CatalogMeta): Promise<CatalogModel> {
  const [configs, tasks, scores] = await Promise.all([
    src.run(configsQuery),
    src.run(catalogTasksQuery),
    src.run(catalogScoresQuery),
  ]);
  return catalogModel(meta, configs, tasks, scores);
}

export function catalogModel(
  meta: CatalogMeta,
  configs: ConfigRow[],
  tasks: CatalogTaskRow[],
  scores: CatalogScoreRow[],
): CatalogModel {
  const configIndex = new Map(configs.map((c, i) => [c.config_id, i]));
  const conditionIndex = new Map(meta.conditions.map((c, i) => [c, i]));
  const byTask = new Map<string, (number | null)[][]>();
  for (const t of tasks)
    byTask.set(
      t.task_id,
      configs.map(() => meta.conditions.map(() => null)),
    );
  for (const s of scores) {
    const ci = configIndex.get(s.config_id);
    const ki = conditionIndex.get(s.condition);
    const grid = byTask.get(s.task_id);
    if (ci !== undefined && ki !== undefined && grid) grid[ci]![ki] = s.score;
  }
  return {
    ...meta,
    configs: configs.map((c) => ({ config_id: c.config_id, display_name: c.display_name, variant: c.variant })),
    tasks: tasks.map((t) => {
      const grid = byTask.get(t.task_id)!;
      return {
        ...t,
        scores: grid,
        resolvedBy: meta.conditions.map((_, ki) => grid.reduce((sum, row) => sum + (row[ki] ?? 0), 0)),
      };
    }),
  };
}

export interface TaskSession {
  session_id: string;
  condition: string;
  requests: ScheduleRequest[];
}

export type TaskRun = Omit<TaskRunRow, "focus_task_id">;

export interface TaskPageModel {
  task_id: string;
  stages: Omit<TaskStageRow, "task_id">[];
  /** In the release's condition order, baseline first. */
  sessions: TaskSession[];
  runs: TaskRun[];
  /** Titles of the tasks the schedules name. */
  titles: Record<string, string>;
}

export async function computeTaskPages(src: QuerySource, meta: CatalogMeta): Promise<Record<string, TaskPageModel>> {
  const [stages, requests, runs, titles] = await Promise.all([
    src.run(taskStagesQuery),
    src.run(taskRequestsQuery),
    src.run(taskRunsQuery),
    src.run(taskTitlesQuery),
  ]);
  return taskPages(meta, stages, requests, runs, titles);
}

export function taskPages(
  meta: CatalogMeta,
  stages: TaskStageRow[],
  requests: TaskRequestRow[],
  runs: TaskRunRow[],
  titleRows: { task_id: string; title: string }[],
): Record<string, TaskPageModel> {
  const titleOf = new Map(titleRows.map((t) => [t.task_id, t.title]));
  const pages = new Map<string, TaskPageModel>();
  const page = (id: string) => {
    let p = pages.get(id);
    if (!p) pages.set(id, (p = { task_id: id, stages: [], sessions: [], runs: [], titles: {} }));
    return p;
  };
  const sessions = new Map<string, TaskSession>();
  for (const r of requests) {
    const p = page(r.focus_task_id);
    let s = sessions.get(r.session_id);
    if (!s) {
      s = { session_id: r.session_id, condition: r.condition, requests: [] };
      sessions.set(r.session_id, s);
      p.sessions.push(s);
    }
    const { focus_task_id: _f, session_id: _s, condition: _c, ...req } = r;
    s.requests.push(req);
    const title = titleOf.get(r.task_id);
    if (title !== undefined) p.titles[r.task_id] = title;
  }
  for (const { task_id, ...st } of stages) page(task_id).stages.push(st);
  for (const { focus_task_id, ...run } of runs) page(focus_task_id).runs.push(run);
  const rank = (c: string) => meta.conditions.indexOf(c);
  for (const p of pages.values()) p.sessions.sort((a, b) => rank(a.condition) - rank(b.condition));
  return Object.fromEntries([...pages.entries()].sort(([a], [b]) => a.localeCompare(b)));
}
