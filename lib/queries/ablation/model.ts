// The context-management ablation (Switch-SWE Table 3): configurations that are variants of one native
// configuration (base_config_id) form a family. Rates and gaps are the leaderboard's (computeLeaderboard);
// a variant's gain over its native configuration is paired over the same focus tasks, with the same
// bootstrap and exact McNemar test the leaderboard uses for gaps.
import type { QuerySource } from "../../db/query";
import { extremeMarks } from "../../metrics/marks";
import { mcnemarExact } from "../../metrics/mcnemar";
import { pairedBootstrapOfDiffs } from "../../metrics/paired-interval";
import { OVERALL, taskScoresQuery, type ConfigRow, type TaskScoreRow } from "../leaderboard/sql";
import {
  computeLeaderboard,
  rateDifference,
  type LeaderboardMeta,
  type LeaderboardModel,
  type LeaderboardRow,
} from "../leaderboard/model";

export interface GainCell {
  /** Variant minus native resolution, percentage points. */
  value: number;
  /** Paired bootstrap 95% interval over focus tasks, percentage points. */
  lo: number;
  hi: number;
  /** Tasks better with the variant / better with the native configuration. */
  variantOnly: number;
  nativeOnly: number;
  p: number;
}

export interface AblationMember {
  row: LeaderboardRow;
  /** gains[group][condition]; empty for the native configuration itself. */
  gains: Record<string, Record<string, GainCell>>;
}

export interface AblationFamily {
  native: ConfigRow;
  /** Native first, then its variants in configuration order. */
  members: AblationMember[];
  /** best[group][condition]: members with the highest resolution (Table 3 bolds the highest Switch), ties included. */
  best: Record<string, Record<string, string[]>>;
}

export interface AblationModel {
  groups: string[];
  conditions: string[];
  baseline: string;
  families: AblationFamily[];
}

export async function computeAblation(src: QuerySource, meta: LeaderboardMeta): Promise<AblationModel> {
  const [leaderboard, scores] = await Promise.all([
    computeLeaderboard(src, meta, {}, { ranks: false }),
    src.run(taskScoresQuery, {}),
  ]);
  return ablationModel(leaderboard, scores);
}

/** The native configuration a configuration descends from (itself when it has no base). */
function rootOf(config: ConfigRow, byId: Map<string, ConfigRow>): ConfigRow {
  let c = config;
  const seen = new Set<string>();
  while (c.base_config_id && byId.has(c.base_config_id) && !seen.has(c.config_id)) {
    seen.add(c.config_id);
    c = byId.get(c.base_config_id)!;
  }
  return c;
}

const pct = (x: number) => 100 * x;

export function ablationModel(leaderboard: LeaderboardModel, scores: TaskScoreRow[]): AblationModel {
  const { groups, conditions } = leaderboard;
  const byId = new Map(leaderboard.rows.map((r) => [r.config.config_id, r.config]));
  const score = new Map<string, number>();
  const groupOf = new Map<string, string>();
  for (const s of scores) {
    score.set(`${s.config_id}\u0000${s.condition}\u0000${s.task_id}`, s.score);
    groupOf.set(s.task_id, s.grp);
  }
  const tasks = [...groupOf.keys()];

  const members = new Map<string, LeaderboardRow[]>();
  for (const row of leaderboard.rows) {
    const root = rootOf(row.config, byId);
    members.set(root.config_id, [...(members.get(root.config_id) ?? []), row]);
  }

  const families: AblationFamily[] = [];
  for (const [rootId, rows] of members) {
    if (rows.length < 2) continue;
    const native = byId.get(rootId)!;
    const ordered = [...rows].sort(
      (a, b) => Number(b.config.config_id === rootId) - Number(a.config.config_id === rootId),
    );
    const family: AblationFamily = { native, members: [], best: {} };
    for (const row of ordered) {
      const member: AblationMember = { row, gains: {} };
      if (row.config.config_id !== rootId) {
        for (const grp of groups) {
          member.gains[grp] = {};
          for (const cond of conditions) {
            const v = row.rates[grp]?.[cond];
            const n = ordered[0]!.rates[grp]?.[cond];
            if (!v || !n) continue;
            const diffs: number[] = [];
            let variantOnly = 0;
            let nativeOnly = 0;
            for (const t of tasks) {
              if (grp !== OVERALL && groupOf.get(t) !== grp) continue;
              const a = score.get(`${row.config.config_id}\u0000${cond}\u0000${t}`) ?? 0;
              const b = score.get(`${rootId}\u0000${cond}\u0000${t}`) ?? 0;
              diffs.push(a - b);
              if (a > b) variantOnly++;
              else if (b > a) nativeOnly++;
            }
            const ci = pairedBootstrapOfDiffs(diffs);
            member.gains[grp][cond] = {
              value: rateDifference(v, n),
              lo: pct(ci.lo),
              hi: pct(ci.hi),
              variantOnly,
              nativeOnly,
              p: mcnemarExact(variantOnly, nativeOnly),
            };
          }
        }
      }
      family.members.push(member);
    }
    for (const grp of groups) {
      family.best[grp] = {};
      for (const cond of conditions) {
        const marks = extremeMarks(
          family.members.map((m) => m.row.rates[grp]?.[cond]?.value),
          true,
        );
        family.best[grp][cond] = family.members.filter((_, i) => marks[i]!.best).map((m) => m.row.config.config_id);
      }
    }
    families.push(family);
  }
  return { groups, conditions, baseline: leaderboard.baseline, families };
}
