// The file and folder names the build makes from ids (docs/data-format.md, "What the build makes of ids"), so
// that the validator refuses an id whose name the file system would refuse: a name is at most 255 bytes on
// Linux (ext4, tmpfs) and macOS (APFS).

/** The longest file or folder name, in UTF-8 bytes. */
export const NAME_MAX_BYTES = 255;

export const utf8Bytes = (text: string): number => new TextEncoder().encode(text).byteLength;

/** DuckDB's partition folder prefix (lib/db/export-hive-node.ts: PARTITION_BY (config_id)). */
export const HIVE_PREFIX = "config_id=";

/**
 * The folder DuckDB writes a configuration's Hive partition to: `config_id=` and the id with every UTF-8 byte
 * other than A–Z, a–z, 0–9, `-`, `.`, `_`, `~` written as %XX (checked against DuckDB by
 * scripts/build/id-limits.test.ts).
 */
export function hivePartitionName(configId: string): string {
  let out = HIVE_PREFIX;
  for (const byte of new TextEncoder().encode(configId)) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9._~-]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/**
 * The longest name Next's static export makes from a page's path segment (a release id, a focus task id):
 * `<segment>.segments`, the folder of the page's prefetch files, beside `<segment>.html`, `.rsc` and `.meta`. Next
 * keeps the segment as it is but for the path delimiters / # ? \ (and their encodings), which it percent-encodes
 * (next/dist/shared/lib/router/utils/escape-path-delimiters.js).
 */
export function pageEntryName(segment: string): string {
  return `${segment.replace(/[/#?\\]|%(2f|23|3f|5c)/gi, (s) => encodeURIComponent(s))}.segments`;
}

/**
 * The longest name the format gives a run's own files: `trajectories/<run_id>.json.gz` and
 * `patches/<run_id>.diff.gz` (docs/data-format.md, the Harbor importer writes the uncompressed forms).
 */
export const runFileName = (runId: string): string => `${runId}.json.gz`;
