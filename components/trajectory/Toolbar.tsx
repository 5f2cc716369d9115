"use client";
// Search (/ focuses it; Enter and Shift+Enter walk the matches), the tagged-steps filter, the timeline's
// block size, and the keys.
import { forwardRef } from "react";
import type { SearchResult } from "@/lib/trajectory/search";
import type { BlockSize } from "@/lib/trajectory/url-state";

export interface ToolbarProps {
  query: string;
  onQuery: (q: string) => void;
  onNextMatch: (dir: 1 | -1) => void;
  result: SearchResult | null;
  /** Which match the selected step is (1-based), null when it is not one. */
  matchIndex: number | null;
  searching: boolean;
  taggedOnly: boolean;
  onTaggedOnly: (v: boolean) => void;
  taggedCount: number;
  size: BlockSize;
  onSize: (s: BlockSize) => void;
}

export const Toolbar = forwardRef<HTMLInputElement, ToolbarProps>(function Toolbar(p, ref) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm" role="toolbar" aria-label="trajectory tools">
      <label className="flex items-center gap-1">
        <span className="sr-only">Search all steps</span>
        <input
          ref={ref}
          type="search"
          value={p.query}
          placeholder="Search all steps ( / )"
          data-testid="step-search"
          className="w-64 rounded border border-zinc-300 px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
          onChange={(e) => p.onQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              p.onNextMatch(e.shiftKey ? -1 : 1);
            }
          }}
        />
      </label>
      <span className="text-xs text-zinc-500" data-testid="search-count" aria-live="polite">
        {p.searching
          ? "searching…"
          : p.result && p.query.trim()
            ? `${p.result.total} matching step${p.result.total === 1 ? "" : "s"}`
            : ""}
      </span>
      {!p.searching && p.result && p.query.trim() && p.result.total > 0 ? (
        <span className="text-xs" data-testid="search-position" aria-live="polite">
          {p.matchIndex !== null ? `${p.matchIndex} of ${p.result.total}` : `– of ${p.result.total}`}
        </span>
      ) : null}
      <label className="flex items-center gap-1">
        <input
          type="checkbox"
          checked={p.taggedOnly}
          onChange={(e) => p.onTaggedOnly(e.target.checked)}
          data-testid="tagged-only"
        />
        Tagged steps only ({p.taggedCount})
      </label>
      <label className="flex items-center gap-1">
        Blocks sized by
        <select
          value={p.size}
          onChange={(e) => p.onSize(e.target.value as BlockSize)}
          className="rounded border border-zinc-300 dark:border-zinc-700 dark:bg-zinc-900"
          data-testid="block-size"
        >
          <option value="steps">steps</option>
          <option value="tokens">tokens</option>
        </select>
      </label>
      <span className="ml-auto text-xs text-zinc-500">
        keys: <kbd>j</kbd>/<kbd>k</kbd> step · <kbd>J</kbd>/<kbd>K</kbd> request · <kbd>f</kbd> next focus request ·{" "}
        <kbd>/</kbd> search
      </span>
    </div>
  );
});
