// The sentence a detector tag's tooltip adds about its detector's measured accuracy (issue 43). The tag's own
// author name ("requirement-state-loss detector v3") picks the version: a tag of a version the accuracy file
// does not name reads "not measured yet", and a weak tag says weak tags are not scored and shows no numbers, so
// the strong tags' precision and recall are never read as a weak tag's.
import { accuracyText, detectorName, ON_PLANTED, setText, type SignatureTrust } from "./accuracy-view";

/** What of a tag the sentence reads (lib/trajectory/tags.ts SignatureTag has it). */
export interface TaggedBy {
  signature: string;
  strength: "strong" | "weak";
  origin: string;
  author: { kind: string; name?: string | null };
}

/** The entry of `trust` whose detector and version are the tag's author. */
function trustOfTag(trust: readonly SignatureTrust[], tag: TaggedBy): SignatureTrust | undefined {
  return trust.find(
    (t) =>
      t.signature === tag.signature &&
      t.detector !== null &&
      (detectorName(t.detector, t.version ?? "") === tag.author.name ||
        `${t.detector} ${t.version ?? ""}`.trim() === tag.author.name),
  );
}

/** Null for a tag a detector did not write (a human's or a judge's annotation): nothing was measured. */
export function tagAccuracyNote(trust: readonly SignatureTrust[], tag: TaggedBy): string | null {
  if (tag.origin !== "detector") return null;
  const name = tag.author.name ?? "the detector";
  if (tag.strength === "weak")
    return `A weak tag: weak tags are not scored (${name}'s precision and recall ${ON_PLANTED} count strong tags only).`;
  const found = trustOfTag(trust, tag);
  if (!found || found.sets.length === 0) return `The accuracy of ${name} is not measured yet.`;
  const sets = found.sets.map((s) => `${setText(s)}: ${accuracyText(s)}`).join("; ");
  return `${name} ${ON_PLANTED} (${sets}).`;
}
