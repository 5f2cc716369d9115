"use client";
// The per-repository breakdown, loaded only when asked for; picking a repository there scopes the leaderboard.
import dynamic from "next/dynamic";
import { useState } from "react";
import type { LeaderboardModel } from "@/lib/queries/leaderboard/model";
import type { ConfigRow } from "@/lib/queries/leaderboard/sql";

const RepoBreakdown = dynamic(() => import("./RepoBreakdown").then((m) => m.RepoBreakdown), { ssr: false });

export function RepoBreakdownToggle({
  releaseId,
  model,
  configs,
  onRepo,
}: {
  releaseId: string;
  model: LeaderboardModel;
  /** The configurations shown. */
  configs: ConfigRow[];
  onRepo: (repo: string) => void;
}) {
  const [showRepos, setShowRepos] = useState(false);
  return (
    <div>
      {showRepos ? (
        <RepoBreakdown releaseId={releaseId} model={model} configs={configs} onRepo={onRepo} />
      ) : (
        <button type="button" className="btn" onClick={() => setShowRepos(true)}>
          Show per-repository breakdown
        </button>
      )}
    </div>
  );
}
