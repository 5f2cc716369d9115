import type { Metadata } from "next";
import { releaseMetadata } from "@/app/_pages/page-meta";
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
import { TrajectoryExplorer } from "@/components/trajectory/TrajectoryExplorer";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { builtRelease, releaseIndex } from "@/scripts/build/release-files";

export const dynamicParams = false;

export async function generateMetadata({ params }: { params: Promise<{ release: string }> }): Promise<Metadata> {
  return releaseMetadata((await params).release, "run");
}

export function generateStaticParams() {
  return releaseIndex().map((r) => ({ release: r.release_id }));
}

// One static page per release; the run and the step come from the query string (?id=<run>&step=<n>).
export default async function RunTrajectory({ params }: { params: Promise<{ release: string }> }) {
  const { release } = await params;
  const built = builtRelease(release);
  return (
    <ReleaseFrame built={built} page="runs">
      <TrajectoryExplorer releaseId={release} submitText={built.meta.submit_text ?? null} />
    </ReleaseFrame>
  );
}
