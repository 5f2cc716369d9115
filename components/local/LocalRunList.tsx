"use client";
// The runs of the local releases opened on this page that name a trajectory, each opening the trajectory
// explorer by a client-side link (a full page load would forget the local release; see docs/local-results.md).
import Link from "next/link";
import { useSyncExternalStore } from "react";
import { emptyEntries, localEntries, subscribeLocal } from "@/lib/local/store";
import type { TrajectoryRunRow } from "@/lib/queries/trajectory/sql";
import { runHref } from "@/lib/site/nav";
import { localTrajectoryRuns } from "@/lib/source/local-views";
import { useAsync } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { LocalBadge } from "./LocalBadge";

export function LocalRunList({ releaseId }: { releaseId: string }) {
  const entries = useSyncExternalStore(subscribeLocal, () => localEntries(releaseId), emptyEntries);
  const source = useReleaseSource();
  const listed = useAsync<{ label: string; rows: TrajectoryRunRow[] }[], number[]>(
    entries.length === 0 ? null : entries.map((e) => e.key),
    () => Promise.all(entries.map(async (e) => ({ label: e.label, rows: await localTrajectoryRuns(e.tables) }))),
  );
  const runs = listed.value ?? null;
  const error = listed.error;
  if (entries.length === 0) return null;
  return (
    <section className="mb-4 space-y-2" data-testid="local-runs" data-ready={runs ? "true" : undefined}>
      <h2 className="font-semibold">
        Runs of your local results <LocalBadge show />
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Their trajectories are read from the files you picked when you open one; nothing is uploaded. They stay open
        until the page is reloaded.
      </p>
      {error ? <p role="alert">The local runs could not be listed: {error}</p> : null}
      {runs?.map((r, i) => (
        <div key={i}>
          <p className="text-sm">
            {r.label}: {r.rows.length} run(s) with a trajectory
          </p>
          <ul className="text-sm">
            {r.rows.map((row) => (
              <li key={row.run_id} data-run={row.run_id}>
                <Link className="underline" href={runHref(releaseId, row.run_id)} prefetch={false}>
                  {source.shownId(row.run_id)}
                </Link>{" "}
                <span className="text-zinc-500">
                  {row.display_name} · {row.focus_task_id} · {row.condition} ·{" "}
                  {row.resolved ? "resolved" : (row.failure_class ?? "unresolved")}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
