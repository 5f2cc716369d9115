import type { Metadata } from "next";
import { releaseMetadata } from "@/app/_pages/page-meta";
import { CatalogView } from "@/components/catalog/CatalogView";
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { builtRelease, catalog, releaseIndex } from "@/scripts/build/release-files";

export const dynamicParams = false;

export async function generateMetadata({ params }: { params: Promise<{ release: string }> }): Promise<Metadata> {
  return releaseMetadata((await params).release, "tasks");
}

export function generateStaticParams() {
  return releaseIndex().map((r) => ({ release: r.release_id }));
}

export default async function TasksPage({ params }: { params: Promise<{ release: string }> }) {
  const { release } = await params;
  const built = builtRelease(release);
  return (
    <ReleaseFrame built={built} page="tasks">
      <h1 className="mb-1 text-xl font-semibold">Task catalog</h1>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        Every focus task with its stages, verifier and interruption tasks, and how many configurations resolved it in
        each condition. Choose a configuration to see its result per condition; open a task for its stages and matched
        schedules.
      </p>
      <CatalogView releaseId={release} model={catalog(release)} />
    </ReleaseFrame>
  );
}
