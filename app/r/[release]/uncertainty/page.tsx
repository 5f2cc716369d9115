import type { Metadata } from "next";
import { releaseMetadata } from "@/app/_pages/page-meta";
import { UncertaintyPage } from "@/app/_pages/UncertaintyPage";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { releaseIndex } from "@/scripts/build/release-files";

export const dynamicParams = false;

export async function generateMetadata({ params }: { params: Promise<{ release: string }> }): Promise<Metadata> {
  return releaseMetadata((await params).release, "uncertainty");
}

export function generateStaticParams() {
  return releaseIndex().map((r) => ({ release: r.release_id }));
}

export default async function ReleaseUncertainty({ params }: { params: Promise<{ release: string }> }) {
  const { release } = await params;
  return <UncertaintyPage releaseId={release} />;
}
