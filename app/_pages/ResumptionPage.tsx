// The resumption page of one release ("After the switch"), rendered at build time from what `npm run data` computed
// (resumption.json): focus returns against the work in between, and interruption completion beside focus resolution.
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
import { ResumptionView } from "@/components/resumption/ResumptionView";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { builtRelease, resumptionPage } from "@/scripts/build/release-files";

export function ResumptionPage({ releaseId }: { releaseId: string }) {
  const built = builtRelease(releaseId);
  const data = resumptionPage(releaseId);
  return (
    <ReleaseFrame built={built} page="resumption">
      <h1 className="mb-1 text-xl font-semibold">After the switch</h1>
      <p className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">
        Does coming back to the focus task go worse the more work came in between? Every return to the focus task is set
        against the requests, tokens and workspace switches since the previous focus request, and against what the agent
        did with the interrupting tasks. The definitions and what these pictures cannot say are in{" "}
        <code>docs/resumption.md</code>.
      </p>
      {built.meta.synthetic ? (
        <p
          className="mb-4 rounded border border-amber-300 px-3 py-1.5 text-sm text-amber-950 dark:border-amber-700 dark:text-amber-100"
          data-testid="resumption-synthetic"
        >
          <strong>Synthetic.</strong> The focus returns, their outcomes and the interruption outcomes below come from a
          synthetic release: no agent was run, and any trend here is the generator&apos;s, not an agent&apos;s. The
          paper scores no interruption task; where a synthetic release lists interruption outcomes, they are invented.
        </p>
      ) : null}
      <ResumptionView releaseId={releaseId} data={data} />
    </ReleaseFrame>
  );
}
