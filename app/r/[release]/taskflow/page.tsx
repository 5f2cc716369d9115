import type { Metadata } from "next";
import { releaseMetadata } from "@/app/_pages/page-meta";
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
import { TaskFlowView } from "@/components/taskflow/TaskFlowView";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { builtRelease, releaseIndex, taskFlow } from "@/scripts/build/release-files";

export const dynamicParams = false;

export async function generateMetadata({ params }: { params: Promise<{ release: string }> }): Promise<Metadata> {
  return releaseMetadata((await params).release, "taskflow");
}

export function generateStaticParams() {
  return releaseIndex().map((r) => ({ release: r.release_id }));
}

export default async function TaskFlowPage({ params }: { params: Promise<{ release: string }> }) {
  const { release } = await params;
  const built = builtRelease(release);
  return (
    <ReleaseFrame built={built} page="taskflow">
      <h1 className="mb-1 text-xl font-semibold">Task Flow</h1>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        The release&apos;s sessions as a Task Flow (SWE-TaskFlow): session lengths, labels of user messages and
        transitions between them. A request&apos;s label is its intent when the release gives one; otherwise it is
        derived from the schedule (initial / follow-up / finalization × focus / interruption).
      </p>
      <TaskFlowView releaseId={release} model={taskFlow(release)} baseline={built.meta.baseline_condition} />
    </ReleaseFrame>
  );
}
