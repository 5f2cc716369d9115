import type { Metadata } from "next";
import { releaseMetadata } from "@/app/_pages/page-meta";
import { SqlConsole } from "@/components/sql/SqlConsole";
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
import { OpenLocalResults } from "@/components/local/OpenLocalResults";
import { benchOf } from "@/lib/local";
import { builtRelease, pageModel, releaseIndex, stepsManifest } from "@/lib/source/answers-node";
import { leaderboardPage } from "@/lib/queries/leaderboard/page";

export const dynamicParams = false;

export async function generateMetadata({ params }: { params: Promise<{ release: string }> }): Promise<Metadata> {
  return releaseMetadata((await params).release, "sql");
}

export function generateStaticParams() {
  return releaseIndex().map((r) => ({ release: r.release_id }));
}

export default async function SqlPage({ params }: { params: Promise<{ release: string }> }) {
  const { release } = await params;
  const built = builtRelease(release);
  const manifest = stepsManifest(release);
  return (
    <ReleaseFrame built={built} page="sql">
      <h1 className="mb-1 text-xl font-semibold">SQL console</h1>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        Read-only SQL (DuckDB) run in your browser over this release’s tables, the derived tables and the steps index
        {manifest ? ` (${manifest.rows.toLocaleString("en-US")} rows, loaded when a query names steps)` : ""}, and over
        local results opened on this page (schemas local_1, local_2, …). Statements that write, change settings, or read
        files or the network are refused; nothing leaves your browser.
      </p>
      <div className="mb-3 flex justify-end">
        <OpenLocalResults releaseId={release} bench={benchOf(await pageModel(release, leaderboardPage))} />
      </div>
      <SqlConsole releaseId={release} tables={built.tables.map((t) => t.name)} steps={manifest} />
    </ReleaseFrame>
  );
}
