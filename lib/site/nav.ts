// The pages of a release, in the order the release navigation shows them. A view adds its entry here.
export interface NavEntry {
  /** Path below /r/<release>/ ("" for the leaderboard). */
  path: string;
  label: string;
}

export const RELEASE_NAV: NavEntry[] = [
  { path: "", label: "Leaderboard" },
  { path: "cost", label: "Cost" },
  { path: "compare", label: "Compare" },
  { path: "uncertainty", label: "Intervals" },
  { path: "profile", label: "Profile" },
  { path: "tasks", label: "Tasks" },
  { path: "ablation", label: "Ablation" },
  { path: "taskflow", label: "Task Flow" },
  { path: "resumption", label: "Resumption" },
  { path: "signatures", label: "Signatures" },
  { path: "runs", label: "Runs" },
  { path: "review", label: "Review" },
  { path: "search", label: "Search" },
  { path: "sql", label: "SQL" },
];

export function releaseHref(releaseId: string, path = ""): string {
  return `/r/${releaseId}/${path ? `${path.replace(/\/$/, "")}/` : ""}`;
}

/** The trajectory explorer for one run; `step` is a step number (1-based, as the explorer shows it). */
export function runHref(releaseId: string, runId: string, step?: number): string {
  return `${releaseHref(releaseId, "run")}?id=${encodeURIComponent(runId)}${step !== undefined ? `&step=${step}` : ""}`;
}

/** A run opened in review mode, from the review page's audit sample when `audit` is given. */
export function reviewRunHref(releaseId: string, runId: string, audit?: { seed: string; stratum: string }): string {
  const p = new URLSearchParams({ review: "1" });
  if (audit) {
    p.set("audit", audit.seed);
    p.set("stratum", audit.stratum);
  }
  return `${runHref(releaseId, runId)}&${p.toString()}`;
}
