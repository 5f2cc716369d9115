// The search's status line: why it did not run, why it failed, that it is searching, or what it found.
import type { UnknownSearchValue } from "@/lib/site/search-url";
import { visibleControls } from "@/lib/trajectory/text-safety";

/** What the status line says of a search's answer. */
interface Found {
  steps: number;
  partial: { loaded: number; of: number } | null;
  ms: number;
  observations: boolean;
}

export function SearchStatus({
  unknown,
  error,
  busy,
  result,
  loaded,
  matchingRuns,
  runnable,
}: {
  unknown: UnknownSearchValue[];
  error: string | null;
  busy: boolean;
  result: Found | null;
  /** Matching steps fetched so far. */
  loaded: number;
  matchingRuns: number;
  /** The search has something to search for. */
  runnable: boolean;
}) {
  return (
    <p className="text-sm" aria-live="polite" data-testid="search-status">
      {unknown.length > 0 ? (
        <span className="text-rose-700 dark:text-rose-300" data-testid="search-unknown">
          The search did not run: the address names{" "}
          {unknown.map((u, i) => (
            <span key={u.param}>
              {i > 0 ? "; " : ""}
              <code>
                {u.param}={visibleControls(u.value)}
              </code>{" "}
              ({u.why})
            </span>
          ))}
          . Pick from the lists above.
        </span>
      ) : error ? (
        <span className="text-rose-700 dark:text-rose-300" data-testid="search-error">
          The search failed: {error}
        </span>
      ) : busy && !result ? (
        "Searching… (the steps index loads on the first search)"
      ) : result ? (
        <span
          data-testid="search-summary"
          data-steps={result.steps}
          data-loaded={loaded}
          data-runs={matchingRuns}
          data-complete={result.partial ? "false" : "true"}
          data-observations={result.observations ? "loaded" : "not-loaded"}
        >
          {result.partial ? "So far: " : ""}
          {matchingRuns} matching run{matchingRuns === 1 ? "" : "s"}, {result.steps} matching steps
          {result.partial
            ? ` in the first ${result.partial.loaded} of ${result.partial.of} configurations searched; the others’ steps are loading…`
            : ""}{" "}
          · {Math.round(result.ms)} ms
        </span>
      ) : runnable ? (
        ""
      ) : (
        "Type a query (or pick an example) to search every step of every trajectory."
      )}
    </p>
  );
}
