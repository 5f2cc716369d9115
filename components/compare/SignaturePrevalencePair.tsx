// Trace signatures of the compared pair: the detectors' prevalence for A and B under both conditions, the
// switched − uninterrupted difference (paired bootstrap, exact McNemar), resolution of tagged vs untagged
// runs, and the release's own annotations by who tagged them: the leaderboard's panel for two rows.
import { DetectorProvenance } from "@/components/leaderboard/SignaturePrevalence";
import { AnnotationRates } from "@/components/signatures/AnnotationRates";
import { OutcomeTable } from "@/components/signatures/OutcomeTable";
import { PrevalenceTable } from "@/components/signatures/PrevalenceTable";
import type { CompareModel } from "@/lib/queries/compare/model";
import type { PrevalenceModel } from "@/lib/queries/signatures/prevalence-model";

export function SignaturePrevalencePair({
  releaseId,
  model,
  prevalence,
  releaseVersion,
}: {
  releaseId: string;
  model: CompareModel | undefined;
  prevalence: PrevalenceModel;
  releaseVersion: string;
}) {
  const a = model?.pair.a ?? "";
  const b = model?.pair.b ?? "";
  const name = (id: string) => prevalence.cells.find((c) => c.config_id === id)?.display_name ?? id;
  const configs = [
    { id: a, name: `A: ${name(a)}` },
    { id: b, name: `B: ${name(b)}` },
  ];
  const subset = `${a}-vs-${b}`;
  // What the three tables read alike: the pair's prevalence, its two rows named A and B.
  const pair = { releaseId, model: prevalence, configs };
  return (
    <section aria-label="trace signatures" data-testid="signature-prevalence" className="space-y-2">
      <h2 className="text-lg font-semibold">Trace signatures</h2>
      <DetectorProvenance model={prevalence} />
      <PrevalenceTable
        {...pair}
        exportView="compare-signatures"
        exportSubset={subset}
        caption="Detector prevalence of each trace signature for A and B, per condition and group"
      />
      {prevalence.conditions
        .filter((c) => c !== prevalence.baseline)
        .map((c) => (
          <OutcomeTable
            key={c}
            {...pair}
            condition={c}
            exportView="compare-signature-outcomes"
            exportSubset={`${subset}-${c}`}
          />
        ))}
      <h3 className="pt-1 text-sm font-semibold">The release&apos;s own annotations</h3>
      <AnnotationRates
        releaseId={releaseId}
        model={prevalence}
        releaseVersion={releaseVersion}
        configIds={[a, b]}
        exportView="compare-annotations"
        exportSubset={subset}
      />
    </section>
  );
}
