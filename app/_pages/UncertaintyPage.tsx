// The uncertainty page of one release ("How sure are these numbers"), rendered at build time from what
// `npm run data` computed: uncertainty.json (clustered intervals, far − near) and leaderboard.json (ranks).
// Only what the pictures and tables draw reaches the client (lib/site/uncertainty-view.ts).
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
import { UncertaintyView } from "@/components/uncertainty/UncertaintyView";
import { uncertaintyViewModel } from "@/lib/site/uncertainty-view";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { builtRelease, leaderboard, uncertaintyPage } from "@/scripts/build/release-files";

export function UncertaintyPage({ releaseId }: { releaseId: string }) {
  const built = builtRelease(releaseId);
  const model = uncertaintyViewModel(uncertaintyPage(releaseId), leaderboard(releaseId));
  return (
    <ReleaseFrame built={built} page="uncertainty">
      <h1 className="mb-1 text-xl font-semibold">How sure are these numbers</h1>
      <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
        Every rate and gap on the leaderboard comes from a few hundred focus tasks in a handful of repositories. Here is
        how far each gap could move, how much of that comes from tasks of one repository going together, where each
        configuration could rank, and whether the far gap is really larger than the near one.
      </p>
      <UncertaintyView releaseId={releaseId} model={model} />
    </ReleaseFrame>
  );
}
