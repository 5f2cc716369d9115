"use client";
// The leaderboard's trace-signature panel, rendered in the browser once the page has painted and is idle, from
// the published release's answers (lib/queries/ahead.ts): the same numbers as the static panel it replaces, but
// the table of configurations (the page's first view) no longer waits behind their markup and its hydration payload.
import { useAsync } from "@/components/site/useAsync";
import { afterPaintAndIdle } from "@/lib/source";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import type { PrevalenceMeta, PrevalenceModel } from "@/lib/queries/signatures/prevalence-model";
import type { SignatureLookedAt } from "@/lib/queries/signatures/audit-model";
import type { SignaturePrevalence } from "./SignaturePrevalence";

interface Loaded {
  model: PrevalenceModel;
  agreement: SignatureLookedAt[];
  // The panel's code is fetched with its numbers: it stays out of the JavaScript before interaction.
  Panel: typeof SignaturePrevalence;
}

export function DeferredSignaturePrevalence({
  releaseId,
  releaseVersion,
  meta,
}: {
  releaseId: string;
  releaseVersion: string;
  meta: PrevalenceMeta;
}) {
  const source = useReleaseSource();
  const model = useAsync<Loaded, [string]>([releaseId], async () => {
    await afterPaintAndIdle();
    // The panel's code and its model's are fetched with the numbers: neither is JavaScript before interaction.
    const [panel, { computePrevalence }, { computeAgreement }] = await Promise.all([
      import("./SignaturePrevalence"),
      import("@/lib/queries/signatures/prevalence-model"),
      import("@/lib/queries/signatures/audit-model"),
    ]);
    const [prevalence, agreement] = await Promise.all([
      computePrevalence(source.published, meta),
      computeAgreement(source.published),
    ]);
    return { model: prevalence, agreement, Panel: panel.SignaturePrevalence };
  });
  if (model.value) {
    const { Panel } = model.value;
    return (
      <Panel
        releaseId={releaseId}
        model={model.value.model}
        agreement={model.value.agreement}
        releaseVersion={releaseVersion}
      />
    );
  }
  return (
    <section
      className="space-y-3"
      data-testid="signature-prevalence-pending"
      aria-busy={model.error ? undefined : "true"}
      aria-labelledby="signature-prevalence-h"
    >
      <h2 id="signature-prevalence-h" className="text-base font-semibold">
        Trace signatures per configuration
      </h2>
      <p className="text-sm text-zinc-500">
        {model.error
          ? `Could not read the detectors' prevalence: ${model.error}`
          : "Reading the detectors' prevalence…"}
      </p>
    </section>
  );
}
