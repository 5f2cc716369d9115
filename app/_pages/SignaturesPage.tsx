// The signatures page of one release: the detectors' configuration × signature × group matrix from the
// build-time signature-prevalence.json (in the static HTML), filters and the opened cell from the URL; below it the
// detectors' measured accuracy and their agreement with the release's human labels (signature-audit.json).
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { builtRelease, repos, signatureAudit, signaturePrevalence } from "@/scripts/build/release-files";
import type { PrevalenceModel } from "@/lib/queries/signatures/prevalence-model";
import { SignaturesView } from "@/components/signatures/SignaturesView";
import { DetectorTrust } from "@/components/signatures/DetectorTrust";
import { HumanAgreement } from "@/components/signatures/HumanAgreement";

// The view needs the cells only; the rest of the model would ride along in the page's client payload.
function matrixOnly(m: PrevalenceModel): PrevalenceModel {
  return { ...m, diffs: [], outcomes: [], detectors: [], accuracy: [], annotationAuthors: [], annotationRates: [] };
}

export function SignaturesPage({ releaseId }: { releaseId: string }) {
  const built = builtRelease(releaseId);
  const prevalence = signaturePrevalence(releaseId);
  return (
    <ReleaseFrame built={built} page="signatures">
      <h1 className="mb-1 text-xl font-semibold">Trace signatures</h1>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        How often the build&apos;s detectors find requirement-state loss and cross-task interference (Switch-SWE App.
        E.1) in every readable trajectory of this release, per configuration, condition and locality group. Open a cell
        for its runs, each linked to the trajectory at its first evidence step.
      </p>
      <SignaturesView
        releaseId={releaseId}
        model={matrixOnly(prevalence)}
        repos={repos(releaseId).map((r) => r.repo)}
      />
      {/* The accuracy does not change with the matrix's filters: static, outside the view. */}
      <div className="mt-6">
        <DetectorTrust rows={prevalence.accuracy} />
      </div>
      <div className="mt-6">
        <HumanAgreement model={signatureAudit(releaseId)} />
      </div>
    </ReleaseFrame>
  );
}
