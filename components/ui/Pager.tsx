"use client";
// Previous / "page k of n" / Next under a paged list: the published run list's pager and the local run lists'
// (components/local/LocalRunList.tsx), which also jump to a page by number (a local release may hold 500 pages).
// Pages are 0-based here and shown 1-based. Renders nothing for a list of one page.
import { useState } from "react";
import type { Paged } from "./usePaged";

export interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The nav's accessible name ("pages of runs"). */
  label: string;
  /** data-testid of the nav and of the "page k of n" text. */
  testIds: { nav: string; page: string };
  /** Adds "Go to page" with a number field. */
  jump?: boolean;
}

const BUTTON = "rounded border px-2 disabled:opacity-40";

export function Pager({ page, pages, onPage, label, testIds, jump = false }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className="flex items-center gap-2 text-sm" aria-label={label} data-testid={testIds.nav}>
      <button type="button" className={BUTTON} disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span data-testid={testIds.page}>
        page {page + 1} of {pages}
      </span>
      <button type="button" className={BUTTON} disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        Next
      </button>
      {jump ? <PageJump pages={pages} onPage={onPage} /> : null}
    </nav>
  );
}

/** The pager of a list paged in the page's memory (usePaged.ts). */
export function ListPager({
  paged,
  ...rest
}: { paged: Paged<unknown> } & Omit<PagerProps, "page" | "pages" | "onPage">) {
  return <Pager page={paged.page} pages={paged.pages} onPage={paged.setPage} {...rest} />;
}

/** A page number typed and sent with Enter or "Go"; a number out of range goes to the nearest page. */
function PageJump({ pages, onPage }: { pages: number; onPage: (page: number) => void }) {
  const [typed, setTyped] = useState("");
  return (
    <form
      className="flex items-center gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        const n = Math.floor(Number(typed));
        if (!Number.isFinite(n) || typed.trim() === "") return;
        onPage(Math.min(pages, Math.max(1, n)) - 1);
      }}
    >
      <label className="flex items-center gap-1">
        Go to page
        <input
          type="number"
          min={1}
          max={pages}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          className="w-20 rounded border border-zinc-300 px-1 dark:border-zinc-700 dark:bg-zinc-900"
        />
      </label>
      <button type="submit" className={BUTTON}>
        Go
      </button>
    </form>
  );
}
