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

/** The run as loaded, with its selected step: what the overview and the steps tab both show. */
export interface LoadedRun {
  data: RunTrajectory;
  rows: NonNullable<RunTrajectory["rows"]>;
  layout: RunLayout;
  selected: number | null;
  select: (n: number) => void;
}

/** The steps tab's own state: the URL it edits, the search and the steps the tagged filter keeps. */
export interface StepsView {
  url: TrajectoryUrlState;
  update: (patch: Partial<TrajectoryUrlState>, mode?: HistoryMode) => void;
  search: TrajectorySearch;
  searchBox: RefObject<HTMLInputElement | null>;
  query: string;
  shown: number[];
  onFirstRows: () => void;
}

export function StepsTab({ run, view }: { run: LoadedRun; view: StepsView }) {
  const { data, rows, layout, selected, select } = run;
  const { url, update, search, searchBox, query, shown, onFirstRows } = view;
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
