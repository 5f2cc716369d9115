import type { Metadata } from "next";
import { SignaturesPage } from "@/app/_pages/SignaturesPage";
import { releaseMetadata } from "@/app/_pages/page-meta";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { releaseIndex } from "@/scripts/build/release-files";

export const dynamicParams = false;

export async function generateMetadata({ params }: { params: Promise<{ release: string }> }): Promise<Metadata> {
  return releaseMetadata((await params).release, "signatures");
}

export function generateStaticParams() {
  return releaseIndex().map((r) => ({ release: r.release_id }));
}

// One static page per release with the whole release's matrix; filters and the opened cell come from the query string.
export default async function Signatures({ params }: { params: Promise<{ release: string }> }) {
  const { release } = await params;
  return <SignaturesPage releaseId={release} />;
}
