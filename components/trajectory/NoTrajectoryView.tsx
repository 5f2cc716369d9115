// A run that publishes no trajectory: its schedule and usage, verdict, ledger and final patch, all from the
// release tables.
import type { LedgerRow } from "@/lib/trajectory/ledger";
import { LedgerPanel } from "./LedgerPanel";
import { PatchPanel, type PatchState } from "./PatchPanel";
import { ScheduleUsage } from "./ScheduleUsage";
import type { RunTrajectory } from "./useRunTrajectory";
import { VerdictPanel } from "./VerdictPanel";

export function NoTrajectoryView({
  data,
  ledger,
  patchState,
}: {
  data: RunTrajectory;
  ledger: LedgerRow[] | null;
  patchState: PatchState;
}) {
  const basics = data.basics;
  const header = basics?.header ?? null;
  return (
    <>
      <p data-testid="no-trajectory" className="text-sm">
        This run publishes no trajectory. Its verdict, schedule and per-request usage below come from the release
        tables.
      </p>
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_18rem]">
        {basics?.header ? (
          <ScheduleUsage schedule={basics.schedule} />
        ) : (
          <p className="text-sm text-zinc-500">Loading the run&apos;s schedule (DuckDB-WASM)…</p>
        )}
        <VerdictPanel header={header} verdict={data.verdict} error={data.verdictError} />
      </div>
      {header ? <LedgerPanel rows={ledger} step={(n, label) => <span key={`${label}-${n}`}>{label}</span>} /> : null}
      {header ? (
        <section aria-label="final focus patch of the run">
          <h2 className="mb-1 text-sm font-semibold">Final focus patch</h2>
          <PatchPanel state={patchState} />
        </section>
      ) : null}
    </>
  );
}
