"use client";
// Read-only SQL over the release's tables, its derived tables, the steps index and any local results opened on
// this page, in a DuckDB-WASM of the console's own; the release source says where each table is served
// (lib/source/console-tables.ts). The statement is checked before it runs (lib/queries/console/sql-check.ts); the
// query is in the URL (?q=…), and a link runs it on open: every result is bounded before it is shown
// (lib/source/result-bounds.ts, docs/architecture.md "Bounded results"); results are virtualized and exportable.
import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { useUrlState, type UrlCodec } from "@/components/site/useUrlState";
import { ConsoleEngine, consoleTables, ROW_CAP, type ConsoleResult, type ConsoleSource } from "@/lib/source";
import { checkStatement } from "@/lib/queries/console/sql-check";
import type { StepsManifest } from "@/lib/queries/search/shards";
import { SCHEMA_COLUMNS_SQL, tableCountsSql } from "@/lib/queries/console/schema.sql";
import { linkNote, resultStatus } from "@/lib/site/console-view";
import { QueryForm } from "./QueryForm";
import { ResultGrid } from "./ResultGrid";
import { SchemaList } from "./SchemaList";
import { schemaTables, setRowCounts, withLazySources, type SchemaTable } from "./schema-tables";

const DEFAULT_QUERY =
  "SELECT config_id, count(*) AS runs, avg(resolved::INTEGER) AS resolved_share\nFROM runs\nGROUP BY config_id\nORDER BY config_id";

const CONSOLE_URL: UrlCodec<{ q: string | null }> = {
  parse: (search) => ({ q: new URLSearchParams(search).get("q") }),
  serialize: ({ q }) => (q === null ? "" : `?q=${encodeURIComponent(q)}`),
};

type Message = { kind: "refused" | "error" | "cancelled" | "info"; text: string };

export function SqlConsole({
  releaseId,
  tables,
  steps,
}: {
  releaseId: string;
  tables: string[];
  steps: StepsManifest | null;
}) {
  const sources = useConsoleSources(tables, steps);
  const engine = useEngine(sources);
  const c = useConsoleRuns(engine, sources);
  const { result, message, unlinked } = c;

  return (
    <div className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <SchemaList schema={c.schema} />
      <div className="min-w-0 space-y-2">
        <QueryForm
          releaseId={releaseId}
          sql={c.sql}
          onSql={c.setSql}
          onSubmit={c.submit}
          onCancel={() => void c.cancel()}
          running={c.running}
          status={c.running ? "Running…" : result && !message ? resultStatus(result, ROW_CAP) : ""}
          result={result}
        />
        {unlinked ? (
          <p role="status" className="text-sm" data-testid="sql-link-note">
            {unlinked}
          </p>
        ) : null}
        {message ? (
          <p
            role={message.kind === "refused" || message.kind === "error" ? "alert" : "status"}
            data-testid={`sql-${message.kind}`}
            className={
              message.kind === "cancelled" || message.kind === "info"
                ? "text-sm"
                : "text-sm text-rose-700 dark:text-rose-300"
            }
          >
            {message.text}
          </p>
        ) : null}
        {result ? <ResultGrid result={result} scrollTop={c.scrollTop} onScroll={c.setScrollTop} /> : null}
      </div>
    </div>
  );
}

/**
 * The release's tables, the steps index's and those of the local results opened on this page, as its release
 * source serves them (it follows local results opened and closed).
 */
function useConsoleSources(tables: string[], steps: StepsManifest | null): ConsoleSource[] {
  const source = useReleaseSource();
  return useMemo(() => consoleTables(source, tables, steps), [source, tables, steps]);
}

/** The console's own engine, made once: it follows the sources, and its worker ends with the page. */
function useEngine(sources: ConsoleSource[]): RefObject<ConsoleEngine | null> {
  const engine = useRef<ConsoleEngine | null>(null);
  engine.current ??= new ConsoleEngine(sources);
  useEffect(() => engine.current!.setSources(sources), [sources]);
  useEffect(() => () => void engine.current?.terminate(), []);
  return engine;
}

/** The tables listed beside the query, read again from the engine's catalog after each statement. */
function useSchema(engine: RefObject<ConsoleEngine | null>, sources: ConsoleSource[]) {
  const [schema, setSchema] = useState<SchemaTable[] | null>(null);
  const refreshSchema = async () => {
    const e = engine.current!;
    const byTable = schemaTables((await e.run(SCHEMA_COLUMNS_SQL)).rows);
    const countSql = tableCountsSql([...byTable.values()]);
    if (countSql) setRowCounts(byTable, (await e.run(countSql)).rows);
    setSchema(withLazySources(byTable, sources));
  };
  return { schema, refreshSchema };
}

/** The statement typed, running it (checked first), cancelling it, and what the last run gave. */
function useConsoleRuns(engine: RefObject<ConsoleEngine | null>, sources: ConsoleSource[]) {
  const { schema, refreshSchema } = useSchema(engine, sources);
  const [sql, setSql] = useState(DEFAULT_QUERY);
  const [result, setResult] = useState<ConsoleResult | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [running, setRunning] = useState(false);
  // Why the statement run is not in the address (too long for a link), or null.
  const [unlinked, setUnlinked] = useState<string | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const cancelling = useRef(false);

  /** Runs a statement; `unlinkedNote` says why the address does not hold it (too long for a link), else null. */
  const run = async (text: string, unlinkedNote: string | null = null) => {
    const check = checkStatement(text);
    setUnlinked(check.ok ? unlinkedNote : null);
    if (!check.ok) {
      setMessage({ kind: "refused", text: check.reason });
      return;
    }
    setRunning(true);
    setMessage(null);
    cancelling.current = false;
    try {
      const r = await engine.current!.run(check.statement);
      setResult(r);
      setScrollTop(0);
      await refreshSchema().catch(() => undefined);
    } catch (e) {
      if (cancelling.current) setMessage({ kind: "cancelled", text: "Query cancelled." });
      else setMessage({ kind: "error", text: e instanceof Error ? e.message : String(e) });
    } finally {
      setRunning(false);
    }
  };

  // The statement shown is in the URL: each one run is a history entry, and Back or Forward runs the earlier one.
  const [url, setUrl, ready] = useUrlState<{ q: string | null }>({ q: null }, CONSOLE_URL);
  const submit = (text: string) => {
    const note = linkNote(text);
    if (note !== null || text === (url.q ?? DEFAULT_QUERY)) void run(text, note);
    else setUrl({ q: text });
  };
  useEffect(() => {
    if (!ready) return;
    const text = url.q ?? DEFAULT_QUERY;
    setSql(text);
    void run(text);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, url.q]);

  const cancel = async () => {
    cancelling.current = true;
    const how = await engine.current!.cancel();
    if (how === "restarted")
      setMessage({
        kind: "cancelled",
        text: "Query cancelled: the engine did not stop in time and was restarted; the tables load again with the next query.",
      });
  };

  return { schema, sql, setSql, submit, cancel, running, result, message, unlinked, scrollTop, setScrollTop };
}
