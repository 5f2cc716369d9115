// The profile's focus tasks by locality group and by repository, with each repository's interruption tasks.
import { TableExport } from "@/components/site/TableExport";
import type { ProfileModel } from "@/lib/queries/profile/model";
import { groupLabel } from "@/lib/site/labels";
import { HeaderRow, Table } from "@/components/ui/Table";

export function RepositoryCounts({ releaseId, model }: { releaseId: string; model: ProfileModel }) {
  return (
    <section aria-labelledby="repos-h" className="space-y-2" data-export-scope>
      <h2 id="repos-h" className="text-base font-semibold">
        Focus tasks by group and repository
      </h2>
      <TableExport releaseId={releaseId} view="profile-repositories" what="focus tasks by repository" />
      <p className="text-sm" data-testid="profile-groups">
        {model.groupCounts.map((g, i) => (
          <span key={g.group}>
            {i ? " · " : ""}
            {groupLabel(g.group)} <strong data-group={g.group}>{g.focus_tasks}</strong>
          </span>
        ))}
      </p>
      <div className="overflow-x-auto">
        <Table
          caption="Focus tasks per repository and locality group, and interruption tasks"
          className="text-sm"
          data-testid="profile-repos"
        >
          <thead>
            <HeaderRow
              look="ruled"
              className="text-xs"
              cellClassName="px-2 py-1 text-left font-medium"
              columns={[
                "Repository",
                { label: "Focus tasks", numeric: true },
                ...model.groups.map((g) => ({ key: g, label: groupLabel(g), numeric: true })),
                { label: "Interruption tasks", numeric: true },
              ]}
            />
          </thead>
          <tbody>
            {model.repos.map((r) => (
              <tr key={r.repo} data-repo={r.repo} className="border-b border-zinc-100 dark:border-zinc-900">
                <td className="px-2 py-1">{r.repo}</td>
                <td className="px-2 py-1 text-right tabular-nums">{r.focus_tasks}</td>
                {model.groups.map((g) => (
                  <td key={g} className="px-2 py-1 text-right tabular-nums" data-col={g}>
                    {r.byGroup[g] ?? 0}
                  </td>
                ))}
                <td className="px-2 py-1 text-right tabular-nums">{r.interruption_tasks}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </section>
  );
}
