// One measured run of the build's trajectory pass, in its own process so its peak resident memory is its own:
// `tsx scripts/bench/pass-run.ts <release dir> <share 0..1> <cache dir | off>` prints one JSON line. The share
// keeps every k-th run (by run id), so 10 % and 100 % read trajectories of the same kinds.
import { loadRelease } from "../../lib/data/load-release";
import { releaseTables } from "../../lib/data/tables";
import { loadTablesNode } from "../../lib/queries/load-node";
import { openNodeDb } from "../../lib/db/node";
import { runTrajectoryPass } from "../build/trajectory-pass/pass";

const [dir, shareText, cache] = process.argv.slice(2);
const share = Number(shareText);
const { release } = await loadRelease(dir!);
if (!release) throw new Error(`${dir}: not a loadable release`);
const db = await openNodeDb();
await loadTablesNode(db, releaseTables(release));
const ids = release.runs
  .filter((r) => r.trajectory !== undefined)
  .map((r) => r.run_id)
  .sort();
const every = Math.max(1, Math.round(1 / share));
const kept = new Set(ids.filter((_, i) => i % every === 0));
const rssBeforeKb = process.resourceUsage().maxRSS;
const cpuBefore = process.cpuUsage();
const { stats } = await runTrajectoryPass(db, dir!, release.meta.submit_text ?? null, {
  cacheDir: cache === "off" ? null : cache!,
  skip: (id) => !kept.has(id),
});
db.close();
// CPU time of every thread of the process: on a shared machine, the part of the time that is the pass's own.
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;
console.log(JSON.stringify({ ...stats, rssBeforeKb, maxRssKb: process.resourceUsage().maxRSS, cpuMs }));
