// The leaderboard page of one release, rendered at build time from what `npm run data` answered.
import { LeaderboardView } from "@/components/leaderboard/LeaderboardView";
import { DeferredSignaturePrevalence } from "@/components/leaderboard/DeferredSignaturePrevalence";
import { RankLegend } from "@/components/leaderboard/RankLegend";
import { leaderboardHead } from "@/lib/site/leaderboard-head";
import { builtRelease, pageModel } from "@/lib/source/answers-node";
import { leaderboardPage, repositoriesPage } from "@/lib/queries/leaderboard/page";
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
import { WarmLeaderboard } from "@/components/site/PageWarmUps";

export async function LeaderboardPage({ releaseId }: { releaseId: string }) {
  const built = builtRelease(releaseId);
  const offered = await pageModel(releaseId, repositoriesPage);
  // The warm-up rehearses a repository subset on the last repository offered (lib/queries/leaderboard/page.ts).
  const last = offered.at(-1)?.repo;
  // A long release's page holds its first rows; the view fetches the rest after first paint.
  const { model, head } = leaderboardHead(await pageModel(releaseId, leaderboardPage));
  return (
    <ReleaseFrame built={built} page="">
      <h1 className="mb-1 text-xl font-semibold">{built.meta.benchmark} leaderboard</h1>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        Every focus task runs under each condition ({built.meta.conditions.join(", ")}); a gap is the{" "}
        {built.meta.baseline_condition} resolution minus another condition&apos;s, on the same tasks.
      </p>
      <LeaderboardView releaseId={releaseId} model={model} head={head} repos={offered} legend={<RankLegend />} />
      <WarmLeaderboard rehearsal={last ? { repos: [last] } : undefined} />
      <div className="mt-6">
        {/* After first paint: the panel was three quarters of the page's HTML (docs/performance.md, speed). */}
        <DeferredSignaturePrevalence
          releaseId={releaseId}
          releaseVersion={built.meta.version}
          meta={{
            baseline: built.meta.baseline_condition,
            conditions: built.meta.conditions,
            groups: built.meta.groups,
          }}
        />
      </div>
    </ReleaseFrame>
  );
}
