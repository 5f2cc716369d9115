import { loadRelease } from "../../lib/data/load-release";
import { releaseTables } from "../../lib/data/tables";
import { loadTablesNode } from "../../lib/db/load-node";
import { openNodeDb } from "../../lib/db/node";
import { runTrajectoryPass } from "../build/trajectory-pass/pass";
const [dir, shareText] = process.argv.slice(2);
const share = Number(shareText);
const { release } = await loadRelease(dir!);
const db = await openNodeDb();
await loadTablesNode(db, releaseTables(release!));
const ids = release!.runs
  .filter((r) => r.trajectory !== undefined)
  .map((r) => r.run_id)
  .sort();
const every = Math.max(1, Math.round(1 / share));
const kept = new Set(ids.filter((_, i) => i % every === 0));
const t0 = Date.now();
let peak = 0;
const iv = setInterval(() => {
  const r = process.memoryUsage().rss;
  if (r > peak) {
    peak = r;
  }
  const m = process.memoryUsage();
  process.stderr.write(
    `${((Date.now() - t0) / 1000).toFixed(0)}s rss=${(r / 1e6).toFixed(0)} heap=${(m.heapUsed / 1e6).toFixed(0)} ext=${(m.external / 1e6).toFixed(0)} ab=${(m.arrayBuffers / 1e6).toFixed(0)}\n`,
  );
}, 2000);
const { stats } = await runTrajectoryPass(db, dir!, null, { cacheDir: null, skip: (id) => !kept.has(id) });
clearInterval(iv);
console.log(JSON.stringify({ ms: stats.ms, maxRss: process.resourceUsage().maxRSS }));
