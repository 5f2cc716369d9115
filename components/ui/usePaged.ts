"use client";
// A list shown a page at a time in the page's memory (a run's tags, a step's tags, the samples of an Inspect log):
// the page asked for, clamped to the list as it grows or shrinks, and that page's items. The Pager beside it turns
// the pages; only one page is ever rendered, however long the list.
import { useState } from "react";
import { listPage, type ListPage } from "@/lib/queries/trajectory/run-list";

export interface Paged<T> extends ListPage {
  items: T[];
  setPage: (page: number) => void;
}

export function usePaged<T>(all: readonly T[], perPage: number): Paged<T> {
  const [asked, setPage] = useState(0);
  const at = listPage(all.length, asked, perPage);
  return { ...at, items: all.slice(at.offset, at.offset + at.limit), setPage };
}
