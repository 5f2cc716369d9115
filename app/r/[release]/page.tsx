import type { Metadata } from "next";
import { releaseMetadata } from "@/app/_pages/page-meta";
import { LeaderboardPage } from "@/app/_pages/LeaderboardPage";
import { PAINT_FIRST } from "@/lib/site/paint-first";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { releaseIndex } from "@/scripts/build/release-files";

export const dynamicParams = false;

export async function generateMetadata({ params }: { params: Promise<{ release: string }> }): Promise<Metadata> {
  return { ...releaseMetadata((await params).release, ""), other: PAINT_FIRST };
}

export function generateStaticParams() {
  return releaseIndex().map((r) => ({ release: r.release_id }));
}

export default async function ReleaseLeaderboard({ params }: { params: Promise<{ release: string }> }) {
  const { release } = await params;
  return <LeaderboardPage releaseId={release} />;
}
