import type { Metadata } from "next";
import { releaseMetadata } from "@/app/_pages/page-meta";
import { ComparePage } from "@/app/_pages/ComparePage";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { releaseIndex } from "@/scripts/build/release-files";

export const dynamicParams = false;

export async function generateMetadata({ params }: { params: Promise<{ release: string }> }): Promise<Metadata> {
  return releaseMetadata((await params).release, "compare");
}

export function generateStaticParams() {
  return releaseIndex().map((r) => ({ release: r.release_id }));
}

// One static page per release; the pair, condition, filters and the open task come from the query string.
export default async function ReleaseCompare({ params }: { params: Promise<{ release: string }> }) {
  const { release } = await params;
  return <ComparePage releaseId={release} />;
}
