// `npm run convert`'s work on real logs: one ATIF file per log, a folder for an Inspect log's samples, the
// written ATIF read back by the site's own reader with the same steps, the door's refusal for a non-log, and
// an .eval whose one sample is refused still written for the others.
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readTrajectory } from "../../lib/trajectory/chain";
import { READ_FORMATS } from "../../lib/trajectory/native/read-log";
import { parseTrajectoryText } from "../../lib/trajectory/parse-text";
import { testZip } from "../../lib/archive/testing-zip";
import { rawFrame } from "../../lib/archive/testing-zstd";
import { convertLog } from "./convert-log";

const F = "lib/trajectory/native/fixtures";
const temps: string[] = [];
const temp = async () => {
  const d = await mkdtemp(join(tmpdir(), "convert-"));
  temps.push(d);
  return d;
};
afterAll(async () => Promise.all(temps.map((d) => rm(d, { recursive: true, force: true }))));

describe("convertLog", () => {
  it("writes one ATIF file for a Claude Code session, which the site reads back unchanged", async () => {
    const out = join(await temp(), "cc.json");
    const [done] = await convertLog(`${F}/claude-code/sample_main_transcript.jsonl`, out);
    // 22 steps: 5 user, 12 agent, 5 system (fixtures/claude-code/README.md).
    expect(done).toMatchObject({ to: out, format: "claude-code", steps: 22 });
    const back = readTrajectory(parseTrajectoryText(await readFile(out, "utf8"), out), out);
    expect(back.steps.map((s) => s.source).filter((s) => s === "user")).toHaveLength(5);
    expect(back.stepTotals).toMatchObject({ prompt: 231_864, completion: 1480, cached: 223_265 });
  });

  it("writes a folder with one ATIF file per sample of an Inspect .eval log", async () => {
    const out = join(await temp(), "ais");
    const done = await convertLog(`${F}/inspect/ais-decoder.eval`, out);
    expect(done.map((d) => ("error" in d ? d.error : [d.from, d.format, d.steps]))).toEqual([
      [`${F}/inspect/ais-decoder.eval#samples/1_epoch_1.json`, "inspect", 15],
    ]);
    expect(await readdir(out)).toEqual(["1_epoch_1.json"]);
  });

  it("writes the other samples of an .eval when one is refused, and says which and why", async () => {
    const dir = await temp();
    const sample = await readFile(`${F}/inspect/handmade-sample.json`);
    const frame = rawFrame(sample);
    await writeFile(
      join(dir, "log.eval"),
      testZip([
        // The first sample's frame stops one byte short of its end.
        { name: "samples/1_epoch_1.json", content: sample, zstd: frame.subarray(0, frame.length - 1) },
        { name: "samples/2_epoch_1.json", content: sample, zstd: frame },
      ]),
    );
    const done = await convertLog(join(dir, "log.eval"), join(dir, "out"));
    // 9 steps: fixtures/inspect/README.md, "handmade-sample.json".
    expect(done).toEqual([
      {
        from: `${dir}/log.eval#samples/1_epoch_1.json`,
        error: `${dir}/log.eval#samples/1_epoch_1.json: ends inside a zstd frame (truncated)`,
      },
      expect.objectContaining({ from: `${dir}/log.eval#samples/2_epoch_1.json`, format: "inspect", steps: 9 }),
    ]);
    expect(await readdir(join(dir, "out"))).toEqual(["2_epoch_1.json"]);
  });

  it("refuses a file in no readable format with one message naming the formats read", async () => {
    await expect(convertLog("package.json", join(await temp(), "x.json"))).rejects.toThrow(
      new RegExp(
        `^package\\.json is not a trajectory format this viewer reads .*Read are: ${READ_FORMATS.replace(/[.()]/g, "\\$&")}\\.$`,
      ),
    );
  });
});
