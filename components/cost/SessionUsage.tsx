"use client";
// One session along its schedule: tokens per request, coloured by task, with a tick at what the same focus
// request used in the uninterrupted session. The default session is in the static HTML; another one (chosen
// here or through ?config=&session=) is queried in the browser by DuckDB-WASM.
import { TableExport } from "@/components/site/TableExport";
import { useState } from "react";
import { useAsync } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import {
  sessionListQuery,
  sessionUsageQuery,
  type SessionListRow,
  type SessionPick,
  type SessionUsageRow,
} from "@/lib/queries/cost/session.sql";
import type { ConfigRow } from "@/lib/queries/leaderboard/sql";
import { conditionLabel } from "@/lib/site/labels";
import { runHref } from "@/lib/site/nav";
import { millions } from "./format";
import { PALETTES, ROLE_COLORS, seriesColor } from "@/components/ui/chart";
import { HeaderRow, Table } from "@/components/ui/Table";

export interface SessionUsageProps {
  releaseId: string;
  baseline: string;
  configs: ConfigRow[];
  defaultPick: SessionPick | null;
  defaultRows: SessionUsageRow[];
  pick: SessionPick | null;
  onPick: (pick: SessionPick) => void;
}

const samePick = (a: SessionPick | null, b: SessionPick | null) =>
  !!a && !!b && a.configId === b.configId && a.sessionId === b.sessionId && a.repeat === b.repeat;

function taskColors(rows: SessionUsageRow[]): Map<string, string> {
  const colors = new Map<string, string>();
  let others = 0;
  for (const r of rows) {
    if (!colors.has(r.task_id))
      colors.set(r.task_id, r.is_focus ? ROLE_COLORS.focus : seriesColor(PALETTES.tasks, others++));
  }
  return colors;
}

export function SessionUsage(props: SessionUsageProps) {
  const { releaseId, baseline, configs, defaultPick, defaultRows } = props;
  const pick = props.pick ?? defaultPick;
  const isDefault = !props.pick || samePick(props.pick, defaultPick);
  const source = useReleaseSource();
  // The default session's rows are in the static HTML; any other is queried (the inputs: what the query reads).
  const loaded = useAsync<SessionUsageRow[], [string, string, string, string, number]>(
    isDefault || !pick?.sessionId ? null : [source.key, baseline, pick.configId, pick.sessionId, pick.repeat],
    ([, b, configId, sessionId, repeat]) =>
      source.run(sessionUsageQuery, { baseline: b, pick: { configId, sessionId, repeat } }),
  );
  const current = isDefault
    ? { rows: defaultRows, error: null }
    : loaded.loading
      ? null
      : { rows: loaded.value, error: loaded.error };
  const rows = current?.rows ?? null;
  const config = configs.find((c) => c.config_id === pick?.configId);
  return (
    <div className="space-y-2" data-testid="session-usage" aria-busy={!current}>
      <SessionPicker configs={configs} pick={pick} onPick={props.onPick} />
      {!pick ? (
        <p className="text-sm text-zinc-500">This release has no run to show.</p>
      ) : !current ? (
        <p className="text-sm text-zinc-500">Loading session {pick.sessionId} in your browser (DuckDB-WASM)…</p>
      ) : current.error ? (
        <p role="alert">Could not load the session: {current.error}</p>
      ) : rows && rows.length === 0 ? (
        <p role="alert">No session {pick.sessionId} in this release.</p>
      ) : rows ? (
        <div data-export-scope>
          <TableExport
            releaseId={releaseId}
            view="cost-session"
            subset={`${pick.configId}-${pick.sessionId}`}
            what="session usage"
          />
          <SessionChart
            releaseId={releaseId}
            baseline={baseline}
            rows={rows}
            pick={pick}
            configName={config?.display_name ?? pick.configId}
          />
        </div>
      ) : null}
    </div>
  );
}

function SessionChart({
  releaseId,
  baseline,
  rows,
  pick,
  configName,
}: {
  releaseId: string;
  baseline: string;
  rows: SessionUsageRow[];
  pick: SessionPick;
  configName: string;
}) {
  const colors = taskColors(rows);
  const peak = Math.max(1, ...rows.map((r) => Math.max(r.tokens ?? 0, r.base_tokens ?? 0)));
  const runId = rows.find((r) => r.run_id)?.run_id ?? null;
  const focus = rows.find((r) => r.is_focus)?.task_id;
  const hasBase = rows.some((r) => r.base_tokens !== null);
  return (
    <figure>
      <figcaption className="mb-1 text-sm">
        <span data-testid="session-title">
          Session <code>{pick.sessionId}</code> (focus task {focus}) · {configName}
          {pick.repeat ? ` · repeat ${pick.repeat}` : ""}
        </span>{" "}
        ·{" "}
        {runId ? (
          <a className="underline" href={runHref(releaseId, runId)}>
            trajectory of {runId}
          </a>
        ) : (
          <span className="text-red-700 dark:text-red-400">this configuration has no run of this session</span>
        )}
      </figcaption>
      <div
        className="flex h-40 items-end gap-0.5 border-b border-zinc-300 dark:border-zinc-700"
        role="img"
        aria-label="tokens per request along the schedule"
      >
        {rows.map((r) => (
          <div key={r.position} className="relative flex h-full flex-1 flex-col justify-end" title={barTitle(r)}>
            {r.ran ? (
              <div
                style={{
                  height: `${(100 * (r.tokens ?? 0)) / peak}%`,
                  background: colors.get(r.task_id),
                  opacity: r.is_submit ? 0.55 : 1,
                }}
              />
            ) : (
              <div className="h-2 border border-dashed border-zinc-400" />
            )}
            {r.base_tokens !== null ? (
              <div
                className="absolute left-0 right-0 border-t-2 border-zinc-900 dark:border-zinc-100"
                style={{ bottom: `${(100 * r.base_tokens) / peak}%` }}
              />
            ) : null}
          </div>
        ))}
      </div>
      <div className="flex gap-0.5 text-center text-[10px] text-zinc-500">
        {rows.map((r) => (
          <span key={r.position} className="flex-1 truncate">
            {r.position}
          </span>
        ))}
      </div>
      <p className="mt-1 flex flex-wrap gap-3 text-xs">
        {[...colors].map(([task, color]) => (
          <span key={task}>
            <span className="mr-1 inline-block h-2 w-3" style={{ background: color }} aria-hidden />
            {task}
            {task === focus ? " (focus)" : ""}
          </span>
        ))}
        {hasBase ? (
          <span>
            <span
              className="mr-1 inline-block w-3 border-t-2 border-zinc-900 align-middle dark:border-zinc-100"
              aria-hidden
            />
            same request in the {conditionLabel(baseline)} session
          </span>
        ) : null}
        <span>
          <span className="mr-1 inline-block h-2 w-3 border border-dashed border-zinc-400" aria-hidden />
          no usage recorded
        </span>
      </p>
      <UsageTable rows={rows} baseline={baseline} hasBase={hasBase} />
    </figure>
  );
}

function barTitle(r: SessionUsageRow): string {
  const what = r.is_submit ? `${r.task_id} finalization` : `${r.task_id} stage ${r.stage}`;
  if (!r.ran) return `${r.position}: ${what}: no usage recorded`;
  return `${r.position}: ${what}: ${millions(r.tokens)} M tokens${r.base_tokens !== null ? ` (uninterrupted ${millions(r.base_tokens)} M)` : ""}`;
}

function UsageTable({ rows, baseline, hasBase }: { rows: SessionUsageRow[]; baseline: string; hasBase: boolean }) {
  const td = "px-2 text-right";
  return (
    <div className="overflow-x-auto">
      <Table
        caption="Usage of each request of the session"
        className="mt-2 border-collapse text-xs tabular-nums"
        data-testid="session-table"
      >
        <thead>
          <HeaderRow
            look="ruled"
            cellClassName="px-2 text-left font-medium"
            columns={[
              { label: "#", numeric: true },
              "Request",
              "Scope",
              ...["Tokens (M)", "Cached (M)", "Model calls", "Tool calls"].map((label) => ({ label, numeric: true })),
              ...(hasBase
                ? [`${conditionLabel(baseline)} (M)`, "Extra (M)"].map((label) => ({ label, numeric: true }))
                : []),
            ]}
          />
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.position} data-position={r.position}>
              <td className={td}>{r.position}</td>
              <td className="px-2">{r.is_submit ? `${r.task_id} finalization` : `${r.task_id} stage ${r.stage}`}</td>
              <td className="px-2 text-zinc-500">
                {r.in_switch_focus_scope ? "Switch-Focus" : r.is_focus ? "focus" : "interruption"}
              </td>
              <td className={td} data-col="tokens">
                {r.ran ? millions(r.tokens) : "not recorded"}
              </td>
              <td className={td}>{r.ran ? millions(r.cached_tokens) : "—"}</td>
              <td className={td}>{r.model_calls ?? "—"}</td>
              <td className={td}>{r.tool_calls ?? "—"}</td>
              {hasBase ? (
                <>
                  <td className={td} data-col="base_tokens">
                    {millions(r.base_tokens)}
                  </td>
                  <td className={td} data-col="extra_tokens">
                    {millions(r.extra_tokens)}
                  </td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function SessionPicker({
  configs,
  pick,
  onPick,
}: {
  configs: ConfigRow[];
  pick: SessionPick | null;
  onPick: (p: SessionPick) => void;
}) {
  const source = useReleaseSource();
  // Listed when the picker is first focused: the page shows the default session without a query.
  const [wanted, setWanted] = useState(false);
  const sessions = useAsync<SessionListRow[], string>(wanted ? source.key : null, () => source.run(sessionListQuery));
  const list = sessions.value ?? null;
  const error = sessions.error;
  const load = () => setWanted(true);
  const configId = pick?.configId ?? configs[0]?.config_id ?? "";
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label className="flex items-center gap-1">
        Configuration
        <select
          className="btn"
          value={configId}
          onChange={(e) => pick && onPick({ ...pick, configId: e.target.value })}
          data-testid="session-config"
        >
          {configs.map((c) => (
            <option key={c.config_id} value={c.config_id}>
              {c.display_name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1">
        Session
        <select
          className="btn max-w-72"
          value={pick?.sessionId ?? ""}
          onFocus={load}
          onPointerDown={load}
          onChange={(e) => onPick({ configId, sessionId: e.target.value, repeat: 0 })}
          data-testid="session-select"
        >
          {!list && pick ? <option value={pick.sessionId}>{pick.sessionId}</option> : null}
          {list?.map((s) => (
            <option key={s.session_id} value={s.session_id}>
              {s.focus_task_id} · {conditionLabel(s.condition)} · {s.grp} ({s.session_id})
            </option>
          ))}
        </select>
      </label>
      {error ? <span role="alert">Could not list the sessions: {error}</span> : null}
    </div>
  );
}
