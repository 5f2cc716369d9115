import type { Metadata } from "next";
import { MarkdownBlocks } from "@/components/site/MarkdownBlocks";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { docsPage } from "@/scripts/build/docs-files";

export const metadata: Metadata = {
  title: "About · how to read the Switch-SWE leaderboard",
  description:
    "What Switch-SWE measures: focus tasks, uninterrupted and switched sessions, near and far, resolution and gap, the statistics shown, usage scopes, trace signatures, and how to cite the paper.",
};

// The text is docs/benchmark.md, read at build time: one source for the site and the docs.
export default function About() {
  return (
    <article className="max-w-3xl leading-relaxed" data-testid="about">
      <MarkdownBlocks blocks={docsPage("benchmark.md")} />
    </article>
  );
}
