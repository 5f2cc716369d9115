// The tables a query may read that a release can lack, with their declared columns: the build writes no Arrow
// file for an empty table (DuckDB-WASM cannot insert a stream without batches), and a release the trajectory
// pass did not analyse has no derived tables at all (docs/data-format.md). Computed when the page is built
// (components/site/ReleaseFrame.tsx), so the browser's sources get plain data and never import the release
// schemas; a source creates these tables empty (published.ts), and a view shows unknown instead of failing.
import { TABLES } from "../data/tables";
import { SIGNATURE_DERIVED_TABLES } from "../queries/signatures/tables";

export type AbsentTables = Record<string, Record<string, string>>;

const MAY_LACK: AbsentTables = {
  ...SIGNATURE_DERIVED_TABLES,
  annotations: TABLES.annotations.columns,
};

/** `written`: the tables the build wrote with rows (release.json). */
export function absentTables(written: readonly string[]): AbsentTables {
  return Object.fromEntries(Object.entries(MAY_LACK).filter(([t]) => !written.includes(t)));
}
