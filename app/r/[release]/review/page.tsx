import type { Metadata } from "next";
import { releaseMetadata } from "@/app/_pages/page-meta";
import { ReviewPage } from "@/components/review/ReviewPage";
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
import { builtRelease, pageModel, releaseIndex } from "@/lib/source/answers-node";
import { runListPage } from "@/lib/queries/trajectory/page";

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
  const { configs, conditions } = await pageModel(release, runListPage);
  return (
    <ReleaseFrame built={builtRelease(release)} page="review">
      <h1 className="mb-1 text-xl font-semibold">Review</h1>
      <ReviewPage releaseId={release} index={{ configs, conditions }} />
    </ReleaseFrame>
  );
}
