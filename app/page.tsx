import type { Metadata } from "next";
import { LeaderboardPage } from "@/components/site/LeaderboardPage";
import { PAINT_FIRST } from "@/lib/site/paint-first";
import { defaultReleaseId } from "@/lib/site/release-files-node";

export const metadata: Metadata = { other: PAINT_FIRST };

export default function Home() {
  return <LeaderboardPage releaseId={defaultReleaseId()} />;
}
