"use client";
// The runs of the local releases opened on this page that name a trajectory, each opening the trajectory
// explorer by a client-side link (a full page load would forget the local release; see docs/local-results.md).
// Paged as the published run list is (RUNS_PER_PAGE rows a page): each page is a LIMIT/OFFSET query on the local
// release's schema, so a release of 50,000 runs puts one page of rows in this thread and in the DOM, never all.
import Link from "next/link";
import { useRef, useState, useSyncExternalStore } from "react";
import { emptyEntries, localEntries, subscribeLocal, type LocalEntry } from "@/lib/local";
import { runHref } from "@/lib/site/nav";
import { formatCount } from "@/lib/site/format-count";
import { localRunPageQuery, type LocalRunPage } from "@/lib/queries/trajectory/run-list";
import { valueOnEach } from "@/lib/source";
import { useAsync } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { Pager } from "@/components/ui/Pager";
import { LocalBadge } from "./LocalBadge";

interface Listed extends LocalRunPage {
  key: number;
  label: string;
}

export function LocalRunList({ releaseId }: { releaseId: string }) {
  const entries = useSyncExternalStore(subscribeLocal, () => localEntries(releaseId), emptyEntries);
  // The page asked for, per local release (0 until its pager is used).
  const [asked, setAsked] = useState<ReadonlyMap<number, number>>(new Map());
  const keys = entries.map((e) => e.key);
  const pages = keys.map((k) => asked.get(k) ?? 0);
  const listed = useAsync<Listed[], [number[], number[]]>(entries.length === 0 ? null : [keys, pages], ([, p]) =>
    listPages(entries, p),
  );
  // While the next page is fetched the current one stays (no collapse under the reader's scroll), marked busy.
  const last = useRef<{ keys: string; lists: Listed[] } | null>(null);
  if (listed.value) last.current = { keys: keys.join(), lists: listed.value };
  const lists = listed.value ?? (last.current?.keys === keys.join() ? last.current.lists : null);
  if (entries.length === 0) return null;
  const turn = (key: number, page: number) => setAsked((prev) => new Map(prev).set(key, page));
  return (
    <section
      className="mb-4 space-y-2"
      data-testid="local-runs"
      data-ready={listed.value ? "true" : undefined}
      aria-busy={listed.loading}
    >
      <h2 className="font-semibold">
        Runs of your local results <LocalBadge show />
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Their trajectories are read from the files you picked when you open one; nothing is uploaded. They stay open
        until the page is reloaded.
      </p>
      {listed.error ? <p role="alert">The local runs could not be listed: {listed.error}</p> : null}
      {lists?.map((l) => (
        <LocalReleaseRuns key={l.key} releaseId={releaseId} listed={l} onPage={(page) => turn(l.key, page)} />
      ))}
    </section>
  );
}

function listPages(entries: readonly LocalEntry[], pages: readonly number[]): Promise<Listed[]> {
  return Promise.all(
    entries.map(async (e, i) => ({
      key: e.key,
      label: e.label,
      ...(await valueOnEach([e.tables], localRunPageQuery, pages[i] ?? 0))[0]!,
    })),
  );
}

function LocalReleaseRuns({
  releaseId,
  listed,
  onPage,
}: {
  releaseId: string;
  listed: Listed;
  onPage: (page: number) => void;
}) {
  const source = useReleaseSource();
  const { offset, rows, total } = listed;
  return (
    <div data-testid="local-release-runs" data-total={total}>
      <p className="text-sm" data-testid="local-run-count">
        {listed.label}: {formatCount(total)} run(s) with a trajectory
        {listed.pages > 1 ? `; ${formatCount(offset + 1)}–${formatCount(offset + rows.length)} shown` : ""}
      </p>
      <ul className="text-sm">
        {rows.map((row) => (
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
      <Pager
        page={listed.page}
        pages={listed.pages}
        onPage={onPage}
        label={`pages of ${listed.label}'s runs`}
        testIds={{ nav: "local-run-pager", page: "local-run-page" }}
        jump
      />
    </div>
  );
}
