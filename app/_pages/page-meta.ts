// Each page's <title> and description: the view, then the release (then a task), so that tabs, history
// and bookmarks tell pages apart. The layout's template appends " · Switch-SWE". Server only.
import type { Metadata } from "next";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { builtRelease } from "@/scripts/build/release-files";

const VIEWS: Record<string, { title: string; description: string }> = {
  "": {
    title: "Leaderboard",
    description:
      "Focus-task resolution uninterrupted and switched, the gap, near and far, with intervals and McNemar p-values",
  },
  cost: {
    title: "Cost",
    description: "Tokens, model calls and tool calls per usage scope, cost against resolution, failure classes",
  },
  compare: {
    title: "Compare",
    description: "Two configurations on the same focus tasks: 2×2 table, McNemar, paired intervals, disagreements",
  },
  profile: {
    title: "Benchmark profile",
    description: "Requests, workspace switches and focus returns per session; repositories and verifier sizes",
  },
  tasks: {
    title: "Task catalog",
    description: "Every focus task with its stages, verifier, interruption tasks and results per condition",
  },
  ablation: {
    title: "Ablation",
    description:
      "Context-management variants of one harness and model, with paired gains over the native configuration",
  },
  uncertainty: {
    title: "Intervals",
    description:
      "Every configuration's gap with its paired interval, rank intervals, intervals clustered by repository, far minus near, and repeat consistency",
  },
  resumption: {
    title: "Resumption",
    description:
      "Switched focus resolution against the work between a focus request and its return, and interruption-task completion beside focus resolution",
  },
  taskflow: {
    title: "Task Flow",
    description: "Session lengths, request labels and transitions between them, with the Task Flow alignment score",
  },
  signatures: {
    title: "Trace signatures",
    description:
      "How often the detectors find requirement-state loss and cross-task interference, per configuration, condition and group, with intervals and every tagged run one click from its evidence",
  },
  runs: { title: "Runs", description: "Runs that publish their trajectory" },
  review: {
    title: "Review",
    description:
      "Your reviews of the detectors' trace-signature tags, exported as annotations.jsonl, and a stratified audit sample of runs to review",
  },
  search: {
    title: "Search trajectories",
    description:
      "Literal and regular-expression search over every step of every trajectory: commands, edited paths, message and observation text",
  },
  sql: {
    title: "SQL console",
    description: "Read-only SQL in the browser over the release's tables, the derived tables and the steps index",
  },
  run: {
    title: "Trajectory",
    description: "One run's trajectory: requests, steps, tool calls, verdict and trace-signature tags",
  },
};

export function releaseMetadata(releaseId: string, view: keyof typeof VIEWS, detail?: string): Metadata {
  const meta = builtRelease(releaseId).meta;
  const v = VIEWS[view] ?? { title: view, description: "" };
  const title = [v.title, detail, meta.title].filter(Boolean).join(" · ");
  return {
    title,
    description: `${v.description}${detail ? ` (${detail})` : ""}. ${meta.title}${meta.synthetic ? " (synthetic data)" : ""}.`,
  };
}
