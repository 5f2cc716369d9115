"use client";
// The compare page's URL state over the release's configurations plus those of the local results opened
// (lib/local/store.ts), which the picker offers too.
import { useMemo, useSyncExternalStore } from "react";
import { useUrlState } from "@/components/site/useUrlState";
import { stableKey } from "@/lib/common/stable-key";
import { emptyEntries, localEntries, subscribeLocal } from "@/lib/local";
import { localConfigRows } from "@/lib/queries/local/config-rows";
import {
  parseCompareUrl,
  serializeCompareUrl,
  type CompareUrlContext,
  type CompareUrlState,
} from "@/lib/queries/compare/url";
import type { ConfigRow } from "@/lib/queries/leaderboard/sql";

/** What the compare page's URL is read against: the release's configurations, conditions, groups, repositories. */
export interface CompareRelease {
  releaseId: string;
  configs: ConfigRow[];
  conditions: string[];
  baseline: string;
  groups: string[];
  repos: string[];
}

export function useCompareUrl(props: CompareRelease) {
  const { releaseId, conditions, baseline, groups } = props;
  const entries = useSyncExternalStore(subscribeLocal, () => localEntries(releaseId), emptyEntries);
  const configs = useMemo(
    () => [...props.configs, ...entries.flatMap((e) => localConfigRows(e.configs, props.configs.length))],
    [props.configs, entries],
  );
  const ctx: CompareUrlContext = {
    configs: configs.map((c) => c.config_id),
    conditions,
    baseline,
    groups,
    repos: props.repos,
  };
  // The context only changes with the release (a new page) or the local releases opened; the pair, condition,
  // filters and open task are history entries, moving the panes to another request replaces the entry
  // (components/site/useUrlState.ts).
  const [url, update, hydrated] = useUrlState<CompareUrlState>(
    () => parseCompareUrl("", ctx),
    {
      parse: (search) => parseCompareUrl(search, ctx),
      serialize: (next) => serializeCompareUrl(next, { conditions, baseline }),
    },
    stableKey([ctx.configs, conditions, baseline, groups, props.repos]),
  );
  return { entries, configs, url, update, hydrated };
}
