"use client";
// The detectors' measured accuracy for the tag chips of one run page (issue 43): read once through the release
// source (an answer the build wrote, so the page starts no DuckDB-WASM) and handed to every chip by context. A
// chip outside the provider, or before the answer arrives, keeps its tooltip without the sentence.
import { createContext, useContext, useMemo } from "react";
import { useAsync } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { detectorTrustQuery } from "@/lib/queries/signatures/accuracy.sql";
import { signatureTrust, type SignatureTrust } from "@/lib/queries/signatures/accuracy-view";
import { tagAccuracyNote, type TaggedBy } from "@/lib/queries/signatures/tag-accuracy";

const TrustContext = createContext<readonly SignatureTrust[] | null>(null);

export function TagAccuracyProvider({ children }: { children: React.ReactNode }) {
  const source = useReleaseSource();
  const rows = useAsync([source.key], () => source.run(detectorTrustQuery));
  const trust = useMemo(() => (rows.value ? signatureTrust(rows.value) : null), [rows.value]);
  return <TrustContext.Provider value={trust}>{children}</TrustContext.Provider>;
}

/** The tooltip's sentence on the tag's detector accuracy; null for an annotation's tag or before the answer. */
export function useTagAccuracyNote(tag: TaggedBy): string | null {
  const trust = useContext(TrustContext);
  return trust ? tagAccuracyNote(trust, tag) : null;
}
