// How deeply a JSON text nests, measured on the text before it is parsed. JSON.parse itself reads thousands
// of levels, but everything recursive downstream does not: structuredClone (postMessage from a worker)
// overflows its stack at about 1,950 levels in Node 20 and at fewer in a browser worker, and zod and our
// own walkers recurse too. So the Node loader (lib/data/load-release.ts, lib/data/jsonl-records.ts), the
// browser's reader of local results (lib/local/parse-release.ts) and the trajectory reader
// (lib/trajectory/chain.ts) all refuse deeper text with the same rule, `json.too_deep`, before parsing it.
// A loop over the characters with a counter: no recursion, so the check cannot overflow what it guards.

/** Deeper than any record or trajectory the format describes, far below where structuredClone fails. */
export const MAX_JSON_DEPTH = 100;

export const TOO_DEEP_RULE = "json.too_deep";

export interface DepthExcess {
  /** The limit that was passed. */
  limit: number;
  /** 0-based character offset of the bracket that went past the limit. */
  offset: number;
}

/**
 * The first place where objects and arrays nest more than `limit` levels, or null. Brackets inside strings
 * (escapes included) do not count. Stops at the first excess, so a bomb costs no more than its prefix.
 */
export function jsonDepthExcess(text: string, limit = MAX_JSON_DEPTH): DepthExcess | null {
  if (!hasMoreBrackets(text, limit)) return null;
  const found = scanShape(text, limit, Infinity);
  return found ? { limit, offset: found.offset } : null;
}

/**
 * Whether the text holds more than `limit` opening brackets, strings included: with no more, it cannot nest
 * deeper than `limit`. Native indexOf makes this far cheaper than the scan below on a tool call's arguments,
 * mostly escaped text whose backslashes stop the scan.
 */
function hasMoreBrackets(text: string, limit: number): boolean {
  let n = 0;
  for (const open of ["{", "["]) {
    for (let i = text.indexOf(open); i !== -1; i = text.indexOf(open, i + 1)) if (++n > limit) return true;
  }
  return false;
}

/** The one loop over a JSON text: the first bracket past `maxDepth` levels or past `maxContainers` in all. */
function scanShape(
  text: string,
  maxDepth: number,
  maxContainers: number,
): { kind: "depth" | "count"; offset: number } | null {
  let depth = 0;
  let count = 0;
  let inString = false;
  // Most of a trajectory's text is inside strings: jump through them with indexOf (native, fast) to the
  // closing quote, stopping at backslashes on the way. The next backslash and the next quote are each looked up
  // again only once passed: looking the quote up at every backslash read a string of escapes quadratically.
  let backslash = -2;
  let quote = -2;
  for (let i = 0; i < text.length; i++) {
    if (inString) {
      if (backslash !== -1 && backslash < i) backslash = text.indexOf("\\", i);
      if (quote !== -1 && quote < i) quote = text.indexOf('"', i);
      if (quote === -1) return null;
      if (backslash !== -1 && backslash < quote) i = backslash + 1;
      else {
        i = quote;
        inString = false;
      }
      continue;
    }
    const c = text.charCodeAt(i);
    if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return { kind: "depth", offset: i };
      if (++count > maxContainers) return { kind: "count", offset: i };
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return null;
}

/** The problem message for an excess, the same words in the CLI and the browser. */
export function tooDeepMessage(excess: DepthExcess): string {
  return `JSON nested more than ${excess.limit} levels deep (at character ${excess.offset + 1}); refused before parsing`;
}

/**
 * Objects and arrays a trajectory may hold. Each costs the parser many times its text in JS heap (`{}` is 2
 * characters), so a large file of empty objects needs more heap than a browser worker has, and a V8 heap
 * exhausted in a worker ends Chromium's whole renderer (docs/local-results.md). 8,000,000 is about 400,000 steps
 * of the sample's shape, and keeps the parser's heap well within a worker's.
 */
export const MAX_JSON_CONTAINERS = 8_000_000;

export const TOO_MANY_RULE = "json.too_many_objects";

export function tooManyMessage(excess: DepthExcess): string {
  return `JSON holds more than ${excess.limit.toLocaleString("en-US")} objects and arrays (the next opens at character ${excess.offset + 1}); refused before parsing, which would take more memory than a browser tab has`;
}

/**
 * "<rule>: <message>" when a trajectory's text is refused before parsing (too deep, too many objects), else
 * null. One loop for both counts, so a trajectory's text is scanned once.
 */
export function trajectoryShapeRefusal(
  text: string,
  maxDepth = MAX_JSON_DEPTH,
  maxContainers = MAX_JSON_CONTAINERS,
): { rule: typeof TOO_DEEP_RULE | typeof TOO_MANY_RULE; message: string } | null {
  const found = scanShape(text, maxDepth, maxContainers);
  if (found === null) return null;
  return found.kind === "depth"
    ? { rule: TOO_DEEP_RULE, message: `${TOO_DEEP_RULE}: ${tooDeepMessage({ limit: maxDepth, offset: found.offset })}` }
    : {
        rule: TOO_MANY_RULE,
        message: `${TOO_MANY_RULE}: ${tooManyMessage({ limit: maxContainers, offset: found.offset })}`,
      };
}
