// Bounds on what one query result may hold before any of it is rendered or exported (docs/architecture.md,
// "Bounded results"): the SQL console's results (lib/source/console-arrow.ts applies them while Arrow batches
// become cells), the search's hits and the search's export (lib/source/search.ts). A shared console link
// runs its statement on open, so whatever a statement returns must be safe for the page to hold and lay out.
// "Characters" are what JavaScript counts in a string (UTF-16 code units), for every text alike.
import { wholePrefix } from "../common/unicode";

/**
 * Characters one cell keeps. Why this many: a cell is read in a table row, its tooltip or an exported file, and
 * a few hundred lines of text is more than anyone reads there; the steps index's longest excerpt (1,000
 * characters of commands, lib/trajectory/steps-index.ts STEP_LIMITS) is never cut; and a cell this long is laid
 * out by the browser like any other.
 */
export const CELL_CHARS = 20_000;

/**
 * Characters a whole result keeps, its cells' text after CELL_CHARS. Why this many: every row of the release's
 * run-level tables fits several times over, while the page still holds, sorts into rows and exports the result
 * at once; a larger extract is what the Parquet downloads are for.
 */
export const RESULT_CHARS = 5_000_000;

/**
 * The longest statement a console link carries in its address. Why: servers, proxies and chat tools cut or
 * refuse addresses much longer than this, so such a link would not reach its reader; a longer statement still
 * runs, only the address does not hold it.
 */
export const LINK_STATEMENT_CHARS = 8_000;

const count = (n: number) => n.toLocaleString("en-US");

/** What a truncated cell says after its kept text: "… (truncated: 250 characters)". */
export function truncationMark(what: string): string {
  return `… (truncated: ${what})`;
}

/** "250 characters", with thousands separators. */
export function charsText(n: number): string {
  return `${count(n)} character${n === 1 ? "" : "s"}`;
}

/** The first `limit` characters of `s`, never splitting a surrogate pair (one fewer then). */
export const textPrefix = wholePrefix;

/** A text bounded to `limit` characters: whole when it fits, else its prefix and the truncation mark. */
export function boundText(s: string, limit = CELL_CHARS): { text: string; truncated: boolean } {
  if (s.length <= limit) return { text: s, truncated: false };
  return { text: textPrefix(s, limit) + truncationMark(charsText(s.length)), truncated: true };
}

/** What a cell costs against RESULT_CHARS: its text's length, and at least 1 (so empty cells are bounded too). */
export function cellChars(v: string | number | boolean | null | undefined): number {
  if (v === null || v === undefined) return 1;
  return Math.max(1, typeof v === "string" ? v.length : String(v).length);
}

/** The running total of a result's characters: rows are taken while they fit within `limit`. */
export class ResultBudget {
  used = 0;
  constructor(readonly limit = RESULT_CHARS) {}

  /** Takes a row of `chars` characters when the total stays within the limit; false (nothing taken) otherwise. */
  take(chars: number): boolean {
    if (this.used + chars > this.limit) return false;
    this.used += chars;
    return true;
  }
}

/** Names made distinct for the keys of exported records: the second "a" is "a (2)". */
export function distinctNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  return names.map((n) => {
    let name = n;
    for (let i = 2; seen.has(name); i++) name = `${n} (${i})`;
    seen.add(name);
    return name;
  });
}
