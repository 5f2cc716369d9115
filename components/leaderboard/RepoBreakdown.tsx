"use client";
// Repositories × configurations, gap as a heat-map. Needs a query, so it starts DuckDB-WASM when opened.
import type { ConfigRow, RepoGapRow } from "@/lib/queries/leaderboard/sql";
import type { LeaderboardModel } from "@/lib/queries/leaderboard/model";
import { repoGapQuery } from "@/lib/queries/leaderboard/sql";
import { conditionLabel, fmt } from "@/lib/site/labels";
import { releaseHref } from "@/lib/site/nav";
import { TableExport } from "@/components/site/TableExport";
import { useAsync } from "@/components/site/useAsync";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { HeaderRow, RowHeader, Table } from "@/components/ui/Table";

function heat(gap: number): string {
  // Diverging scale: red where switching costs resolution, blue where it helps; 30 points saturates.
  const a = Math.min(Math.abs(gap) / 30, 1) * 0.75;
  return gap >= 0 ? `rgba(220, 38, 38, ${a})` : `rgba(37, 99, 235, ${a})`;
}

/** `onRepo` opens the leaderboard on one repository's subset (each row's link says where it goes). */
export function RepoBreakdown({
  releaseId,
  model,
  configs,
  onRepo,
}: {
  releaseId: string;
  model: LeaderboardModel;
  configs: ConfigRow[];
  onRepo?: (repo: string) => void;
}) {
  const source = useReleaseSource();
  const condition = model.conditions.find((c) => c !== model.baseline);
  const gaps = useAsync<RepoGapRow[], [string, string]>([source.key, model.baseline], ([, baseline]) =>
    // The published release's breakdown, answered by the build; local configurations have rows of their own.
    source.published.run(repoGapQuery, { baseline }),
  );
  const rows = gaps.value ?? null;
  if (gaps.error) return <p role="alert">Per-repository breakdown failed: {gaps.error}</p>;
  if (!rows) return <p className="text-sm text-zinc-500">Loading the per-repository breakdown (DuckDB-WASM)…</p>;
  const repos = [...new Set(rows.map((r) => r.repo))];
  const cell = new Map(rows.filter((r) => r.condition === condition).map((r) => [`${r.repo}\u0000${r.config_id}`, r]));
  return (
    <div className="overflow-x-auto" data-testid="repo-breakdown" data-export-scope>
      <h2 className="mb-1 text-base font-semibold">
        Gap by repository ({conditionLabel(model.baseline)} − {conditionLabel(condition ?? "")}, points)
      </h2>
      <TableExport releaseId={releaseId} view="leaderboard-repositories" subset={condition} what="gap by repository" />
      <Table
        className="border-collapse text-xs tabular-nums"
        caption="Gap by repository and configuration; open a repository for the leaderboard of its tasks"
      >
        <thead>
          <HeaderRow
            columns={[
              { label: "Repository", className: "px-2 text-left" },
              { label: "Tasks", className: "px-2", numeric: true },
              ...configs.map((c) => ({
                key: c.config_id,
                label: c.display_name,
                className: "max-w-24 px-1 align-bottom font-normal",
                numeric: true,
              })),
            ]}
          />
        </thead>
        <tbody>
          {repos.map((repo) => (
            <tr key={repo} data-repo={repo}>
              <RowHeader className="px-2 text-left font-normal">
                <a
                  className="underline"
                  href={`${releaseHref(releaseId)}?repos=${encodeURIComponent(repo)}`}
                  data-testid="repo-subset-link"
                  onClick={(e) => {
                    if (!onRepo) return;
                    e.preventDefault();
                    onRepo(repo);
                  }}
                >
                  {repo}
                </a>
              </RowHeader>
              <td className="px-2 text-right">{rows.find((r) => r.repo === repo)?.n_tasks}</td>
              {configs.map((c) => {
                const r = cell.get(`${repo}\u0000${c.config_id}`);
                return (
                  <td
                    key={c.config_id}
                    data-config={c.config_id}
                    className="px-1 text-right"
                    style={r ? { background: heat(r.gap) } : undefined}
                    title={r ? `${fmt(r.baseline_resolution)} → ${fmt(r.resolution)}` : "unknown"}
                  >
                    {r ? (
                      <a
                        href={`${releaseHref(releaseId)}?repos=${encodeURIComponent(repo)}`}
                        data-value={r.gap}
                        onClick={(e) => {
                          if (!onRepo) return;
                          e.preventDefault();
                          onRepo(repo);
                        }}
                      >
                        {fmt(r.gap)}
                      </a>
                    ) : (
                      fmt(undefined)
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
