"use client";
// Leaderboard rows of the local releases opened on this page, computed on DuckDB-WASM in each local release's
// own schema with the view's task scope, and appended by the leaderboard to the published rows. Local config
// ids are prefixed "local:" so that a local configuration never collides with a published one.
import { useEffect, useState, useSyncExternalStore } from "react";
import { localLeaderboard } from "@/lib/local/db";
import { emptyEntries, localEntries, subscribeLocal } from "@/lib/local/store";
import type { LeaderboardModel, LeaderboardRow } from "@/lib/queries/leaderboard-model";
import { LOCAL_PREFIX } from "@/lib/queries/local-union";

const NONE: LeaderboardRow[] = [];

export function useLocalRows(
  releaseId: string,
  model: LeaderboardModel,
  repos: string[],
  taskIds: string[],
): LeaderboardRow[] {
  const entries = useSyncExternalStore(subscribeLocal, () => localEntries(releaseId), emptyEntries);
  const [rows, setRows] = useState<LeaderboardRow[]>(NONE);
  const scopeKey = JSON.stringify([repos, taskIds]);
  useEffect(() => {
    if (entries.length === 0) {
      setRows(NONE);
      return;
    }
    let live = true;
    const [r, t] = JSON.parse(scopeKey) as [string[], string[]];
    const meta = {
      groups: model.groups.filter((g) => g !== "overall"),
      conditions: model.conditions,
      baseline: model.baseline,
    };
    Promise.all(entries.map((e) => localLeaderboard(e.tables, meta, { repos: r, taskIds: t })))
      .then((models) => {
        if (!live) return;
        setRows(
          models.flatMap((m) =>
            m.rows.map((row) => ({
              ...row,
              config: { ...row.config, config_id: LOCAL_PREFIX + row.config.config_id, is_local: true },
            })),
          ),
        );
      })
      .catch(() => live && setRows(NONE));
    return () => {
      live = false;
    };
  }, [entries, scopeKey, model]);
  return rows;
}
