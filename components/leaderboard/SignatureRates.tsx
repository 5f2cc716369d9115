// Trace-signature rates per configuration (DOMAIN.md §5), from the release's annotations: for each
// condition and signature, the runs carrying at least one tag over all runs, and over the runs that publish
// a trajectory (only those can be tagged). Rows come from lib/queries/signatures.ts at build time
// (signature-rates.json), so the numbers are in the static HTML. Rows carry data-signature-config (not
// data-config, which the leaderboard table's tests and code select on the same page).
import { TableExport } from "@/components/site/TableExport";
import Link from "next/link";
import type { SignatureRateRow } from "@/lib/queries/signatures";
import { releaseHref } from "@/lib/site/nav";
import { conditionLabel } from "@/lib/site/labels";

const SIGNATURES = [
  { id: "requirement_state_loss", label: "Requirement-state loss" },
  { id: "cross_task_interference", label: "Cross-task interference" },
] as const;

export interface SignatureRatesProps {
  releaseId: string;
  rows: SignatureRateRow[];
  /** Conditions in display order (release.json). */
  conditions: string[];
  /** Only these configurations, in this order (the leaderboard's filtered rows); absent: all. */
  configIds?: string[];
}

export function SignatureRates({ releaseId, rows, conditions, configIds }: SignatureRatesProps) {
  const byKey = new Map(rows.map((r) => [`${r.config_id}\u0000${r.condition}\u0000${r.signature}`, r]));
  const configs = [...new Map(rows.map((r) => [r.config_id, r.display_name])).entries()].filter(([id]) => !configIds || configIds.includes(id));
  if (configIds) configs.sort((a, b) => configIds.indexOf(a[0]) - configIds.indexOf(b[0]));
  const shownConditions = conditions.filter((c) => rows.some((r) => r.condition === c));
  if (rows.every((r) => r.tagged_runs === 0)) {
    return (
      <p className="text-sm text-zinc-500" data-testid="signature-rates">
        No run of this release carries a trace-signature annotation.
      </p>
    );
  }
  return (
    <section className="overflow-x-auto" data-testid="signature-rates" data-export-scope>
      <h2 className="mb-1 text-base font-semibold">Trace signatures per configuration</h2>
      <TableExport releaseId={releaseId} view="leaderboard-signatures" what="trace signatures per configuration" />
      <p className="mb-1 text-xs text-zinc-500">
        Runs tagged with each signature (annotations.jsonl, any author) / runs; in brackets, the share of runs that publish a trajectory, the
        only runs a tag can point into.{" "}
        <Link className="underline" href={`${releaseHref(releaseId, "runs")}?tag=any`} prefetch={false}>
          Tagged runs
        </Link>
      </p>
      <table className="border-collapse text-xs tabular-nums">
        <caption className="sr-only">Runs tagged with each trace signature, per configuration and condition</caption>
        <thead>
          <tr>
            <th className="px-2 text-left font-normal" rowSpan={2}>
              Configuration
            </th>
            {shownConditions.map((c) => (
              <th key={c} className="px-2 text-center" colSpan={SIGNATURES.length}>
                {conditionLabel(c)}
              </th>
            ))}
          </tr>
          <tr>
            {shownConditions.flatMap((c) =>
              SIGNATURES.map((s) => (
                <th key={`${c}-${s.id}`} className="px-2 text-right font-normal" title={s.label}>
                  {s.label}
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {configs.map(([id, name]) => (
            <tr key={id} data-signature-config={id} className="border-t border-zinc-100 dark:border-zinc-900">
              <th scope="row" className="px-2 text-left font-normal">{name}</th>
              {shownConditions.flatMap((c) =>
                SIGNATURES.map((s) => {
                  const r = byKey.get(`${id}\u0000${c}\u0000${s.id}`);
                  return (
                    <td key={`${c}-${s.id}`} className="px-2 text-right" data-signature-col={`${c}.${s.id}`} data-k={r?.tagged_runs} data-n={r?.runs}>
                      {r ? (
                        <>
                          {r.tagged_runs}/{r.runs}
                          <span className="ml-1 text-zinc-500">
                            ({r.runs_with_trajectory ? `${r.tagged_runs}/${r.runs_with_trajectory} with trajectory` : "no trajectory"})
                          </span>
                        </>
                      ) : (
                        "—"
                      )}
                    </td>
                  );
                }),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
