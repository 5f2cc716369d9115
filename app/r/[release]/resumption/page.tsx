import type { Metadata } from "next";
import { releaseMetadata } from "@/app/_pages/page-meta";
import { ResumptionPage } from "@/app/_pages/ResumptionPage";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { releaseIndex } from "@/scripts/build/release-files";

export const dynamicParams = false;

export async function generateMetadata({ params }: { params: Promise<{ release: string }> }): Promise<Metadata> {
  return releaseMetadata((await params).release, "resumption");
}

export function generateStaticParams() {
  return releaseIndex().map((r) => ({ release: r.release_id }));
}

export default async function ReleaseResumption({ params }: { params: Promise<{ release: string }> }) {
  const { release } = await params;
  return <ResumptionPage releaseId={release} />;
}
