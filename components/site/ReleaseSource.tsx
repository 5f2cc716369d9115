"use client";
// The release source of the views of one release (lib/source, docs/architecture.md "One door to the data"): the
// published release, or, while local results are open on this page, the published release and those together.
// Views run their queries on `useReleaseSource()` and never learn where the rows live.
import { createContext, useContext, useMemo, useSyncExternalStore } from "react";
import { emptyEntries, localEntries, subscribeLocal } from "@/lib/local/store";
import { combinedSource } from "@/lib/source/combined";
import type { ReleaseSource } from "@/lib/source/release-source";

const SourceContext = createContext<ReleaseSource | null>(null);

/** `written`: the tables the build wrote with rows (release.json); the others a query reads are created empty. */
export function ReleaseSourceProvider({
  releaseId,
  written,
  children,
}: {
  releaseId: string;
  written: string[];
  children: React.ReactNode;
}) {
  const entries = useSyncExternalStore(subscribeLocal, () => localEntries(releaseId), emptyEntries);
  const source = useMemo(
    () =>
      combinedSource(
        releaseId,
        entries.map((e) => ({ tables: e.tables, files: e.files })),
        written,
      ),
    [releaseId, entries, written],
  );
  return <SourceContext.Provider value={source}>{children}</SourceContext.Provider>;
}

export function useReleaseSource(): ReleaseSource {
  const source = useContext(SourceContext);
  if (!source)
    throw new Error(
      "useReleaseSource: the view is not inside a ReleaseSourceProvider (components/site/ReleaseFrame.tsx)",
    );
  return source;
}
