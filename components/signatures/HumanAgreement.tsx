// "Agreement with human labels": per signature, the detectors' strong tags against the release's human labels on
// the runs humans looked at (precision and recall with Wilson 95% intervals and the confusion counts), then the
// prevalence corrected for the audit's sensitivity and specificity (CorrectedPrevalence.tsx). Numbers from the
// build's audit model (lib/queries/signatures/page.ts); one line when the release has no human label.
import type { AuditModel, SignatureAgreement } from "@/lib/queries/signatures/audit-model";
import { hasHumanLabels, ON_LOOKED_AT } from "@/lib/queries/signatures/audit-view";
import { SIGNATURE_LABELS } from "@/lib/queries/signatures/tables";
import { RowHeader, Td } from "@/components/ui/Table";
import { SIGNATURE_CELL, SignatureTable } from "./SignatureTable";
import { CorrectedPrevalence } from "./CorrectedPrevalence";
import { ShareText } from "./ShareText";

const CELL = SIGNATURE_CELL;

function AgreementRow({ s }: { s: SignatureAgreement }) {
  const a = s.lookedAt;
  const count = (col: string, n: number) => (
    <Td numeric className={CELL} data-col={col}>
      {n}
    </Td>
  );
  return (
    <tr data-agreement-signature={s.signature} className="border-b border-zinc-100 align-top dark:border-zinc-900">
      <RowHeader className={`${CELL} text-left font-normal`}>{SIGNATURE_LABELS[s.signature] ?? s.signature}</RowHeader>
      {count("looked-at", a.labelled_runs)}
      {count("unreadable", a.unreadable_runs)}
      {count("tp", a.tp)}
      {count("fp", a.fp)}
      {count("fn", a.fn)}
      {count("tn", a.tn)}
      <Td numeric className={CELL} data-col="precision">
        <ShareText s={a.precision} what="tagged run" />
      </Td>
      <Td numeric className={CELL} data-col="recall">
        <ShareText s={a.recall} what="run labelled present" />
      </Td>
      <Td numeric className={CELL} data-col="weak-only">
        {a.weak_only_present} / {a.weak_only_absent}
      </Td>
    </tr>
  );
}

function AgreementTable({ model }: { model: AuditModel }) {
  return (
    <SignatureTable
      caption={`Detectors' strong tags ${ON_LOOKED_AT}`}
      testId="human-agreement-table"
      columns={[
        "Signature",
        { label: "Looked at (n)", numeric: true },
        { label: "Unreadable", numeric: true },
        { label: "TP", numeric: true, title: "tagged, labelled present" },
        { label: "FP", numeric: true, title: "tagged, labelled absent" },
        { label: "FN", numeric: true, title: "not tagged, labelled present" },
        { label: "TN", numeric: true, title: "not tagged, labelled absent" },
        { label: "Precision", numeric: true },
        { label: "Recall", numeric: true },
        { label: "Weak only (present / absent)", numeric: true },
      ]}
    >
      {model.signatures.map((s) => (
        <AgreementRow key={s.signature} s={s} />
      ))}
    </SignatureTable>
  );
}

export function HumanAgreement({ model }: { model: AuditModel }) {
  const labelled = hasHumanLabels(model);
  return (
    <section
      id="human-agreement"
      aria-labelledby="human-agreement-h"
      className="space-y-1"
      data-testid="human-agreement"
      data-labelled={labelled ? "true" : "false"}
    >
      <h2 id="human-agreement-h" className="text-base font-semibold">
        Agreement with human labels
      </h2>
      {labelled ? (
        <>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Each detector&apos;s strong tags {ON_LOOKED_AT} (a run with a human annotation of the signature, counted
            once; judge and detector annotations are not labels). A run is labelled present when a human tagged it, or
            confirmed or added a tag; absent when every human review of it rejected the tag or found no signature.
            Precision = TP / (TP + FP), recall = TP / (TP + FN), k/n with Wilson 95% in brackets. People chose these
            runs, so they are not a random sample of the release. Runs with weak tags only count as not tagged and are
            shown apart; labelled runs without a readable trajectory have no detector verdict and are left out of the
            counts.
          </p>
          <AgreementTable model={model} />
        </>
      ) : (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="no-human-labels">
          This release has no human annotations: there is no human label to compare the detectors&apos; tags with.
        </p>
      )}
      <CorrectedPrevalence model={model} />
    </section>
  );
}
