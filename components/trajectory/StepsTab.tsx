"use client";
// The explorer's steps tab: the toolbar (search, tagged filter, block size), the list of steps and the selected
// step in full.
import type { RefObject } from "react";
import type { HistoryMode } from "@/lib/site/url-history";
import type { TrajectoryUrlState } from "@/lib/trajectory/url-state";
import { StepDetailPanel } from "./StepDetailPanel";
import { StepList } from "./StepList";
import { Toolbar } from "./Toolbar";
import type { RunLayout } from "./useRunLayout";
import type { RunTrajectory } from "./useRunTrajectory";
import type { TrajectorySearch } from "./useTrajectorySearch";

export function StepsTab({
  url,
  update,
  data,
  rows,
  layout,
  search,
  searchBox,
  query,
  shown,
  selected,
  select,
  onFirstRows,
}: {
  url: TrajectoryUrlState;
  update: (patch: Partial<TrajectoryUrlState>, mode?: HistoryMode) => void;
  data: RunTrajectory;
  rows: NonNullable<RunTrajectory["rows"]>;
  layout: RunLayout;
  search: TrajectorySearch;
  searchBox: RefObject<HTMLInputElement | null>;
  query: string;
  shown: number[];
  selected: number | null;
  select: (n: number) => void;
  onFirstRows: () => void;
}) {
  return (
    <div role="tabpanel" id="trajectory-tab-steps" aria-labelledby="trajectory-tab-steps-button" className="space-y-3">
      <Toolbar
        ref={searchBox}
        query={query}
        onQuery={(q) => update({ query: q }, "typing")}
        onNextMatch={search.nextMatch}
        result={search.result}
        matchIndex={selected !== null && search.result ? search.result.steps.indexOf(selected) + 1 || null : null}
        searching={search.pending}
        taggedOnly={url.taggedOnly}
        onTaggedOnly={(v) => update({ taggedOnly: v })}
        taggedCount={layout.tagged.length}
        size={url.size}
        onSize={(s) => update({ size: s })}
      />
      <div className="grid gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <StepList
          rows={rows}
          shown={shown}
          selected={selected}
          onSelect={select}
          tagsByStep={layout.byStep}
          matches={search.matches}
          query={query}
          positionOf={layout.positionOf}
          onFirstRows={onFirstRows}
          partial={data.partial}
        />
        <div className="max-h-[70vh] overflow-auto">
          <StepDetailPanel
            worker={data.worker}
            n={selected}
            tags={selected !== null ? (layout.byStep.get(selected) ?? []) : []}
            rawUrl={data.rawUrl}
            query={query}
          />
        </div>
      </div>
    </div>
  );
}
