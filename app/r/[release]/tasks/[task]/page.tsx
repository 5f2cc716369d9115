// One static page per focus task (a few hundred per release at most), each its own answer of the build.
import type { Metadata } from "next";
import { releaseMetadata } from "@/app/_pages/page-meta";
import Link from "next/link";
import { notFound } from "next/navigation";
import { TaskView } from "@/components/catalog/TaskView";
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
import { alignSchedules } from "@/lib/queries/catalog/align";
import { releaseHref } from "@/lib/site/nav";
import { builtRelease, pageAnswer, pageModel, releaseIndex } from "@/lib/source/answers-node";
import { catalogPage, taskPageQuery, taskPages } from "@/lib/queries/catalog/page";

export const dynamicParams = false;

export async function generateMetadata({
  params,
}: {
  params: Promise<{ release: string; task: string }>;
}): Promise<Metadata> {
  const { release, task } = await params;
  return releaseMetadata(release, "tasks", `task ${decodeURIComponent(task)}`);
}

export async function generateStaticParams() {
  const releases = await Promise.all(
    releaseIndex().map(async (r) => ({ id: r.release_id, catalog: await pageModel(r.release_id, catalogPage) })),
  );
  return releases.flatMap((r) => r.catalog.tasks.map((t) => ({ release: r.id, task: t.task_id })));
}

export default async function TaskPage({ params }: { params: Promise<{ release: string; task: string }> }) {
  const { release, task: rawId } = await params;
  const taskId = decodeURIComponent(rawId);
  const built = builtRelease(release);
  const model = await pageModel(release, catalogPage);
  const task = model.tasks.find((t) => t.task_id === taskId);
  const page = await pageAnswer(release, taskPages, taskPageQuery, { task: taskId });
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
