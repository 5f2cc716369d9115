import type { Metadata } from "next";
import { releaseMetadata } from "@/app/_pages/page-meta";
import { CostPage } from "@/app/_pages/CostPage";
import { releaseIndex } from "@/lib/source/answers-node";

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
