import type { Metadata } from "next";
import { LeaderboardPage } from "@/app/_pages/LeaderboardPage";
import { PAINT_FIRST } from "@/lib/site/paint-first";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { defaultReleaseId } from "@/scripts/build/release-files";

export const metadata: Metadata = { other: PAINT_FIRST };

export default function Home() {
  return <LeaderboardPage releaseId={defaultReleaseId()} />;
}
