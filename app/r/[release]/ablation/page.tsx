import type { Metadata } from "next";
import { releaseMetadata } from "@/app/_pages/page-meta";
import { AblationView } from "@/components/ablation/AblationView";
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
import { conditionLabel } from "@/lib/site/labels";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { ablation, builtRelease, releaseIndex } from "@/scripts/build/release-files";

export const dynamicParams = false;

export async function generateMetadata({ params }: { params: Promise<{ release: string }> }): Promise<Metadata> {
  return releaseMetadata((await params).release, "ablation");
}

export function generateStaticParams() {
  return releaseIndex().map((r) => ({ release: r.release_id }));
}

export default async function AblationPage({ params }: { params: Promise<{ release: string }> }) {
  const { release } = await params;
  const built = builtRelease(release);
  const others = built.meta.conditions
    .filter((c) => c !== built.meta.baseline_condition)
    .map(conditionLabel)
    .join(", ");
  return (
    <ReleaseFrame built={built} page="ablation">
      <h1 className="mb-1 text-xl font-semibold">Context-management ablation</h1>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        Variants of one harness and model (native, +Router, +RCM …) side by side. Under each variant&apos;s resolution:
        its gain over the native configuration in percentage points with the paired 95% bootstrap interval over the same
        focus tasks (below it: the discordant tasks, better with the variant / with native, and the exact McNemar p).
        Gaps are {conditionLabel(built.meta.baseline_condition)} minus {others}, as on the leaderboard. Bold: the
        family&apos;s highest resolution in each non-baseline condition and group.
      </p>
      <AblationView releaseId={release} model={ablation(release)} />
    </ReleaseFrame>
  );
}
