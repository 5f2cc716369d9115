// What the explorer says instead of a run: none chosen in the address, or a local run this page load never opened.
import Link from "next/link";
import { releaseHref } from "@/lib/site/nav";

export function NoRunChosen({ releaseId }: { releaseId: string }) {
  return (
    <p data-testid="no-run">
      No run chosen. Pick one from the{" "}
      <Link className="underline" href={releaseHref(releaseId, "runs")}>
        runs with trajectories
      </Link>
      .
    </p>
  );
}

export function LocalRunGone({ releaseId, runId }: { releaseId: string; runId: string }) {
  return (
    <p data-testid="local-run-gone" className="text-amber-800 dark:text-amber-300">
      This run ({runId}) is from local results opened in another page load: they live only in that page&apos;s memory,
      and a reload or a new tab forgets them. Open them again with <strong>Open local results</strong> on the{" "}
      <Link className="underline" href={releaseHref(releaseId)}>
        leaderboard
      </Link>
      , then open the run from there.
    </p>
  );
}
