import type { Metadata } from "next";
import { releaseMetadata } from "@/app/_pages/page-meta";
import { SearchView } from "@/components/search/SearchView";
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { builtRelease, releaseIndex, repos, runListIndex, stepsManifest } from "@/scripts/build/release-files";
import { STEP_LIMITS } from "@/lib/trajectory/steps-index";

export const dynamicParams = false;

export async function generateMetadata({ params }: { params: Promise<{ release: string }> }): Promise<Metadata> {
  return releaseMetadata((await params).release, "search");
}

export function generateStaticParams() {
  return releaseIndex().map((r) => ({ release: r.release_id }));
}

export default async function SearchPage({ params }: { params: Promise<{ release: string }> }) {
  const { release } = await params;
  const built = builtRelease(release);
  const manifest = stepsManifest(release);
  const configs = runListIndex(release)
    .configs.filter((c) => c.with_trajectory > 0)
    .map((c) => ({ id: c.config_id, name: c.display_name }));
  return (
    <ReleaseFrame built={built} page="search">
      <h1 className="mb-1 text-xl font-semibold">Search every trajectory</h1>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        Every step of every run’s trajectory, searched in your browser: commands, edited paths, and the first{" "}
        {STEP_LIMITS.message} characters of each message and observation.{" "}
        {manifest ? (
          <>
            The steps index ({manifest.rows.toLocaleString("en-US")} steps in {manifest.shards.length} files, one per
            configuration) loads on the first search;{" "}
            <a className="underline" href={`/data/${release}/steps.parquet`} download>
              download it as Parquet
            </a>
            .
          </>
        ) : null}{" "}
        Each result opens its step in the trajectory viewer.
      </p>
      <SearchView
        releaseId={release}
        manifest={manifest}
        options={{
          configs,
          conditions: built.meta.conditions,
          groups: built.meta.groups,
          repos: repos(release).map((r) => r.repo),
        }}
      />
    </ReleaseFrame>
  );
}
