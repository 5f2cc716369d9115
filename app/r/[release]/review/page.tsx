import type { Metadata } from "next";
import { releaseMetadata } from "@/app/_pages/page-meta";
import { ReviewPage } from "@/components/review/ReviewPage";
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { builtRelease, releaseIndex, runListIndex } from "@/scripts/build/release-files";

export const dynamicParams = false;

export async function generateMetadata({ params }: { params: Promise<{ release: string }> }): Promise<Metadata> {
  return releaseMetadata((await params).release, "review");
}

export function generateStaticParams() {
  return releaseIndex().map((r) => ({ release: r.release_id }));
}

// One static page per release; the reviews live in the browser, the audit's seed and k in the query string.
export default async function Review({ params }: { params: Promise<{ release: string }> }) {
  const { release } = await params;
  const { configs, conditions } = runListIndex(release);
  return (
    <ReleaseFrame built={builtRelease(release)} page="review">
      <h1 className="mb-1 text-xl font-semibold">Review</h1>
      <ReviewPage releaseId={release} index={{ configs, conditions }} />
    </ReleaseFrame>
  );
}
