// Issue 58's zstd bombs, built at test time (lib/archive/testing-zstd.ts, zstdBombs) and run through `npm run convert`
// (scripts/convert.ts) in a child process under a data limit (`ulimit -d`, which counts ArrayBuffers, unlike
// --max-old-space-size) and a time limit: each .eval holds one hostile sample and one good one. Asserted: the
// hostile sample is refused by its rule, the good one is still converted, and the child stayed under the
// budgets below. Unbounded, the first class took past 18 GB, the slow-block classes half an hour.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testZip } from "../../lib/archive/testing-zip";
import { rawFrame, windowOf, zstdBombs } from "../../lib/archive/testing-zstd";

/** Peak resident memory of the child (Node and tsx alone take about 150 MB). */
const PEAK_RSS_BUDGET_MB = 400;
/** Wall time of the child, start-up included; the time rule (limits.ts) refuses an entry after 5 s. */
const TIME_BUDGET_MS = 30_000;
/** The child's data limit: past it an allocation fails, so a bomb that is not refused cannot take the machine. */
const DATA_LIMIT_KB = 2 * 1024 * 1024;

const SAMPLE = readFileSync("lib/trajectory/native/fixtures/inspect/handmade-sample.json");
const WIDE = windowOf(23); // 8 MB, the largest window allowed
const dir = mkdtempSync(join(tmpdir(), "zstd-bombs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `count` frames of about equal parts of `content`, each declaring an 8 MB window. */
function manyFrames(content: Buffer, count: number): Buffer {
  const step = Math.ceil(content.length / count);
  return Buffer.concat(
    Array.from({ length: count }, (_, k) =>
      rawFrame(content.subarray(k * step, (k + 1) * step), { windowDescriptor: WIDE }),
    ),
  );
}

/** Runs `npm run convert` on an .eval whose first sample is `hostile` and second the hand-made sample. */
function convert(name: string, hostile: Buffer, declare: number) {
  const log = join(dir, `${name}.eval`);
  writeFileSync(
    log,
    testZip([
      { name: "samples/1_epoch_1.json", content: "", zstd: hostile, declare },
      { name: "samples/2_epoch_1.json", content: SAMPLE, zstd: rawFrame(SAMPLE) },
    ]),
  );
  const peak = "process.on('exit',()=>process.stderr.write('maxRSS='+process.resourceUsage().maxRSS+'\\n'))";
  const started = performance.now();
  const child = spawnSync(
    "sh",
    [
      "-c",
      `ulimit -d ${DATA_LIMIT_KB} && exec "$0" --import tsx --import "data:text/javascript,${peak}" scripts/convert.ts "$1" --out "$2"`,
      process.execPath,
      log,
      join(dir, name),
    ],
    { encoding: "utf8", timeout: TIME_BUDGET_MS * 2, killSignal: "SIGKILL" },
  );
  const ms = performance.now() - started;
  const rssMB = Number(/maxRSS=(\d+)/.exec(child.stderr)?.[1] ?? NaN) / 1024;
  return { ...child, ms, rssMB, log };
}

describe("zstd bombs through npm run convert", () => {
  it.each(zstdBombs())(
    "refuses the $name class within the budgets, the good sample still converted",
    (b) => {
      const r = convert(b.name, b.frames, b.declare);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`${r.log}#samples/1_epoch_1.json not converted: ${r.log}#samples/1_epoch_1.json: `);
      expect(r.stderr).toContain(b.rule);
      expect(r.stdout).toContain(
        `${r.log}#samples/2_epoch_1.json (inspect) → ${join(dir, b.name, "2_epoch_1.json")}: 9 steps`,
      );
      expect(r.rssMB).toBeLessThan(PEAK_RSS_BUDGET_MB);
      expect(r.ms).toBeLessThan(TIME_BUDGET_MS);
    },
    TIME_BUDGET_MS * 3,
  );

  it(
    "converts a sample split into 256 frames of 8 MB windows, the most allowed, within the budgets",
    () => {
      const r = convert("most", manyFrames(SAMPLE, 256), SAMPLE.length);
      expect(r.stderr).not.toContain("not converted");
      expect(r.status).toBe(0);
      expect(r.stdout).toContain(
        `${r.log}#samples/1_epoch_1.json (inspect) → ${join(dir, "most", "1_epoch_1.json")}: 9 steps`,
      );
      expect(r.rssMB).toBeLessThan(PEAK_RSS_BUDGET_MB);
      expect(r.ms).toBeLessThan(TIME_BUDGET_MS);
    },
    TIME_BUDGET_MS * 3,
  );
});
