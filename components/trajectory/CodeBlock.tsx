"use client";
// Code from a trajectory: plain text first (always inert), replaced by shiki's highlighted HTML once the
// highlighter and the language are loaded. Only mounted for the step on screen, so highlighting is lazy.
import { useContext } from "react";
import { useAsync } from "@/components/site/useAsync";
import { visibleControls } from "@/lib/trajectory/text-safety";
import { highlight, type Lang } from "./highlight";
import { hasMatch, Highlight, SearchQuery } from "./Highlight";

const PRE =
  "m-0 max-h-[32rem] overflow-auto whitespace-pre-wrap break-all rounded bg-zinc-50 p-2 font-mono text-xs dark:bg-zinc-900";
// shiki's dual themes: light colours inline, dark ones in --shiki-dark variables used under .dark.
const SHIKI =
  "[&_.shiki]:m-0 [&_.shiki]:max-h-[32rem] [&_.shiki]:overflow-auto [&_.shiki]:whitespace-pre-wrap [&_.shiki]:break-all [&_.shiki]:rounded " +
  "[&_.shiki]:p-2 [&_.shiki]:text-xs dark:[&_.shiki]:bg-(--shiki-dark-bg)! dark:[&_.shiki_span]:text-(--shiki-dark)! " +
  "[&_.marked-line]:bg-amber-200 dark:[&_.marked-line]:bg-amber-900 [&_.marked-line]:outline [&_.marked-line]:outline-1 [&_.marked-line]:outline-amber-500";

const NO_MARKS: readonly number[] = [];

export function CodeBlock({
  code,
  lang,
  testId,
  marked = NO_MARKS,
}: {
  code: string;
  lang: Lang | null;
  testId?: string;
  marked?: readonly number[];
}) {
  const shown = visibleControls(code);
  // Unhighlighted text is still correct: a failed highlight shows it as it is.
  const highlighted = useAsync<string | null, [string, Lang, readonly number[]]>(
    lang === null ? null : [shown, lang, marked],
    ([text, l, m]) => highlight(text, l, [...m]).catch(() => null),
  );
  const html = highlighted.value ? { code: shown, html: highlighted.value } : null;

  // While the search matches this block, it is drawn as plain text with the matches marked (shiki's HTML
  // cannot be marked without parsing it); the colours come back when the search is cleared.
  const query = useContext(SearchQuery);
  if (hasMatch(shown, query)) {
    return (
      <pre className={PRE} data-testid={testId} data-search-match="true">
        <Highlight text={shown} query={query} />
      </pre>
    );
  }
  if (html && html.code === shown) {
    // The only raw HTML of the trajectory view: shiki's output, which escapes the code it was given.
    return (
      <div
        className={SHIKI}
        data-testid={testId}
        data-highlighted="true"
        dangerouslySetInnerHTML={{ __html: html.html }}
      />
    );
  }
  return (
    <pre className={PRE} data-testid={testId}>
      {shown}
    </pre>
  );
}

export function PlainText({ text, testId }: { text: string; testId?: string }) {
  return (
    <pre className={PRE} data-testid={testId}>
      <Highlight text={visibleControls(text)} query={useContext(SearchQuery)} />
    </pre>
  );
}
