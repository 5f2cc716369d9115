// Runs the profile queries on any Db and arranges the rows in the release's condition and group order.
import type { QuerySource } from "../../db/query";
import {
  MEASURES,
  profileDistributionsQuery,
  profileMediansQuery,
  profileReposQuery,
  profileTotalsQuery,
  type Measure,
  type ProfileDistributionRow,
  type ProfileMedianRow,
  type ProfileRepoRow,
  type ProfileTotals,
} from "./sql";

export interface ProfileModel {
  conditions: string[];
  groups: string[];
  totals: ProfileTotals;
  /** Table 6's medians: over sessions with interruptions; null when no session has any. */
  interrupted: ProfileMedianRow | null;
  byCondition: ProfileMedianRow[];
  /** distributions[condition][measure] = [{ value, sessions }] ascending by value. */
  distributions: Record<string, Record<Measure, { value: number; sessions: number }[]>>;
  /** Focus tasks per group, in the release's group order. */
  groupCounts: { group: string; focus_tasks: number }[];
  repos: { repo: string; focus_tasks: number; byGroup: Record<string, number>; interruption_tasks: number }[];
}

export interface ProfileMeta {
  conditions: string[];
  groups: string[];
}

export async function computeProfile(src: QuerySource, meta: ProfileMeta): Promise<ProfileModel> {
  const [totals, medians, dists, repos] = await Promise.all([
    src.run(profileTotalsQuery),
    src.run(profileMediansQuery),
    src.run(profileDistributionsQuery),
    src.run(profileReposQuery),
  ]);
  return profileModel(meta, totals[0]!, medians, dists, repos);
}

export function profileModel(
  meta: ProfileMeta,
  totals: ProfileTotals,
  medians: ProfileMedianRow[],
  dists: ProfileDistributionRow[],
  repoRows: ProfileRepoRow[],
): ProfileModel {
  const rank = (c: string) => meta.conditions.indexOf(c);
  const interrupted = medians.find((m) => m.condition === null);
  const distributions: ProfileModel["distributions"] = {};
  for (const c of meta.conditions) {
    distributions[c] = Object.fromEntries(MEASURES.map((m) => [m, []])) as unknown as Record<
      Measure,
      { value: number; sessions: number }[]
    >;
  }
  for (const d of dists) distributions[d.condition]?.[d.measure].push({ value: d.value, sessions: d.sessions });

  const repos = new Map<string, ProfileModel["repos"][number]>();
  for (const r of repoRows) {
    const entry = repos.get(r.repo) ?? {
      repo: r.repo,
      focus_tasks: 0,
      byGroup: {},
      interruption_tasks: r.repo_interruption_tasks,
    };
    entry.focus_tasks += r.focus_tasks;
    entry.byGroup[r.task_group] = r.focus_tasks;
    repos.set(r.repo, entry);
  }
  return {
    conditions: meta.conditions,
    groups: meta.groups,
    totals,
    interrupted: interrupted && interrupted.sessions > 0 ? interrupted : null,
    byCondition: medians.filter((m) => m.condition !== null).sort((a, b) => rank(a.condition!) - rank(b.condition!)),
    distributions,
    groupCounts: meta.groups.map((group) => ({
      group,
      focus_tasks: repoRows.filter((r) => r.task_group === group).reduce((s, r) => s + r.focus_tasks, 0),
    })),
    repos: [...repos.values()],
  };
}
