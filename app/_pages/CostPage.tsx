// The cost page of one release, rendered at build time from what `npm run data` answered (its model).
import { WarmCost } from "@/components/site/PageWarmUps";
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
import { benchOf } from "@/lib/local";
import { builtRelease, pageModel } from "@/lib/source/answers-node";
import { leaderboardPage } from "@/lib/queries/leaderboard/page";
import { costPage, type CostBinAsk } from "@/lib/queries/cost/page";
import { defaultCostState } from "@/lib/queries/cost/view";
import { CostView } from "@/components/cost/CostView";

export async function CostPage({ releaseId }: { releaseId: string }) {
  const built = builtRelease(releaseId);
  const data = await pageModel(releaseId, costPage);
  const shown = defaultCostState(data);
  const first = data.configs[0];
  return (
    <ReleaseFrame built={built} page="cost">
      <h1 className="mb-1 text-xl font-semibold">What switching costs</h1>
      <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
        Tokens, model calls and tool calls per run under each scope, what the extra usage buys in resolution, why focus
        tasks failed, and how the cost spreads over tasks and along one session.
      </p>
      {/* A click on a bar lists its tasks: the warm-up rehearses that query on the first bin of the first row. */}
      <WarmCost
        rehearsal={
          first
            ? ({
                baseline: data.baseline,
                mode: shown.mode,
                bins: data.tasks[shown.mode].bins,
                sel: { configId: first.config_id, condition: shown.condition, bin: 0 },
              } satisfies CostBinAsk)
            : undefined
        }
      />
      <CostView
        releaseId={releaseId}
        data={data}
        costSource={built.meta.cost_source ?? null}
        bench={benchOf(await pageModel(releaseId, leaderboardPage))}
      />
    </ReleaseFrame>
  );
}
