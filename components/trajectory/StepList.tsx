"use client";
// The step list, windowed: only the rows in view (plus a margin) are in the DOM, whatever the number of
// steps. Rows have one fixed height, so a row's position is its index times that height.
import { Highlight } from "./Highlight";
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { StepRows } from "@/lib/trajectory/packed-rows";
import type { StepRow } from "@/lib/trajectory/rows";
import { chipGroups, type SignatureTag } from "@/lib/trajectory/tags";
import { rowWindow, scrollToRow } from "@/lib/trajectory/windowing";
import { CommandLine } from "./CommandLine";
import { TagChip } from "./TagChips";
import { Badge } from "@/components/ui/Badge";

export const ROW_HEIGHT = 30;
const OVERSCAN = 8;

export interface StepListProps {
  rows: StepRows;
  /** Steps shown (n), ascending. */
  shown: number[];
  selected: number | null;
  onSelect: (n: number) => void;
  tagsByStep: Map<number, SignatureTag[]>;
  matches: Set<number>;
  /** The search query, marked in matching rows. */
  query?: string;
  /** Request position of each step (index n − 1), for the request column. */
  positionOf: (n: number) => number | null;
  onFirstRows?: () => void;
  /** Only the first steps are known yet. */
  partial?: boolean;
}

export function StepList({
  rows,
  shown,
  selected,
  onSelect,
  tagsByStep,
  matches,
  query = "",
  positionOf,
  onFirstRows,
  partial,
}: StepListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });
  const frame = useRef(0);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setView({ top: el.scrollTop, height: el.clientHeight || 600 });
    const onScroll = () => {
      cancelAnimationFrame(frame.current);
      frame.current = requestAnimationFrame(measure);
    };
    measure();
    el.addEventListener("scroll", onScroll, { passive: true });
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => {
      el.removeEventListener("scroll", onScroll);
      ro.disconnect();
      cancelAnimationFrame(frame.current);
    };
  }, []);

  // Keep the selected step in view when it changes (keys, timeline, search, deep link).
  const index = selected === null ? -1 : shown.indexOf(selected);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || index < 0) return;
    const top = scrollToRow(index, el.scrollTop, el.clientHeight || 600, ROW_HEIGHT);
    if (top !== null) {
      el.scrollTop = top;
      setView({ top: el.scrollTop, height: el.clientHeight || 600 });
    }
  }, [index]);
  // …and the row in the window (the list may start below the fold), once the rows around it are drawn.
  const selectedStep = index >= 0 ? shown[index] : undefined;
  useEffect(() => {
    if (selectedStep === undefined) return;
    const inView = () => {
      const rowEl = ref.current?.querySelector<HTMLElement>(`[data-step="${selectedStep}"]`);
      const r = rowEl?.getBoundingClientRect();
      if (rowEl && r && (r.top < 0 || r.bottom > window.innerHeight)) rowEl.scrollIntoView({ block: "nearest" });
    };
    let raf = requestAnimationFrame(() => {
      raf = requestAnimationFrame(inView);
    });
    // The panels above the list (verdict, timeline) may arrive just after: while the page grows in its first
    // seconds, keep the row in view (a resize, never the user's own scrolling, triggers this).
    const grow = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => requestAnimationFrame(inView));
    grow?.observe(document.body);
    const stop = setTimeout(() => grow?.disconnect(), 3000);
    return () => {
      cancelAnimationFrame(raf);
      clearTimeout(stop);
      grow?.disconnect();
    };
  }, [selectedStep]);

  const reported = useRef(false);
  useEffect(() => {
    if (!reported.current && shown.length > 0) {
      reported.current = true;
      onFirstRows?.();
    }
  }, [shown.length, onFirstRows]);

  const win = rowWindow(view.top, view.height, ROW_HEIGHT, shown.length, OVERSCAN);
  const items = [];
  for (let i = win.start; i < win.end; i++) {
    const n = shown[i]!;
    items.push(
      <Row
        key={n}
        row={rows.row(n)!}
        top={i * ROW_HEIGHT}
        selected={n === selected}
        match={matches.has(n)}
        query={query}
        tags={tagsByStep.get(n)}
        position={positionOf(n)}
        onSelect={onSelect}
      />,
    );
  }
  return (
    <div
      ref={ref}
      role="listbox"
      aria-label="steps"
      aria-activedescendant={selected !== null ? `step-row-${selected}` : undefined}
      tabIndex={0}
      data-testid="step-list"
      data-steps={shown.length}
      data-partial={partial || undefined}
      className="relative h-[70vh] overflow-auto rounded border border-zinc-200 text-xs dark:border-zinc-800"
    >
      <div style={{ height: shown.length * ROW_HEIGHT }} className="relative">
        {items}
      </div>
      {shown.length === 0 ? <p className="p-3 text-zinc-500">No step to show.</p> : null}
    </div>
  );
}

const SOURCE_STYLE: Record<string, string> = {
  user: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  agent: "bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100",
  system: "bg-violet-100 text-violet-900 dark:bg-violet-900 dark:text-violet-100",
};

interface RowProps {
  row: StepRow;
  top: number;
  selected: boolean;
  match: boolean;
  query: string;
  tags: SignatureTag[] | undefined;
  position: number | null;
  onSelect: (n: number) => void;
}

const Row = memo(function Row({ row, top, selected, match, query, tags, position, onSelect }: RowProps) {
  const click = useCallback(() => onSelect(row.n), [onSelect, row.n]);
  return (
    <div
      id={`step-row-${row.n}`}
      role="option"
      aria-selected={selected}
      data-step={row.n}
      data-source={row.source}
      data-match={match || undefined}
      data-tagged={tags ? "true" : undefined}
      onClick={click}
      style={{ top, height: ROW_HEIGHT }}
      className={`absolute inset-x-0 flex cursor-pointer items-center gap-2 border-b border-zinc-100 px-2 dark:border-zinc-900 ${
        selected
          ? "bg-amber-100 dark:bg-amber-900/60"
          : match
            ? "bg-yellow-50 dark:bg-yellow-950"
            : "hover:bg-zinc-50 dark:hover:bg-zinc-900"
      } ${row.copied ? "opacity-60" : ""}`}
    >
      <span className="w-12 shrink-0 text-right tabular-nums text-zinc-500">{row.n}</span>
      <span className="w-8 shrink-0 text-right tabular-nums text-zinc-500" title="request position">
        {position ?? ""}
      </span>
      <Badge
        tone="plain"
        className={`w-12 shrink-0 text-center ${SOURCE_STYLE[row.source] ?? "bg-amber-100 text-amber-900"}`}
      >
        {row.source}
      </Badge>
      {tags ? chipGroups(tags).map((g) => <TagChip key={g.tag.id} tag={g.tag} count={g.count} compact />) : null}
      <span className="min-w-0 flex-1 truncate">
        {row.command !== null && row.preview.startsWith("$ ") ? (
          <CommandLine command={row.command} />
        ) : (
          <Highlight text={row.preview} query={match ? query : ""} />
        )}
      </span>
      {row.tools.length > 0 ? (
        <span className="hidden shrink-0 text-zinc-500 sm:inline">{row.tools.join(", ")}</span>
      ) : null}
      <span className="w-16 shrink-0 text-right tabular-nums text-zinc-500">
        {row.tokens ? row.tokens.toLocaleString("en-US") : ""}
      </span>
    </div>
  );
});
