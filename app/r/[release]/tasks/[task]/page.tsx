// One static page per focus task (a few hundred per release at most, each small).
import type { Metadata } from "next";
import { releaseMetadata } from "@/app/_pages/page-meta";
import Link from "next/link";
import { notFound } from "next/navigation";
import { TaskView } from "@/components/catalog/TaskView";
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
import { alignSchedules } from "@/lib/queries/catalog/align";
import { releaseHref } from "@/lib/site/nav";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { builtRelease, catalog, releaseIndex, taskPage } from "@/scripts/build/release-files";

export const dynamicParams = false;

export async function generateMetadata({
  params,
}: {
  params: Promise<{ release: string; task: string }>;
}): Promise<Metadata> {
  const { release, task } = await params;
  return releaseMetadata(release, "tasks", `task ${decodeURIComponent(task)}`);
}

export function generateStaticParams() {
  return releaseIndex().flatMap((r) =>
    catalog(r.release_id).tasks.map((t) => ({ release: r.release_id, task: t.task_id })),
  );
}

export default async function TaskPage({ params }: { params: Promise<{ release: string; task: string }> }) {
  const { release, task: rawId } = await params;
  const taskId = decodeURIComponent(rawId);
  const built = builtRelease(release);
  const model = catalog(release);
  const task = model.tasks.find((t) => t.task_id === taskId);
  const page = taskPage(release, taskId);
  if (!task || !page) notFound();
  const alignment = alignSchedules(page.sessions.map((s) => s.requests));
  return (
    <ReleaseFrame built={built} page="tasks">
      <p className="mb-1 text-sm">
        <Link className="underline" href={releaseHref(release, "tasks")}>
          Task catalog
        </Link>
      </p>
      <h1 className="mb-3 text-xl font-semibold">
        <span className="font-mono">{task.task_id}</span>
        {task.title ? <span className="font-normal text-zinc-600 dark:text-zinc-400"> · {task.title}</span> : null}
      </h1>
      <TaskView releaseId={release} catalog={model} task={task} page={page} alignment={alignment} />
    </ReleaseFrame>
  );
}
