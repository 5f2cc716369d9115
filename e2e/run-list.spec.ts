// The run list holds its index and first page in the HTML and reads the rest a configuration at a time, from the
// build's answers (lib/queries/trajectory/run-list.ts). The expected counts come from the sample's own runs.jsonl and
// sessions.jsonl, never from the built files.
import { readFileSync } from "node:fs";
import type { BuiltReleaseMeta } from "../lib/data/built";
import { answerShard } from "../lib/db/answers";
import { expect, test } from "./fixtures";
import { SAMPLE, sampleRuns } from "./sample-trajectory";

function sessionConditions(): Map<string, string> {
  return new Map(
    readFileSync(`${SAMPLE}/sessions.jsonl`, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { session_id: string; condition: string })
      .map((s) => [s.session_id, s.condition]),
  );
}

test("the sample's run list: the first page with no file fetched, a filter over every configuration, a page across two", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on("request", (r) => r.url().includes("/answers/config/") && fetched.push(r.url()));
  const runs = [...sampleRuns().values()];
  const rows = page.locator("[data-run]");
  const count = page.getByTestId("run-count");

  await page.goto("/r/sample/runs/");
  await expect(count).toHaveText(`${runs.length} of ${runs.length} runs`);
  await expect(rows).toHaveCount(100);
  expect(fetched).toEqual([]);

  // Every switched run of the sample, found by reading every configuration's file.
  const conditionOf = sessionConditions();
  const switched = runs.filter((r) => conditionOf.get(r.session_id) === "switched").length;
  await page.getByLabel("condition").selectOption("switched");
  await expect(count).toHaveText(`${switched} of ${runs.length} runs`);
  const configs = await page
    .getByLabel("configuration")
    .locator("option")
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  // Each configuration's runs are an answer of the build's, in the shard its id hashes to.
  const shards = (JSON.parse(readFileSync("public/data/sample/release.json", "utf8")) as BuiltReleaseMeta).answers!
    .config!;
  const files = new Set(configs.map((c) => `${answerShard(c, shards)}.json`));
  expect(new Set(fetched.map((u) => u.split("/").pop()))).toEqual(files);

  // The page where the first configuration's runs end and the second's begin.
  const first = runs.filter((r) => r.config_id === configs[0]).length;
  await page.goto(`/r/sample/runs/?page=${Math.floor(first / 100) + 1}`);
  await expect(page.getByTestId("run-page")).toHaveText(
    `page ${Math.floor(first / 100) + 1} of ${Math.ceil(runs.length / 100)}`,
  );
  const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-run")!));
  const own = first % 100;
  expect(ids).toHaveLength(100);
  expect(ids.slice(0, own).every((id) => sampleRuns().get(id)!.config_id === configs[0])).toBe(true);
  expect(ids.slice(own).every((id) => sampleRuns().get(id)!.config_id === configs[1])).toBe(true);

  // One configuration: its runs alone.
  await page.getByLabel("configuration").selectOption(configs[1]!);
  const second = runs.filter((r) => r.config_id === configs[1]).length;
  await expect(count).toHaveText(`${second} of ${runs.length} runs`);
});
