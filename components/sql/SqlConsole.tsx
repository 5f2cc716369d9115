"use client";
// Read-only SQL over the release's tables, its derived tables, the steps index and any local results opened on
// this page, in a DuckDB-WASM of the console's own. The statement is checked before it runs
// (lib/queries/console/sql-check.ts); the query is in the URL (?q=…), and a link runs it on open: every result is
// bounded before it is shown (lib/site/result-bounds.ts, docs/architecture.md "Bounded results"); results are
// virtualized and exportable.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { ExportButtons } from "@/components/site/ExportButtons";
import { useUrlState, type UrlCodec } from "@/components/site/useUrlState";
import { ConsoleEngine, ROW_CAP, type ConsoleResult, type ConsoleSource } from "@/lib/site/browser-console";
import { emptyEntries, localEntries, subscribeLocal } from "@/lib/local/store";
import { checkStatement } from "@/lib/queries/console/sql-check";
import { appendTextsSql, CREATE_EMPTY_TEXTS_SQL, stepsViewSql } from "@/lib/queries/search/index-tables";
import { STEPS_TABLE, STEPS_TABLES, type StepsManifest } from "@/lib/queries/search/shards";
import { SCHEMA_COLUMNS_SQL, tableCountsSql, type SchemaColumnRow } from "@/lib/queries/console/schema.sql";
import { cellParts, linkNote, resultRecords, resultStatus } from "@/lib/site/console-view";
import { visibleControls } from "@/lib/trajectory/text-safety";
import { rowWindow } from "@/lib/trajectory/windowing";
import { HeaderRow, Table, Th } from "@/components/ui/Table";

const ROW = 28;
const VIEWPORT = 480;
const DEFAULT_QUERY =
  "SELECT config_id, count(*) AS runs, avg(resolved::INTEGER) AS resolved_share\nFROM runs\nGROUP BY config_id\nORDER BY config_id";

interface SchemaTable {
  schema: string;
  name: string;
  rows: number | null;
  columns: { name: string; type: string }[];
  lazy: boolean;
}

/**
 * The steps index's tables (lib/queries/search/index-tables.ts), each loaded when a statement names it, and the
 * flat `steps` of docs/data-format.md as a view over them.
 */
function stepsSources(releaseId: string, m: StepsManifest): ConsoleSource[] {
  const url = (file: string) => `/data/${releaseId}/${file}`;
  const t = STEPS_TABLES;
  return [
    { schema: "main", table: t.runs, urls: [url(m.runs.file)], lazy: true },
    { schema: "main", table: t.contexts, urls: [url(m.contexts.file)], lazy: true },
    {
      schema: "main",
      table: t.texts,
      urls: m.texts.map((x) => url(x.file)),
      lazy: true,
      transform: { create: CREATE_EMPTY_TEXTS_SQL, append: appendTextsSql },
    },
    { schema: "main", table: t.index, urls: m.shards.map((x) => url(x.file)), lazy: true },
    {
      schema: "main",
      table: STEPS_TABLE,
      urls: [],
      lazy: true,
      view: { sql: stepsViewSql(), needs: [t.runs, t.contexts, t.texts, t.index] },
    },
  ];
}

const CONSOLE_URL: UrlCodec<{ q: string | null }> = {
  parse: (search) => ({ q: new URLSearchParams(search).get("q") }),
  serialize: ({ q }) => (q === null ? "" : `?q=${encodeURIComponent(q)}`),
};

function localSchema(localId: string): string {
  return localId.replace(/[^a-z0-9]/g, "_");
}

export function SqlConsole({
  releaseId,
  tables,
  steps,
}: {
  releaseId: string;
  tables: string[];
  steps: StepsManifest | null;
}) {
  const entries = useSyncExternalStore(subscribeLocal, () => localEntries(releaseId), emptyEntries);
  const sources = useMemo<ConsoleSource[]>(
    () => [
      ...tables.map((t) => ({ schema: "main", table: t, urls: [`/data/${releaseId}/${t}.arrow`] })),
      ...(steps ? stepsSources(releaseId, steps) : []),
      ...entries.flatMap((e) =>
        e.tables.names.map((t) => ({
          schema: localSchema(e.tables.localId),
          table: t,
          urls: [e.tables.source.url(t)],
        })),
      ),
    ],
    [releaseId, tables, steps, entries],
  );
  const engine = useRef<ConsoleEngine | null>(null);
  engine.current ??= new ConsoleEngine(sources);
  useEffect(() => engine.current!.setSources(sources), [sources]);
  useEffect(() => () => void engine.current?.terminate(), []);

  const [sql, setSql] = useState(DEFAULT_QUERY);
  const [result, setResult] = useState<ConsoleResult | null>(null);
  const [message, setMessage] = useState<{ kind: "refused" | "error" | "cancelled" | "info"; text: string } | null>(
    null,
  );
  const [running, setRunning] = useState(false);
  // Why the statement run is not in the address (too long for a link), or null.
  const [unlinked, setUnlinked] = useState<string | null>(null);
  const [schema, setSchema] = useState<SchemaTable[] | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const cancelling = useRef(false);

  const refreshSchema = async () => {
    const e = engine.current!;
    const cols = (await e.run(SCHEMA_COLUMNS_SQL)).rows.map(
      ([table_schema, table_name, column_name, data_type]) =>
        ({ table_schema, table_name, column_name, data_type }) as SchemaColumnRow,
    );
    const byTable = new Map<string, SchemaTable>();
    for (const c of cols) {
      const k = `${c.table_schema}.${c.table_name}`;
      if (!byTable.has(k))
        byTable.set(k, { schema: c.table_schema, name: c.table_name, rows: null, columns: [], lazy: false });
      byTable.get(k)!.columns.push({ name: c.column_name, type: c.data_type });
    }
    const list = [...byTable.values()];
    const countSql = tableCountsSql(list);
    if (countSql) {
      for (const [s, n, count] of (await e.run(countSql)).rows) {
        const t = byTable.get(`${s}.${n}`);
        if (t) t.rows = Number(count);
      }
    }
    for (const s of sources)
      if (s.lazy && !byTable.has(`${s.schema}.${s.table}`))
        list.push({ schema: s.schema, name: s.table, rows: null, columns: [], lazy: true });
    setSchema(list);
  };

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

  const rows = result?.rows ?? [];
  const win = rowWindow(scrollTop, VIEWPORT, ROW, rows.length, 10);

  return (
    <div className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside aria-labelledby="schema-h" className="min-w-0 text-sm" data-testid="sql-schema">
        <h2 id="schema-h" className="font-semibold">
          Tables
        </h2>
        {schema === null ? (
          <p className="text-xs text-zinc-500">The tables load with the first query.</p>
        ) : (
          <ul className="space-y-1">
            {schema.map((t) => (
              <li key={`${t.schema}.${t.name}`} data-table={`${t.schema}.${t.name}`} data-rows={t.rows ?? ""}>
                <details>
                  <summary className="cursor-pointer break-all">
                    <code>{t.schema === "main" ? t.name : `${t.schema}.${t.name}`}</code>{" "}
                    <span className="text-xs text-zinc-500">
                      {t.lazy ? "loads when a query names it" : `${(t.rows ?? 0).toLocaleString("en-US")} rows`}
                    </span>
                  </summary>
                  <Table className="ml-3 text-xs" caption={<>Columns of {t.name}</>}>
                    <thead>
                      <tr>
                        <Th className="pr-2 text-left font-normal text-zinc-500">column</Th>
                        <Th className="text-left font-normal text-zinc-500">type</Th>
                      </tr>
                    </thead>
                    <tbody>
                      {t.columns.map((c) => (
                        <tr key={c.name}>
                          <td className="pr-2 break-all">
                            <code>{c.name}</code>
                          </td>
                          <td className="text-zinc-500">{c.type}</td>
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                </details>
              </li>
            ))}
          </ul>
        )}
      </aside>
      <div className="min-w-0 space-y-2">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit(sql);
          }}
          className="space-y-2"
        >
          <label htmlFor="sql-text" className="text-sm font-semibold">
            Query (read-only: SELECT, WITH, DESCRIBE, SUMMARIZE, EXPLAIN)
          </label>
          <textarea
            id="sql-text"
            data-testid="sql-text"
            value={sql}
            onChange={(e) => setSql(e.target.value)}
            rows={6}
            spellCheck={false}
            onKeyDown={(e) => {
              if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                submit(sql);
              }
            }}
            className="w-full rounded border border-zinc-300 p-2 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <button type="submit" className="btn" disabled={running} data-testid="sql-run">
              Run (Ctrl+Enter)
            </button>
            <button
              type="button"
              className="btn"
              disabled={!running}
              onClick={() => void cancel()}
              data-testid="sql-cancel"
            >
              Cancel
            </button>
            <span aria-live="polite" data-testid="sql-status">
              {running ? "Running…" : result && !message ? resultStatus(result, ROW_CAP) : ""}
            </span>
            {result ? (
              <ExportButtons
                releaseId={releaseId}
                view="sql"
                what="query result"
                records={() => resultRecords(result)}
              />
            ) : null}
          </div>
        </form>
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
        {result ? (
          <div
            className="overflow-auto rounded border border-zinc-200 dark:border-zinc-800"
            style={{ maxHeight: VIEWPORT + ROW }}
            tabIndex={0}
            role="region"
            aria-label="query result (scrolls)"
            onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
            data-testid="sql-result"
            data-rows={rows.length}
          >
            <Table className="text-xs" caption="Result of the query">
              <thead className="sticky top-0 bg-white dark:bg-zinc-950">
                <HeaderRow
                  cellClassName="px-2 py-1 text-left font-semibold whitespace-nowrap"
                  columns={result.columns.map((c) => ({ key: c.name, label: c.name, title: c.type }))}
                />
              </thead>
              <tbody>
                {win.start > 0 ? <tr aria-hidden="true" style={{ height: win.start * ROW }} /> : null}
                {rows.slice(win.start, win.end).map((r, i) => (
                  <tr
                    key={win.start + i}
                    style={{ height: ROW }}
                    className="border-t border-zinc-100 dark:border-zinc-900"
                  >
                    {r.map((v, j) => {
                      const { text, cut } = cellParts(result, win.start + i, j);
                      return (
                        <td
                          key={j}
                          className="max-w-[28rem] truncate px-2 whitespace-nowrap tabular-nums"
                          title={typeof v === "string" ? visibleControls(v) : undefined}
                          data-cut={cut ?? undefined}
                        >
                          {cut ? (
                            <span
                              className="mr-1 rounded bg-amber-100 px-1 text-amber-900 dark:bg-amber-900 dark:text-amber-100"
                              data-testid="sql-cut"
                            >
                              truncated: {cut}
                            </span>
                          ) : null}
                          {text === null ? <span className="text-zinc-400">NULL</span> : visibleControls(text)}
                        </td>
                      );
                    })}
                  </tr>
                ))}
                {win.end < rows.length ? (
                  <tr aria-hidden="true" style={{ height: (rows.length - win.end) * ROW }} />
                ) : null}
              </tbody>
            </Table>
          </div>
        ) : null}
      </div>
    </div>
  );
}
