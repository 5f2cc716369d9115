"use client";
// The release source of the views of one release (lib/source, docs/architecture.md "One door to the data"): the
// published release, or, while local results are open on this page, the published release and those together.
// Views run their queries on `useReleaseSource()` and never learn where the rows live.
import { createContext, useContext, useMemo, useSyncExternalStore } from "react";
import { emptyEntries, localEntries, subscribeLocal } from "@/lib/local";
import { type AbsentTables, combinedSource, type ReleaseSource } from "@/lib/source";
import type { AnswerIndex } from "@/lib/data/built";

const SourceContext = createContext<ReleaseSource | null>(null);

/** `absent`: the tables the build did not write that a query may read (created empty, lib/source/absent-tables.ts). */
export function ReleaseSourceProvider({
  releaseId,
  absent,
  answers,
  children,
}: {
  releaseId: string;
  absent: AbsentTables;
  /** release.json's `answers`: the build's answer files (lib/db/answers.ts). */
  answers: AnswerIndex;
  children: React.ReactNode;
}) {
  const entries = useSyncExternalStore(subscribeLocal, () => localEntries(releaseId), emptyEntries);
  const source = useMemo(
    () =>
      combinedSource(
        releaseId,
        entries.map((e) => ({ tables: e.tables, files: e.files })),
        absent,
        answers,
      ),
    [releaseId, entries, absent, answers],
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
