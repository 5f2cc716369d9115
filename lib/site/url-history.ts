// How a view change is written to the browser history (components/site/useUrlState.ts; docs/architecture.md,
// "URL state and Back/Forward"). Pure, so the rule has unit tests beside it.

/**
 * - `push`: what is shown changed (a filter, a tab, a pair, a run): a new history entry, so Back returns.
 * - `replace`: a fine-grained move inside one view (a step of a trajectory): the entry is updated in place.
 * - `typing`: a search box: the first keystroke of a burst pushes, the following ones replace, so one Back
 *   undoes the whole search instead of one letter.
 */
export type HistoryMode = "push" | "replace" | "typing";

/** What the last push or typing write was (replace writes leave it alone); null after a load or Back/Forward. */
export type LastWrite = "push" | "typing" | null;

export interface HistoryDecision {
  /** The history call to make, or null when the URL would not change. */
  call: "pushState" | "replaceState" | null;
  last: LastWrite;
}

export function decideHistoryWrite(
  mode: HistoryMode,
  last: LastWrite,
  currentUrl: string,
  nextUrl: string,
): HistoryDecision {
  if (currentUrl === nextUrl) return { call: null, last };
  if (mode === "replace") return { call: "replaceState", last };
  if (mode === "typing") return { call: last === "typing" ? "replaceState" : "pushState", last: "typing" };
  return { call: "pushState", last: "push" };
}

/** A view's query string ("?a=1" or ""), joined to the page's path and kept hash. */
export function viewUrl(pathname: string, search: string, hash: string): string {
  const q = search === "" || search === "?" ? "" : search.startsWith("?") ? search : `?${search}`;
  return `${pathname}${q}${hash}`;
}
