// What validates, builds (docs/data-format.md, "What the build makes of ids"): the file names the validator
// computes from ids are the ones DuckDB and Next make, and an id whose name is one byte past the file system's
// limit is refused by the validator (rule id.too_long) where one at the limit builds, on real DuckDB.
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import escapePathDelimiters from "next/dist/shared/lib/router/utils/escape-path-delimiters";
import { afterAll, describe, expect, it } from "vitest";
import { removeEditedReleases, writeEditedRelease, type ReleaseRecords } from "../../lib/data/fixtures/edited-release";
import { hivePartitionName, NAME_MAX_BYTES, pageEntryName } from "../../lib/data/id-file-names";
import { loadRelease } from "../../lib/data/load-release";
import { validateRelease } from "../../lib/data/validate";
import { openNodeDb } from "../../lib/db/node";
import { sqlString } from "../../lib/db/sql";
import { buildRelease } from "./build-release";

const temps: string[] = [];
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterAll(() => {
  removeEditedReleases();
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The minimal example's router configuration renamed to `id` (its record and its runs' config_id; run ids kept). */
const renameConfig = (id: string) => (r: ReleaseRecords) => {
  for (const x of [...r.configs, ...r.runs]) if (x.config_id === "orca-opencode-router") x.config_id = id;
};

/** The minimal example with task widgets-102 (a focus task) renamed to `id` everywhere it is named. */
const renameTask = (id: string) => (r: ReleaseRecords) => {
  r.tasks = JSON.parse(JSON.stringify(r.tasks).replaceAll('"widgets-102"', JSON.stringify(id)));
  r.sessions = JSON.parse(JSON.stringify(r.sessions).replaceAll('"widgets-102"', JSON.stringify(id)));
};

async function tooLong(edit: (r: ReleaseRecords) => void): Promise<string[]> {
  const { release } = await loadRelease(writeEditedRelease(edit));
  const problems = validateRelease(release!);
  expect(problems.filter((p) => p.level === "error" && p.rule !== "id.too_long")).toEqual([]);
  return problems.filter((p) => p.rule === "id.too_long").map((p) => `${p.file}:${p.line ?? "-"} ${p.message}`);
}

describe("the names the build makes of ids", () => {
  it("DuckDB names a Hive partition folder as hivePartitionName does, escaping every byte but A–Z a–z 0–9 - . _ ~", async () => {
    const ids = ["caf\u00e9", "a/b", "e f", "~x_y.z-1", "100%", "\u{1f642}", "q\"r'", "Aa", "\u043e"];
    const db = await openNodeDb();
    const out = temp("hive-names-");
    try {
      await db.run(
        `CREATE TABLE t AS SELECT * FROM (VALUES ${ids.map((id, i) => `(${sqlString(id)}, ${i})`).join(", ")}) v(config_id, n)`,
      );
      await db.run(`COPY t TO ${sqlString(join(out, "t"))} (FORMAT parquet, PARTITION_BY (config_id))`);
    } finally {
      db.close();
    }
    expect(readdirSync(join(out, "t")).sort()).toEqual(ids.map(hivePartitionName).sort());
    expect(hivePartitionName("caf\u00e9")).toBe("config_id=caf%C3%A9");
  });

  it("Next's static export names a page folder with its own escapePathDelimiters, plus .segments", () => {
    for (const id of ["widgets-102", "a/b#c?d\\e", "x%2fy", "caf\u00e9", "%41"]) {
      expect(pageEntryName(id)).toBe(`${escapePathDelimiters(id, true)}.segments`);
    }
    expect(pageEntryName("a/b")).toBe("a%2Fb.segments");
  });
});

describe("id.too_long", () => {
  it("a config id of 250 characters is refused: its partition folder would be 260 bytes", async () => {
    const id = "c".repeat(250);
    expect(await tooLong(renameConfig(id))).toEqual([
      `configs.jsonl:2 config id "${"c".repeat(40)}…${"c".repeat(12)}" (250 characters, 250 bytes) would make its Hive partition folder (config_id=<id>, percent-encoded) 260 bytes long, over the file system's 255-byte limit on a name`,
    ]);
    // Not an arbitrary bound: DuckDB cannot write that folder.
    const db = await openNodeDb();
    try {
      const to = sqlString(join(temp("hive-long-"), "t"));
      await expect(
        db.run(
          `COPY (SELECT ${sqlString(id)} AS config_id, 1 AS n) TO ${to} (FORMAT parquet, PARTITION_BY (config_id))`,
        ),
      ).rejects.toThrow(/directory/i);
    } finally {
      db.close();
    }
  });

  it("counts UTF-8 bytes as DuckDB escapes them: 82 × é is 164 bytes, 492 escaped", async () => {
    const [message] = await tooLong(renameConfig("\u00e9".repeat(82)));
    expect(message).toMatch(/\(82 characters, 164 bytes\) would make its Hive partition folder .* 502 bytes long/);
    expect(await tooLong(renameConfig("\u00e9".repeat(40)))).toEqual([]); // 10 + 40 · 6 = 250 bytes
  });

  it("a focus task id whose page folder would pass 255 bytes; a run id whose trajectory file would; a release id", async () => {
    expect(await tooLong(renameTask("t".repeat(246)))).toEqual([]);
    const [task] = await tooLong(renameTask("t".repeat(247)));
    expect(task).toMatch(
      /^tasks.jsonl:2 task id .* \(247 characters, 247 bytes\) would make its task page's folder name \(<task_id>.segments\) 256 bytes long/,
    );
    const [run] = await tooLong((r) => {
      r.runs[0]!.run_id = "r".repeat(248);
    });
    expect(run).toMatch(
      /^runs.jsonl:1 run id .* would make its trajectory's file name \(<run_id>.json.gz\) 256 bytes long/,
    );
    const [release] = await tooLong((r) => {
      r.release.release_id = "x".repeat(247);
    });
    expect(release).toMatch(/^release.json:- release_id .* 256 bytes long/);
  });

  it("a config id just under the limit (245 characters) builds, on real DuckDB, its folder name 255 bytes", async () => {
    const id = "c".repeat(NAME_MAX_BYTES - "config_id=".length);
    const dir = writeEditedRelease(renameConfig(id));
    const out = temp("build-long-id-");
    const { entry, problems } = await buildRelease(dir, out);
    expect(problems.filter((p) => p.level === "error")).toEqual([]);
    expect(entry?.release_id).toBe("minimal");
    const folder = join(out, "minimal", "hive", "runs", `config_id=${id}`);
    expect(existsSync(join(folder, "data_0.parquet"))).toBe(true);
    expect(`config_id=${id}`).toHaveLength(255);
  }, 120_000);

  it("the build refuses the 250-character one before writing anything", async () => {
    const dir = writeEditedRelease(renameConfig("c".repeat(250)));
    const out = temp("build-too-long-");
    const { entry, problems } = await buildRelease(dir, out);
    expect(entry).toBeNull();
    expect(problems.filter((p) => p.level === "error").map((p) => `${p.file}:${p.line} ${p.rule}`)).toEqual([
      "configs.jsonl:2 id.too_long",
    ]);
    expect(readdirSync(out)).toEqual([]);
  });
});
