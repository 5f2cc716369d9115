// Packs every run's generated trajectory into the sample's archives (one per configuration and condition),
// deterministically: entries in run order, a fixed modification date, no extended timestamps, one deflate
// level, so two machines with the same Node write the same bytes. Trajectories are made one at a time and
// handed to the archive writer at once, so memory holds one trajectory, not the release's. The archives are
// shared between worker threads (one per core); each thread plans the sample itself (under a second).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { Worker } from "node:worker_threads";
import { writeArchive } from "../../lib/archive/write-node";
import { SUBMIT_TEXT } from "./texts";
import { makeTrajectory } from "./trajectory";
import { finalPatch, samplePatchArchiveOf } from "./patch";
import type { SamplePlan, TrajectoryJob } from "./generate";

export interface Written {
  archives: number;
  entries: number;
  bytes: number;
}

function byArchive(plan: SamplePlan): Map<string, { entry: string; job: TrajectoryJob }[]> {
  const out = new Map<string, { entry: string; job: TrajectoryJob }[]>();
  for (const job of plan.jobs) {
    const ref = job.run.trajectory!;
    const archive = ref.slice(0, ref.indexOf("#"));
    const list = out.get(archive) ?? out.set(archive, []).get(archive)!;
    list.push({ entry: ref.slice(ref.indexOf("#") + 1), job });
  }
  return out;
}

/** Writes the named archives of the plan (all when `only` is absent), in this thread. */
export async function writeArchives(outDir: string, plan: SamplePlan, only?: ReadonlySet<string>): Promise<Written> {
  let bytes = 0;
  let archives = 0;
  let entries = 0;
  for (const [archive, list] of byArchive(plan)) {
    if (only && !only.has(archive)) continue;
    // Each finalized run's patch is computed from the trajectory just made (scripts/sample/patch.ts).
    const patches: { name: string; text: () => string }[] = [];
    const data = await writeArchive(
      list.map(({ entry, job }) => ({
        name: entry,
        text: () => {
          const { trajectory } = makeTrajectory({ ...job, tasks: plan.tasksById, submitText: SUBMIT_TEXT });
          const patch = finalPatch(trajectory, job.session, job.run);
          if (patch !== null && job.run.patch !== undefined)
            patches.push({ name: job.run.patch.slice(job.run.patch.indexOf("#") + 1), text: () => patch });
          return JSON.stringify(trajectory) + "\n";
        },
      })),
    );
    mkdirSync(dirname(join(outDir, archive)), { recursive: true });
    writeFileSync(join(outDir, archive), data);
    bytes += data.byteLength;
    if (patches.length > 0) {
      const patchData = await writeArchive(patches);
      mkdirSync(dirname(join(outDir, samplePatchArchiveOf(archive))), { recursive: true });
      writeFileSync(join(outDir, samplePatchArchiveOf(archive)), patchData);
    }
    archives++;
    entries += list.length;
  }
  return { archives, entries, bytes };
}

/** Rewrites trajectories/ from scratch, spreading the archives over worker threads. */
export async function writeSampleTrajectories(
  outDir: string,
  plan: SamplePlan,
  threads = Math.min(2, availableParallelism()),
): Promise<Written> {
  rmSync(join(outDir, "trajectories"), { recursive: true, force: true });
  rmSync(join(outDir, "patches"), { recursive: true, force: true });
  const names = [...byArchive(plan).keys()];
  if (threads <= 1) return writeArchives(outDir, plan);
  const shares = Array.from({ length: threads }, (_, t) => names.filter((_, i) => i % threads === t));
  const results = await Promise.all(
    shares.map(
      (archives) =>
        new Promise<Written>((resolve, reject) => {
          const w = new Worker(new URL("./trajectory-worker.mjs", import.meta.url), {
            workerData: { outDir, archives },
          });
          w.once("message", (m: Written) => resolve(m));
          w.once("error", reject);
          w.once("exit", (code) => code !== 0 && reject(new Error(`trajectory worker exited with ${code}`)));
        }),
    ),
  );
  return results.reduce((a, r) => ({
    archives: a.archives + r.archives,
    entries: a.entries + r.entries,
    bytes: a.bytes + r.bytes,
  }));
}
