"use client";
// The selected step in full: message, reasoning, each tool call (highlighted) with the result it got,
// per-step tokens and cost, tags pointing at it. Texts arrive clipped from the worker; "show more" asks for
// a larger slice, up to a ceiling past which the raw file is the way to read on.
import { useContext, useEffect, useState } from "react";
import { useAsync } from "@/components/site/useAsync";
import type { CallDetail, Clipped, ResultDetail, StepDetail } from "@/lib/trajectory/detail";
import type { SignatureTag } from "@/lib/trajectory/tags";
import type { TrajectoryWorker } from "@/lib/trajectory/worker-client";
import { CodeBlock, PlainText } from "./CodeBlock";
import { StepHeading, StepMetrics, StepTags } from "./StepHeader";
import { hasMatch, SearchMarked, SearchQuery } from "./Highlight";

const FIRST_LIMIT = 100_000;
const MAX_LIMIT = 2_000_000;
/** Results longer than this start collapsed. */
const COLLAPSE_CHARS = 1_500;
const COLLAPSE_LINES = 25;

export function StepDetailPanel({
  worker,
  n,
  tags,
  rawUrl,
  query = "",
}: {
  worker: TrajectoryWorker | null;
  n: number | null;
  tags: SignatureTag[];
  rawUrl: string | null;
  query?: string;
}) {
  const [limit, setLimit] = useState(FIRST_LIMIT);
  useEffect(() => setLimit(FIRST_LIMIT), [n]);
  const read = useAsync<StepDetail | null, [number, number, number]>(
    worker && n !== null ? [worker.id, n, limit] : null,
    ([, step, l]) => worker!.detail(step, l),
  );
  const detail = read.value ?? null;
  const error = read.error;

  if (n === null) return <aside className="text-sm text-zinc-500">Select a step.</aside>;
  if (error)
    return (
      <aside role="alert">
        Step {n} could not be read: {error}
      </aside>
    );
  if (!detail || detail.n !== n)
    return (
      <aside className="text-sm text-zinc-500" data-testid="step-detail-loading">
        Loading step {n}…
      </aside>
    );

  const more: More = (c) =>
    clippedNote(c, limit < MAX_LIMIT ? () => setLimit((l) => Math.min(l * 4, MAX_LIMIT)) : null, rawUrl);

  return (
    <SearchQuery.Provider value={query}>
      <aside className="min-w-0 space-y-2 text-sm" data-testid="step-detail" data-step={detail.n}>
        <StepHeading detail={detail} />
        <StepMetrics detail={detail} />
        <StepTags key={detail.n} tags={tags} n={detail.n} />
        {detail.message.length > 0 ? (
          <div data-testid="step-message">
            <PlainText text={detail.message.text} />
            {more(detail.message)}
          </div>
        ) : null}
        {detail.reasoning ? (
          <details data-testid="step-reasoning" open={hasMatch(detail.reasoning.text, query) || undefined}>
            <summary className="text-xs text-zinc-500">
              reasoning ({detail.reasoning.length.toLocaleString("en-US")} characters)
            </summary>
            <PlainText text={detail.reasoning.text} />
            {more(detail.reasoning)}
          </details>
        ) : null}
        {detail.calls.map((c, i) => (
          <CallView
            key={c.id + i}
            call={c}
            result={detail.resultOf[i] !== null ? detail.results[detail.resultOf[i]!] : undefined}
            more={more}
          />
        ))}
        {detail.results
          .filter((_, i) => !detail.resultOf.includes(i))
          .map((r, i) => (
            <ResultView key={`free${i}`} result={r} more={more} label="observation" />
          ))}
        {detail.extra ? (
          <details>
            <summary className="text-xs text-zinc-500">extra</summary>
            <CodeBlock code={detail.extra.text} lang="json" />
            {more(detail.extra)}
          </details>
        ) : null}
      </aside>
    </SearchQuery.Provider>
  );
}

/**
 * What a clipped text leaves out, and the way to read it: `onMore` asks the worker for a larger slice (null past
 * the ceiling), then the raw file's download.
 */
function clippedNote(c: Clipped, onMore: (() => void) | null, rawUrl: string | null): React.ReactNode {
  return c.text.length < c.length ? (
    <p className="text-xs text-zinc-500">
      {(c.length - c.text.length).toLocaleString("en-US")} more characters not shown.{" "}
      {onMore ? (
        <button type="button" className="underline" onClick={onMore} data-testid="show-more">
          Show more
        </button>
      ) : rawUrl ? (
        <a className="underline" href={rawUrl} download>
          Download the raw file to read the rest
        </a>
      ) : null}
    </p>
  ) : null;
}

type More = (c: Clipped) => React.ReactNode;

function CallView({ call, result, more }: { call: CallDetail; result: ResultDetail | undefined; more: More }) {
  return (
    <section className="space-y-1" data-testid="tool-call">
      <h3 className="text-xs font-semibold">
        <SearchMarked text={call.name} />{" "}
        <span className="font-normal text-zinc-500">
          <SearchMarked text={call.id} />
        </span>
      </h3>
      <CodeBlock code={call.body.text} lang={call.lang} testId="tool-call-body" />
      {more(call.body)}
      {result ? (
        <ResultView
          result={result}
          more={more}
          label={result.pairedBy === "position" ? "result (paired by position)" : "result"}
        />
      ) : null}
    </section>
  );
}

function ResultView({ result, more, label }: { result: ResultDetail; more: More; label: string }) {
  const text = result.content.text;
  const matched = hasMatch(text, useContext(SearchQuery));
  const long = result.content.length > COLLAPSE_CHARS || text.split("\n", COLLAPSE_LINES + 1).length > COLLAPSE_LINES;
  const body = (
    <>
      <CodeBlock code={text} lang={result.lang} testId="tool-result" />
      {more(result.content)}
    </>
  );
  return (
    <div className="pl-3">
      {result.subagents.length ? (
        <ul className="text-xs" data-testid="subagent-refs">
          {result.subagents.map((s, i) => (
            <li key={i}>
              subagent {s.trajectoryId ?? s.sessionId ?? ""} {s.path ? <code>{s.path}</code> : "(embedded)"}{" "}
              {s.summary ? `— ${s.summary}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {long ? (
        <details data-testid="collapsed-result" open={matched || undefined}>
          <summary className="text-xs text-zinc-500">
            {label}: {result.content.length.toLocaleString("en-US")} characters (collapsed)
          </summary>
          {body}
        </details>
      ) : text !== "" || result.subagents.length === 0 ? (
        <>
          <p className="text-xs text-zinc-500">{label}</p>
          {body}
        </>
      ) : null}
    </div>
  );
}
