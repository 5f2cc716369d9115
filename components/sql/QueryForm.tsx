"use client";
// The console's statement box (Ctrl+Enter or Cmd+Enter runs it), Run and Cancel, the status of the last run and
// the export of its result.
import { ExportButtons } from "@/components/site/ExportButtons";
import { resultRecords } from "@/lib/site/console-view";

/** The console's result, as lib/site/console-view reads it. */
type ConsoleResult = Parameters<typeof resultRecords>[0];

export function QueryForm({
  releaseId,
  sql,
  onSql,
  onSubmit,
  onCancel,
  running,
  status,
  result,
}: {
  releaseId: string;
  sql: string;
  onSql: (text: string) => void;
  onSubmit: (text: string) => void;
  onCancel: () => void;
  running: boolean;
  status: string;
  result: ConsoleResult | null;
}) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(sql);
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
        onChange={(e) => onSql(e.target.value)}
        rows={6}
        spellCheck={false}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            onSubmit(sql);
          }
        }}
        className="w-full rounded border border-zinc-300 p-2 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-900"
      />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <button type="submit" className="btn" disabled={running} data-testid="sql-run">
          Run (Ctrl+Enter)
        </button>
        <button type="button" className="btn" disabled={!running} onClick={onCancel} data-testid="sql-cancel">
          Cancel
        </button>
        <span aria-live="polite" data-testid="sql-status">
          {status}
        </span>
        {result ? (
          <ExportButtons releaseId={releaseId} view="sql" what="query result" records={() => resultRecords(result)} />
        ) : null}
      </div>
    </form>
  );
}
