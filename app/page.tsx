import type { Metadata } from "next";
import { LeaderboardPage } from "@/app/_pages/LeaderboardPage";
import { PAINT_FIRST } from "@/lib/site/paint-first";
import { defaultReleaseId } from "@/lib/source/answers-node";

export const metadata: Metadata = { other: PAINT_FIRST };

export default function Home() {
  return <LeaderboardPage releaseId={defaultReleaseId()} />;
}
