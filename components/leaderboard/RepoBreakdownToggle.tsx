"use client";
// The per-repository breakdown, loaded only when asked for; picking a repository there scopes the leaderboard.
import dynamic from "next/dynamic";
import { useState, type ComponentProps } from "react";
import type { RepoBreakdown as Breakdown } from "./RepoBreakdown";

const RepoBreakdown = dynamic(() => import("./RepoBreakdown").then((m) => m.RepoBreakdown), { ssr: false });

export function RepoBreakdownToggle(props: ComponentProps<typeof Breakdown>) {
  const [showRepos, setShowRepos] = useState(false);
  return (
    <div>
      {showRepos ? (
        <RepoBreakdown {...props} />
      ) : (
        <button type="button" className="btn" onClick={() => setShowRepos(true)}>
          Show per-repository breakdown
        </button>
      )}
    </div>
  );
}
