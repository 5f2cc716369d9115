// The final focus verdict beside the trajectory: did the artifact apply, how many F2P tests of each stage
// and how many P2P tests passed, and which tests did not.
import type { RunHeaderRow, RunTestRow, VerdictStageRow } from "@/lib/queries/trajectory/sql";
import { HeaderRow, Table, Td } from "@/components/ui/Table";
import { Panel } from "@/components/ui/Panel";

export function VerdictPanel({
  header,
  verdict,
  error,
}: {
  header: RunHeaderRow | null;
  /** The run's per-stage and per-test results; null while they load. */
  verdict: { stages: VerdictStageRow[]; tests: RunTestRow[] } | null;
  error: string | null;
}) {
  if (!header) return null;
  const stages = verdict?.stages ?? null;
  const tests = verdict?.tests ?? null;
  const failing = (tests ?? []).filter((t) => t.status !== "passed");
  return (
    <Panel title="Final focus verdict" label="final focus verdict" data-testid="verdict">
      <p data-testid="verdict-outcome">
        {header.resolved ? "Resolved" : "Unresolved"}
        {header.failure_class ? ` (${header.failure_class})` : ""} · artifact{" "}
        {header.applied ? "applied" : "did not apply"} · {header.finalized ? "finalized" : "not finalized"}
      </p>
      {error ? (
        <p role="alert" className="text-red-700">
          The verdict could not be loaded: {error}
        </p>
      ) : null}
      {stages === null && !error ? <p className="text-zinc-500">Loading the per-test results (DuckDB-WASM)…</p> : null}
      {stages && stages.length > 0 ? (
        <Table caption="Tests passed at each stage of the focus task" className="mt-1 w-full text-xs tabular-nums">
          <thead>
            <HeaderRow look="quiet" columns={["tests", { label: "passed", numeric: true }]} />
          </thead>
          <tbody>
            {stages.map((s) => (
              <tr
                key={`${s.kind}-${s.stage}`}
                data-kind={s.kind}
                data-stage={s.stage ?? ""}
                className={s.passed < s.total ? "text-red-700 dark:text-red-400" : ""}
              >
                <td>
                  {s.kind}
                  {s.kind === "F2P" ? (s.stage !== null ? ` stage ${s.stage}` : " (no stage)") : ""}
                </td>
                <Td numeric data-testid="verdict-passed">
                  {s.not_run === s.total ? "not run" : `${s.passed}/${s.total}`}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      {failing.length > 0 && failing.some((t) => t.status !== "not_run") ? (
        <details className="mt-1 text-xs" open={failing.length <= 8}>
          <summary>{failing.filter((t) => t.status !== "not_run").length} test(s) did not pass</summary>
          <ul data-testid="failing-tests" className="font-mono">
            {failing
              .filter((t) => t.status !== "not_run")
              .map((t) => (
                <li key={t.test_id} className="break-all">
                  {t.test_id}{" "}
                  <span className="text-zinc-500">
                    ({t.status}
                    {t.stage !== null ? `, stage ${t.stage}` : ""})
                  </span>
                </li>
              ))}
          </ul>
        </details>
      ) : null}
    </Panel>
  );
}
