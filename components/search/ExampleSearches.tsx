"use client";
// The example searches: links to their address (static HTML), run in place when clicked.
import { EMPTY_SEARCH, type StepSearch } from "@/lib/queries/search/sql";
import { EXAMPLE_SEARCHES, writeSearch } from "@/lib/site/search-url";
import { SIGNATURE_LABELS } from "@/lib/trajectory/tags";

export function ExampleSearches({ onPick }: { onPick: (search: StepSearch) => void }) {
  return (
    <section aria-labelledby="examples-h" className="text-sm">
      <h2 id="examples-h" className="font-semibold">
        Example searches
      </h2>
      <ul className="list-disc pl-5">
        {EXAMPLE_SEARCHES.map((e) => (
          <li key={e.label}>
            <a
              className="underline"
              href={writeSearch({ ...EMPTY_SEARCH, ...e.search })}
              data-testid="search-example"
              onClick={(ev) => {
                ev.preventDefault();
                onPick({ ...EMPTY_SEARCH, ...e.search });
              }}
            >
              {e.label}
            </a>{" "}
            <span className="text-xs text-zinc-500">({SIGNATURE_LABELS[e.signature].toLowerCase()})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
