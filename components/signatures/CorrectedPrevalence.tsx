// Per configuration × condition, the share of readable runs the detector tagged (raw, Wilson 95%) beside the
// prevalence corrected for the detector's errors measured by the signature's most recent human audit (Rogan–Gladen,
// bootstrap 95%). A cell without a correction says why, never a number. One line when no audit exists.
import type { AuditModel, CorrectedCell, Correction } from "@/lib/queries/signatures/audit-model";
import { auditedSignatures, auditText, correctionReason } from "@/lib/queries/signatures/audit-view";
import { SIGNATURE_LABELS } from "@/lib/queries/signatures/tables";
import { conditionLabel, fmt } from "@/lib/site/labels";
import { RowHeader, Td } from "@/components/ui/Table";
import { SIGNATURE_CELL, SignatureTable } from "./SignatureTable";
import { ShareText } from "./ShareText";

const CELL = SIGNATURE_CELL;
const NOTE = "text-xs text-zinc-600 dark:text-zinc-400";

function CorrectionText({ c }: { c: Correction }) {
  const reason = correctionReason(c);
  if (c.kind !== "corrected")
    return (
      <span className="text-zinc-500" data-correction={c.kind}>
        {reason}
      </span>
    );
  return (
    <span
      data-correction="corrected"
      data-value={c.pct}
      data-lo={c.lo ?? undefined}
      data-hi={c.hi ?? undefined}
      data-reps={c.reps}
      data-without-correction={c.without_correction}
    >
      <span className="whitespace-nowrap">{fmt(c.pct)} %</span>{" "}
      {c.lo === null || c.hi === null ? (
        <span className="text-zinc-500">(no interval)</span>
      ) : (
        <span className="whitespace-nowrap text-zinc-500">
          [<span data-stat="lo">{fmt(c.lo)}</span>, <span data-stat="hi">{fmt(c.hi)}</span>]
        </span>
      )}
    </span>
  );
}

function TaggedText({ cell }: { cell: CorrectedCell }) {
  return (
    <>
      <ShareText s={cell.tagged} />
      {cell.weak_runs > 0 ? (
        <span className="block text-zinc-500" data-weak-only={cell.weak_runs}>
          {cell.weak_runs} weak only, not counted
        </span>
      ) : null}
    </>
  );
}

interface Row {
  key: string;
  config_id: string;
  name: string;
  condition: string;
  bySignature: Map<string, CorrectedCell>;
}

function rowsOf(cells: readonly CorrectedCell[]): Row[] {
  const rows = new Map<string, Row>();
  for (const c of cells) {
    const key = `${c.config_id}\u0000${c.condition}`;
    let row = rows.get(key);
    if (!row) {
      row = { key, config_id: c.config_id, name: c.display_name, condition: c.condition, bySignature: new Map() };
      rows.set(key, row);
    }
    row.bySignature.set(c.signature, c);
  }
  return [...rows.values()];
}

function CorrectedTable({ model }: { model: AuditModel }) {
  const signatures = model.signatures.map((s) => s.signature);
  return (
    <SignatureTable
      caption="Share tagged by the detector and prevalence corrected for the audit's sensitivity and specificity, per configuration and condition"
      testId="corrected-prevalence-table"
      columns={[
        "Configuration",
        "Condition",
        ...signatures.flatMap((s) => [
          { key: `${s}.tagged`, label: `${SIGNATURE_LABELS[s] ?? s}: tagged by the detector`, numeric: true },
          { key: `${s}.corrected`, label: `${SIGNATURE_LABELS[s] ?? s}: corrected prevalence`, numeric: true },
        ]),
      ]}
    >
      {rowsOf(model.cells).map((r) => (
        <tr
          key={r.key}
          data-audit-config={r.config_id}
          data-condition={r.condition}
          className="border-b border-zinc-100 align-top dark:border-zinc-900"
        >
          <RowHeader className={`${CELL} text-left font-normal`}>{r.name}</RowHeader>
          <Td className={CELL}>{conditionLabel(r.condition)}</Td>
          {signatures.map((s) => {
            const cell = r.bySignature.get(s);
            return [
              <Td key={`${s}.tagged`} numeric className={CELL} data-col={`tagged.${s}`}>
                {cell ? <TaggedText cell={cell} /> : null}
              </Td>,
              <Td key={`${s}.corrected`} numeric className={CELL} data-col={`corrected.${s}`}>
                {cell ? <CorrectionText c={cell.correction} /> : null}
                {cell?.in_audit ? <span className="block text-zinc-500">audited stratum</span> : null}
              </Td>,
            ];
          })}
        </tr>
      ))}
    </SignatureTable>
  );
}

export function CorrectedPrevalence({ model }: { model: AuditModel }) {
  const audited = auditedSignatures(model);
  return (
    <section aria-labelledby="corrected-prevalence-h" className="space-y-1 pt-2" data-testid="corrected-prevalence">
      <h3 id="corrected-prevalence-h" className="text-sm font-semibold">
        Prevalence corrected for the detectors&apos; measured accuracy
      </h3>
      {audited.length === 0 ? (
        <p className={NOTE} data-testid="no-audit">
          No audit in this release (no human label carries an audit seed from the review page&apos;s audit sample): the
          shares tagged by the detectors are not corrected.
        </p>
      ) : (
        <>
          <ul className={NOTE} data-testid="audits">
            {audited.map((s) => (
              <li key={s.signature} data-audit-signature={s.signature} data-audit-seed={s.audit.seed}>
                {SIGNATURE_LABELS[s.signature] ?? s.signature}: {auditText(s.audit)}.
              </li>
            ))}
          </ul>
          <p className={NOTE} data-testid="correction-method">
            Tagged by the detector: runs with a strong tag / readable runs, uncorrected (Wilson 95%); weak-only runs are
            not positives and are counted apart. Corrected prevalence (Rogan–Gladen): (tagged share + specificity − 1) /
            (sensitivity + specificity − 1), clipped to [0, 100] %, with the sensitivity and specificity of the
            signature&apos;s most recent audit pooled over its strata; 95% interval by a percentile bootstrap of{" "}
            {model.bootstrap.reps} replicates (seed {model.bootstrap.seed}) resampling each audit stratum&apos;s runs
            and the tagged share, replicates no better than chance left out. Outside the audited strata the correction
            assumes the detector errs there as it did in them.
          </p>
          <CorrectedTable model={model} />
        </>
      )}
    </section>
  );
}
