// Data build time (`npm run data` from a fresh checkout's state, then again with the trajectories already
// generated), determinism, and output sizes per table.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export interface DataBench {
  buildSeconds: number[];
  identical: boolean;
  tables: { name: string; rows: number; arrow: number; arrowGzip: number; parquet: number }[];
  trajectories: { files: number; bytes: number };
  totalBytes: number;
}

function treeHash(dir: string): string {
  const h = createHash("sha256");
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(p).update(readFileSync(p));
    }
  };
  walk(dir);
  return h.digest("hex");
}

function dirBytes(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    if (s.isDirectory()) {
      const sub = dirBytes(p);
      files += sub.files;
      bytes += sub.bytes;
    } else {
      files++;
      bytes += s.size;
    }
  }
  return { files, bytes };
}

/**
 * The first run starts without the sample's generated trajectories (their stamp removed), so it times the whole
 * `npm run data` a fresh checkout runs, trajectory generation and analysis included; later runs reuse both.
 */
export function benchData(release = "sample", runs = 2): DataBench {
  const seconds: number[] = [];
  const hashes: string[] = [];
  for (let i = 0; i < runs; i++) {
    if (i === 0) {
      rmSync(join("data", "releases", "sample", ".trajectories-stamp"), { force: true });
      // A fresh checkout has no trajectory-pass cache either (scripts/build/trajectory-pass/cache-dir.ts).
      rmSync(join(".cache", "trajectory-pass"), { recursive: true, force: true });
    }
    const t0 = performance.now();
    execFileSync("npm", ["run", "--silent", "data"], {
      stdio: "ignore",
      env: { ...process.env, DATA_RELEASES: "data/releases" },
    });
    seconds.push((performance.now() - t0) / 1000);
    hashes.push(treeHash(join("public", "data")));
  }
  const out = join("public", "data", release);
  const meta = JSON.parse(readFileSync(join(out, "release.json"), "utf8")) as {
    tables: { name: string; rows: number }[];
  };
  const tables = meta.tables.map((t) => {
    const arrow = readFileSync(join(out, `${t.name}.arrow`));
    return {
      name: t.name,
      rows: t.rows,
      arrow: arrow.length,
      arrowGzip: gzipSync(arrow, { level: 9 }).length,
      parquet: statSync(join(out, `${t.name}.parquet`)).size,
    };
  });
  return {
    buildSeconds: seconds,
    identical: hashes.every((h) => h === hashes[0]),
    tables,
    trajectories: dirBytes(join(out, "trajectories")),
    totalBytes: dirBytes(out).bytes,
  };
}
