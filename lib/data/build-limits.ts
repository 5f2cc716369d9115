// The limits the data build and the static export hold a release to, in one place, so that the validator refuses
// what the build would fail on (issue 58: what validates, builds). docs/data-format.md, "What the build makes of a
// release", lists each with its rule.

/** A file of the static export (scripts/check-export.ts): static hosts refuse larger files (Cloudflare Pages at 25 MiB). */
export const EXPORT_FILE_CAP_BYTES = 20 * 1024 * 1024;

/**
 * DuckDB's read_json refuses a JSON object (one row of a table as the build writes it, lib/queries/load-node.ts)
 * larger than its `maximum_object_size`; the build names the default, 16 MiB.
 */
export const DUCKDB_OBJECT_BYTES = 16 * 1024 * 1024;

/**
 * A row of a table made from tasks, sessions, configurations or annotations. Below DuckDB's limit by enough that a
 * run's row, which repeats its session's id beside two references of at most MAX_REFERENCE_BYTES, stays within it.
 */
export const ROW_BUDGET_BYTES = DUCKDB_OBJECT_BYTES - 64 * 1024;

/**
 * The rows of one such table together, as JSON lines. Written as Arrow IPC (strings dictionary-encoded: 4 bytes of
 * index and 4 of offset, against at least 9 of quotes and key per field in JSON; numbers 4–8 bytes against a key of
 * four characters or more), its file is never larger than these bytes plus its schema and padding, which the
 * margin holds. A run's answers file (answers/run/<shard>.json) holds the annotations of its runs with a subset of
 * these fields: within the budget too.
 */
export const TABLE_BUDGET_BYTES = EXPORT_FILE_CAP_BYTES - 1024 * 1024;

/** A trajectory or patch reference: Linux's PATH_MAX. */
export const MAX_REFERENCE_BYTES = 4096;

/** Bytes of `text` as UTF-8 (a lone surrogate as the 3 bytes of U+FFFD), counted without encoding it. */
export function utf8Length(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 2; // a pair: 4 bytes for 2 code units
      i++;
    } else n += 2;
  }
  return n;
}

export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
