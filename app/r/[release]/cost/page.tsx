import type { Metadata } from "next";
import { releaseMetadata } from "@/lib/site/page-meta";
import { CostPage } from "@/components/cost/CostPage";
import { releaseIndex } from "@/lib/site/release-files-node";

export const dynamicParams = false;

export async function generateMetadata({ params }: { params: Promise<{ release: string }> }): Promise<Metadata> {
  return releaseMetadata((await params).release, "cost");
}

export function generateStaticParams() {
  return releaseIndex().map((r) => ({ release: r.release_id }));
}

export default async function ReleaseCost({ params }: { params: Promise<{ release: string }> }) {
  const { release } = await params;
  return <CostPage releaseId={release} />;
}
