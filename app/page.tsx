import { LeaderboardPage } from "@/components/site/LeaderboardPage";
import { defaultReleaseId } from "@/lib/site/release-files-node";

export default function Home() {
  return <LeaderboardPage releaseId={defaultReleaseId()} />;
}
