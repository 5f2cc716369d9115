// One focus test's final status as the release records it: what the detectors, the ledger and the compare
// page's alignment read of a run's verdict (lib/queries/trajectory/sql.ts toVerdictTests).
export interface VerdictTest {
  testId: string;
  kind: "F2P" | "P2P" | (string & {});
  stage: number | null;
  status: string;
}
