// How much a browser page reads of local files (docs/local-results.md, "Size limit"). One number for the
// record files of a release (lib/local/parse-release.ts), a single picked trajectory (lib/local/open.ts) and
// a local run's trajectory opened in the viewer (the parse worker): each is refused by its size, before a byte
// is read, because a string past V8's limit fails as "Invalid string length" and a large one can take the
// worker's memory with it.
import { formatBytes } from "./source";

export const LIMIT_BYTES = 512 * 1024 * 1024;

export class TooLargeError extends Error {}

/** Throws the documented message when one file of `size` bytes is over `limit`. */
export function refuseBySize(size: number, name: string, limit = LIMIT_BYTES): void {
  if (size > limit) {
    throw new TooLargeError(
      `${name} is ${formatBytes(size)}, more than the ${formatBytes(limit)} this page reads of one file in a browser; ` +
        "validate and build its release with npm run data:validate and npm run data instead",
    );
  }
}
