// `npm run data`: validate every release and write the tables the site reads (public/data/<release>/).
// Releases come from data/releases/ (or the folders listed in DATA_RELEASES, separated by ':': folders of
// releases, or releases).
// A release with validation errors stops the build: a published page must never rest on broken data.
import { existsSync, lstatSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Problem } from "../lib/data/schema";
import { buildRelease } from "./build/build-release";
import { ensureGenerated } from "./build/generated-files";
import { formatProblem, sortProblems, summarize } from "../lib/data/validate-report";

const roots = (process.env.DATA_RELEASES ?? "data/releases").split(":").filter(Boolean);
const outRoot = resolve(process.env.DATA_OUT ?? "public/data");

/**
 * Each root is a folder of releases, or one release itself (a folder with release.json): the scale bench builds
 * one. A release folder that is a symbolic link is refused, not followed: a pull request could add one pointing
 * anywhere on the build host.
 */
function releaseDirs(): { dirs: string[]; links: string[] } {
  const dirs: string[] = [];
  const links: string[] = [];
  for (const root of roots) {
    if (existsSync(join(root, "release.json"))) dirs.push(root);
    else if (existsSync(root))
      for (const name of readdirSync(root).sort()) {
        const dir = join(root, name);
        const info = lstatSync(dir);
        if (info.isSymbolicLink()) links.push(dir);
        else if (info.isDirectory() && existsSync(join(dir, "release.json"))) dirs.push(dir);
      }
  }
  return { dirs, links };
}

/** Every error; warnings at most 5 per rule (the validator CLI lists them all). */
function printProblems(dir: string, problems: Problem[]) {
  const shown = new Map<string, number>();
  for (const p of sortProblems(problems)) {
    const n = (shown.get(p.rule) ?? 0) + 1;
    shown.set(p.rule, n);
    if (p.level === "error" || n <= 5) console.log(`  ${formatProblem(p)}`);
  }
  for (const [rule, n] of shown)
    if (n > 5) console.log(`  … ${n - 5} more ${rule} warnings (npm run data:validate -- ${dir})`);
  console.log(summarize(problems, dir));
}

async function main() {
  const { dirs, links } = releaseDirs();
  for (const link of links) console.error(`✗ ${link}: a symbolic link, not a release folder; refused (path.link)`);
  if (dirs.length === 0) throw new Error(`no release found under ${roots.join(", ")}`);
  rmSync(outRoot, { recursive: true, force: true });
  mkdirSync(outRoot, { recursive: true });
  const index = [];
  let failed = false;
  for (const dir of dirs) {
    const started = performance.now();
    const generated = await ensureGenerated(dir);
    if (generated)
      console.log(
        `  generated ${generated.entries} trajectories into ${generated.archives} archives (${(generated.bytes / 1e6).toFixed(1)} MB) in ${(generated.ms / 1000).toFixed(1)} s`,
      );
    const result = await buildRelease(dir, outRoot);
    printProblems(dir, result.problems);
    const pass = result.pass;
    if (pass && pass.runs > 0) {
      console.log(
        `  trajectory pass: ${pass.runs} trajectories (${pass.analyzed} analysed, ${pass.cached} from the cache, ${pass.unreadable} unreadable), ` +
          `${(pass.bytes / 1e6).toFixed(1)} MB in ${(pass.ms / 1000).toFixed(1)} s; ${Object.entries(pass.rows)
            .map(([t, n]) => `${t} ${n}`)
            .join(", ")}`,
      );
    }
    if (!result.entry) {
      failed = true;
      console.error(`✗ ${dir}: not built (${result.problems.filter((p) => p.level === "error").length} errors)`);
      continue;
    }
    index.push(result.entry);
    console.log(
      `✓ ${dir} → ${join(outRoot, result.entry.release_id)} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const defaultId = process.env.DEFAULT_RELEASE ?? "sample";
  index.sort((a, b) => Number(b.release_id === defaultId) - Number(a.release_id === defaultId));
  writeFileSync(join(outRoot, "releases.json"), JSON.stringify({ releases: index }, null, 1) + "\n");
  if (failed || links.length > 0) process.exit(1);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
