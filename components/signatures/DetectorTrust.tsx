// "How far the tags can be trusted": per signature, the detector and version this release's tags carry, and that
// very version's precision and recall on each measured set of planted synthetic cases (counts beside the ratios).
// A version the accuracy file does not name shows "not measured yet" and no numbers; weak tags are not scored.
import type { DetectorTrustRow } from "@/lib/queries/signatures/accuracy.sql";
import {
  detectorName,
  notMeasuredText,
  ON_PLANTED,
  ratioText,
  signatureTrust,
  type MeasuredSet,
  type SignatureTrust,
} from "@/lib/queries/signatures/accuracy-view";
import { SIGNATURE_LABELS } from "@/lib/queries/signatures/tables";
import { RowHeader, Td } from "@/components/ui/Table";
import { SIGNATURE_CELL, SignatureTable } from "./SignatureTable";

const CELL = SIGNATURE_CELL;

function MeasuredCells({ set }: { set: MeasuredSet }) {
  return (
    <>
      <Td className={CELL} data-col="set" data-set-id={set.id}>
        {set.label} <span className="block text-zinc-500">measured {set.measuredAt}</span>
      </Td>
      <Td numeric className={CELL} data-col="planted">
        {set.planted}
      </Td>
      <Td numeric className={CELL} data-col="found">
        {set.found}
      </Td>
      <Td numeric className={CELL} data-col="false-positives">
        {set.falsePositives}
      </Td>
      <Td numeric className={CELL} data-col="precision">
        {ratioText(set.precision)}
      </Td>
      <Td numeric className={CELL} data-col="recall">
        {ratioText(set.recall)}
      </Td>
    </>
  );
}

function TrustRows({ t }: { t: SignatureTrust }) {
  const name = t.detector !== null ? detectorName(t.detector, t.version ?? "") : null;
  const head = (span: number) => (
    <>
      <RowHeader rowSpan={span} className={`${CELL} text-left font-normal`}>
        {SIGNATURE_LABELS[t.signature] ?? t.signature}
      </RowHeader>
      <Td rowSpan={span} className={CELL} data-col="detector">
        {name ?? "no tag in this release"}
      </Td>
    </>
  );
  const attrs = { "data-trust-signature": t.signature, "data-detector": name ?? undefined };
  if (t.sets.length === 0)
    return (
      <tr {...attrs} data-measured="false" className="border-b border-zinc-100 align-top dark:border-zinc-900">
        {head(1)}
        <Td colSpan={6} className={`${CELL} text-amber-800 dark:text-amber-300`} data-col="not-measured">
          {name ? notMeasuredText(t) : "No detector version to match: the build's detectors tagged no run of it."}
        </Td>
      </tr>
    );
  return t.sets.map((set, i) => (
    <tr
      key={set.id}
      {...attrs}
      data-measured="true"
      className="border-b border-zinc-100 align-top dark:border-zinc-900"
    >
      {i === 0 ? head(t.sets.length) : null}
      <MeasuredCells set={set} />
    </tr>
  ));
}

/** What each measured set is, once per set. */
function SetNotes({ trust }: { trust: SignatureTrust[] }) {
  const sets = [...new Map(trust.flatMap((t) => t.sets).map((s) => [s.id, s])).values()];
  if (sets.length === 0) return null;
  return (
    <ul className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="detector-trust-sets">
      {sets.map((s) => (
        <li key={s.id} data-set-id={s.id}>
          <span className="font-medium">{s.label}</span>: {s.description}
        </li>
      ))}
    </ul>
  );
}

export function DetectorTrust({ rows }: { rows: DetectorTrustRow[] }) {
  const trust = signatureTrust(rows);
  return (
    <section id="detector-trust" aria-labelledby="detector-trust-h" className="space-y-1" data-testid="detector-trust">
      <h2 id="detector-trust-h" className="text-base font-semibold">
        How far the tags can be trusted
      </h2>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Precision and recall of each detector&apos;s strong tags {ON_PLANTED}: synthetic trajectories planted with each
        signature, and near misses that must not be tagged (the sample&apos;s own forms, and an independent set written
        from the paper&apos;s definitions by an author who never read the detectors&apos; code), scored by{" "}
        <code>npm run bench -- --only detectors</code> (docs/detectors.md in the repository). They show that the planted
        mistake classes are handled, not how the detectors fare on real agents&apos; traces. Precision = found / (found
        + false positives), recall = found / planted. Weak tags (a verdict pattern only) are not scored. A version is
        shown with the numbers measured for that very version only.
      </p>
      <SignatureTable
        caption={`Accuracy of the detector version behind this release's tags, ${ON_PLANTED}`}
        columns={[
          "Signature",
          "Detector",
          "Measured on",
          { label: "Planted", numeric: true },
          { label: "Found", numeric: true },
          { label: "False positives", numeric: true },
          { label: "Precision", numeric: true },
          { label: "Recall", numeric: true },
        ]}
      >
        {trust.map((t) => (
          <TrustRows key={`${t.signature}@${t.detector ?? ""}@${t.version ?? ""}`} t={t} />
        ))}
      </SignatureTable>
      <SetNotes trust={trust} />
    </section>
  );
}
