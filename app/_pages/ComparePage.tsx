// The compare page of one release. The static HTML carries the picker (configurations, conditions) from
// the build-time leaderboard; the pair's numbers come from the build's files (the default pair, a published pair
// under the default condition) or are computed in the browser.
import { WarmCompare } from "@/components/site/PageWarmUps";
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
import { benchOf } from "@/lib/local";
import { builtRelease, pageModel } from "@/lib/source/answers-node";
import { leaderboardPage, repositoriesPage } from "@/lib/queries/leaderboard/page";
import { defaultCompareRequest } from "@/lib/queries/compare/default";
import { CompareView } from "@/components/compare/CompareView";

export async function ComparePage({ releaseId }: { releaseId: string }) {
  const built = builtRelease(releaseId);
  const board = await pageModel(releaseId, leaderboardPage);
  const meta = {
    baseline: board.baseline,
    conditions: board.conditions,
    groups: board.groups.filter((g) => g !== "overall"),
  };
  const shown = defaultCompareRequest(
    board.rows.map((r) => r.config.config_id),
    meta,
  );
  return (
    <ReleaseFrame built={built} page="compare">
      <h1 className="mb-1 text-xl font-semibold">Compare two configurations</h1>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        The same focus tasks under two configurations: where each resolves what the other does not, whether the
        difference is more than chance (exact McNemar on the disagreeing tasks, paired 95% intervals over tasks), and
        the two trajectories of a task side by side.
      </p>
      {/* The next pick runs the pair's queries: the warm-up rehearses them on the default pair. */}
      <WarmCompare rehearsal={shown ? { meta, request: shown } : undefined} />
      <CompareView
        releaseId={releaseId}
        configs={board.rows.map((r) => r.config)}
        conditions={board.conditions}
        baseline={board.baseline}
        groups={meta.groups}
        repos={(await pageModel(releaseId, repositoriesPage)).map((r) => r.repo)}
        submitText={built.meta.submit_text ?? null}
        hasAnnotations={(built.tables.find((t) => t.name === "annotations")?.rows ?? 0) > 0}
        releaseVersion={built.meta.version}
        bench={benchOf(board)}
      />
    </ReleaseFrame>
  );
}
