import type { Metadata } from "next";
import { releaseMetadata } from "@/app/_pages/page-meta";
import { LocalRunList } from "@/components/local/LocalRunList";
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
import { RunList } from "@/components/trajectory/RunList";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { builtRelease, releaseIndex, runListIndex } from "@/scripts/build/release-files";

export const dynamicParams = false;

export async function generateMetadata({ params }: { params: Promise<{ release: string }> }): Promise<Metadata> {
  return releaseMetadata((await params).release, "runs");
}

export function generateStaticParams() {
  return releaseIndex().map((r) => ({ release: r.release_id }));
}

export default async function Runs({ params }: { params: Promise<{ release: string }> }) {
  const { release } = await params;
  const built = builtRelease(release);
  return (
    <ReleaseFrame built={built} page="runs">
      <h1 className="mb-1 text-xl font-semibold">Runs with trajectories</h1>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        Every run of this release that publishes its trajectory. Open one to step through it, with its schedule, final
        verdict and trace-signature tags.
      </p>
      <LocalRunList releaseId={release} />
      <RunList releaseId={release} index={runListIndex(release)} />
    </ReleaseFrame>
  );
}
