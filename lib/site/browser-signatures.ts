// The detector prevalence (lib/queries/signature-prevalence*.ts) on the view's release source: the release
// tables and the build's derived trajectory-pass tables, by the same SQL as the build. Tables the build wrote
// empty or not at all are created empty by the source (lib/source/absent-tables.ts): their shares show as
// unknown instead of failing the view.
import type { QuerySource } from "../queries/query";
import {
  cellRunsQuery,
  type CellRunRow,
  type CellRunsFilter,
  type PrevalenceScope,
} from "../queries/signatures/prevalence.sql";
import { computePrevalence, type PrevalenceMeta, type PrevalenceModel } from "../queries/signatures/prevalence-model";

export function prevalenceFor(
  src: QuerySource,
  meta: PrevalenceMeta,
  scope: PrevalenceScope,
): Promise<PrevalenceModel> {
  return computePrevalence(src, meta, scope);
}

/** A cell's runs join no configuration and no annotation: two fewer tables to fetch before the list shows. */
export function cellRunsFor(src: QuerySource, filter: CellRunsFilter): Promise<CellRunRow[]> {
  return src.run(cellRunsQuery, filter);
}

/**
 * The build's signature-prevalence.json (what lib/queries/signatures/prevalence-model.ts computed over the whole
 * release): the leaderboard's trace-signature panel, read after the page's first paint so the leaderboard's
 * own HTML stays small (the panel's markup was three quarters of it).
 */
export async function staticPrevalence(releaseId: string): Promise<PrevalenceModel> {
  const file = `/data/${releaseId}/signature-prevalence.json`;
  const res = await fetch(file);
  if (!res.ok) throw new Error(`${file}: HTTP ${res.status}`);
  return (await res.json()) as PrevalenceModel;
}
