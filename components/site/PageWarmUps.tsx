"use client";
// The warm-up of each page that has one, as a client component its server page renders: a server component cannot
// hand a client one the declaration's functions, so each page's own warm module is imported here, on the client.
import type { TaskScope } from "@/lib/queries/leaderboard/sql";
import { leaderboardWarm } from "@/lib/queries/leaderboard/warm";
import { compareWarm } from "@/lib/queries/compare/warm";
import { costWarm, type CostBinAsk } from "@/lib/queries/cost/warm";
import type { CompareMeta, CompareRequest } from "@/lib/queries/compare/model";
import { WarmDuckDb } from "./WarmDuckDb";

export const WarmLeaderboard = ({ rehearsal }: { rehearsal?: TaskScope }) => (
  <WarmDuckDb warm={leaderboardWarm} rehearsal={rehearsal} />
);

export const WarmCompare = ({ rehearsal }: { rehearsal?: { meta: CompareMeta; request: CompareRequest } }) => (
  <WarmDuckDb warm={compareWarm} rehearsal={rehearsal} />
);

export const WarmCost = ({ rehearsal }: { rehearsal?: CostBinAsk }) => (
  <WarmDuckDb warm={costWarm} rehearsal={rehearsal} />
);
