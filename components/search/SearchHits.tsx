"use client";
// The matching steps, by run: a virtualized list of a row per run (its configuration, task and outcome) followed
// by a row per matching step (a link to it in the explorer and an excerpt), and a last row while more load.
// Everything from trajectories is shown as text.
import Link from "next/link";
import type { RefObject } from "react";
import type { StepHitRow } from "@/lib/queries/search/sql";
import { runHref } from "@/lib/site/nav";
import { visibleControls } from "@/lib/trajectory/text-safety";
import { HIT_ROW as ROW, HITS_VIEWPORT as VIEWPORT, type SearchHitsPage } from "./useSearchHits";

function excerpt(h: StepHitRow, observations: boolean): string {
  // A search of commands or paths does not download the observation excerpts (the largest part of the index).
  const observation = h.observation
    ? `→ ${h.observation}`
    : !observations && h.observation_chars > 0
      ? `→ (observation of ${h.observation_chars} characters, not loaded by a search of commands or paths)`
      : null;
  const parts = [h.command && `$ ${h.command}`, h.paths && `edits ${h.paths}`, h.message, observation].filter(
    Boolean,
  ) as string[];
  return visibleControls(parts.join("  ·  ").replace(/\s+/g, " "));
}

export function SearchHits({
  releaseId,
  listRef,
  page,
  onScroll,
  names,
  result: { observations, steps },
}: {
  releaseId: string;
  listRef: RefObject<HTMLDivElement | null>;
  /** The list's rows, those in view, and whether more are to load (or could not be). */
  page: SearchHitsPage;
  onScroll: (scrollTop: number) => void;
  /** Configuration names by id. */
  names: Map<string, string>;
  /** Whether observations are searched, and every matching step, loaded or not. */
  result: { observations: boolean; steps: number };
}) {
  const { list, win, complete, moreError } = page;
  return (
    <div
      ref={listRef}
      role="list"
      aria-label="matching steps"
      data-testid="search-results"
      data-count={list.length}
      className="overflow-y-auto overflow-x-hidden rounded border border-zinc-200 dark:border-zinc-800"
      style={{ height: Math.min(VIEWPORT, Math.max(ROW, (list.length + (complete ? 0 : 1)) * ROW)) }}
      onScroll={(e) => onScroll(e.currentTarget.scrollTop)}
    >
      <div style={{ height: (list.length + (complete ? 0 : 1)) * ROW, position: "relative" }}>
        {list.slice(win.start, win.end).map((it, i) => {
          const top = (win.start + i) * ROW;
          return it.kind === "run" ? (
            <RunItem key={`r-${it.hit.run_id}`} hit={it.hit} steps={it.steps} top={top} names={names} />
          ) : (
            <StepItem
              key={`s-${it.hit.run_id}-${it.hit.step}`}
              releaseId={releaseId}
              hit={it.hit}
              top={top}
              observations={observations}
            />
          );
        })}
        {complete ? null : (
          <div
            role="listitem"
            className="absolute inset-x-0 flex items-center px-2 text-xs text-zinc-600 dark:text-zinc-400"
            style={{ top: list.length * ROW, height: ROW }}
            data-testid="search-more"
          >
            {moreError
              ? `The next matching steps could not be loaded: ${moreError}`
              : `Loading the next matching steps (${page.hits.length} of ${steps} shown)…`}
          </div>
        )}
      </div>
    </div>
  );
}

function RunItem({
  hit: h,
  steps,
  top,
  names,
}: {
  hit: StepHitRow;
  steps: number;
  top: number;
  names: Map<string, string>;
}) {
  return (
    <div
      role="listitem"
      data-run={h.run_id}
      className="absolute inset-x-0 flex flex-col justify-center overflow-hidden border-b border-zinc-200 bg-zinc-50 px-2 text-sm dark:border-zinc-800 dark:bg-zinc-900"
      style={{ top, height: ROW }}
    >
      <span className="truncate font-medium">{h.run_id}</span>
      <span className="truncate text-xs text-zinc-600 dark:text-zinc-400">
        {names.get(h.config_id) ?? h.display_name} · {h.condition} · {h.focus_task_id} ({h.repo ?? "repository unknown"}
        , {h.task_group}) · {h.resolved ? "resolved" : "unresolved"} · {steps} matching step{steps === 1 ? "" : "s"}
      </span>
    </div>
  );
}

function StepItem({
  releaseId,
  hit: h,
  top,
  observations,
}: {
  releaseId: string;
  hit: StepHitRow;
  top: number;
  observations: boolean;
}) {
  return (
    <div
      role="listitem"
      data-hit={`${h.run_id}#${h.step}`}
      className="absolute inset-x-0 flex flex-col justify-center overflow-hidden border-b border-zinc-100 px-2 pl-5 text-sm dark:border-zinc-900"
      style={{ top, height: ROW }}
    >
      <span className="truncate">
        <Link
          className="underline"
          href={runHref(releaseId, h.run_id, h.step)}
          prefetch={false}
          data-testid="search-hit-link"
        >
          step {h.step}
        </Link>{" "}
        <span className="text-xs text-zinc-600 dark:text-zinc-400">
          {h.position !== null ? `request ${h.position}` : "no request"}
          {h.request_kind ? ` (${h.request_kind}${h.task_id ? `, ${h.task_id}` : ""})` : ""} · {h.source}
          {h.checkout ? ` · in ${h.checkout}` : ""}
          {h.other_checkout ? " · another task’s checkout" : ""}
          {h.tools ? ` · ${h.tools}` : ""}
        </span>
      </span>
      <code className="truncate text-xs">{excerpt(h, observations)}</code>
    </div>
  );
}
