// The SQL console's tables come from its release source: the published release's files under /data/<id>/, the
// steps index's parts (lazy, with the flat `steps` view over them), then each open local release in its schema.
import { describe, expect, it } from "vitest";
import type { LocalTables } from "../local/db";
import type { StepsManifest } from "../queries/search/shards";
import { combinedSource } from "./combined";
import { consoleTables } from "./console-tables";

const file = (f: string) => ({ file: f, rows: 1, bytes: 1 });

const steps = {
  table: "steps",
  rows: 2,
  shards: [
    { ...file("steps/00.arrow"), config_id: "a" },
    { ...file("steps/01.arrow"), config_id: "b" },
  ],
  texts: [{ ...file("steps/texts-command-0.arrow"), field: "command" }],
  runs: file("steps/runs.arrow"),
  contexts: file("steps/contexts.arrow"),
  tools: [],
  parquetBytes: 0,
  grams: null,
} as StepsManifest;

const local: LocalTables = {
  localId: "local-2",
  names: ["runs", "configs"],
  urls: [],
  source: { url: (t) => `blob:page/${t}` },
};

const brief = (sources: ReturnType<typeof consoleTables>) =>
  sources.map((s) => ({ at: `${s.schema}.${s.table}`, urls: s.urls, lazy: s.lazy ?? false }));

describe("consoleTables", () => {
  it("serves the published tables the build wrote from the release's folder, eagerly", () => {
    expect(brief(consoleTables(combinedSource("r1", []), ["runs", "configs"], null))).toEqual([
      { at: "main.runs", urls: ["/data/r1/runs.arrow"], lazy: false },
      { at: "main.configs", urls: ["/data/r1/configs.arrow"], lazy: false },
    ]);
  });

  it("adds the steps index's parts, lazily, and the flat steps view over its four tables", () => {
    const sources = consoleTables(combinedSource("r1", []), [], steps);
    expect(brief(sources)).toEqual([
      { at: "main.step_runs", urls: ["/data/r1/steps/runs.arrow"], lazy: true },
      { at: "main.step_contexts", urls: ["/data/r1/steps/contexts.arrow"], lazy: true },
      { at: "main.step_texts", urls: ["/data/r1/steps/texts-command-0.arrow"], lazy: true },
      { at: "main.step_index", urls: ["/data/r1/steps/00.arrow", "/data/r1/steps/01.arrow"], lazy: true },
      { at: "main.steps", urls: [], lazy: true },
    ]);
    expect(sources[2]!.transform).toBeDefined();
    expect(sources[4]!.view!.needs).toEqual(["step_runs", "step_contexts", "step_texts", "step_index"]);
  });

  it("puts each open local release after the published tables, in a schema named after its id", () => {
    const source = combinedSource("r1", [{ tables: local, files: { find: () => Promise.resolve(null) } }]);
    expect(brief(consoleTables(source, ["runs"], null))).toEqual([
      { at: "main.runs", urls: ["/data/r1/runs.arrow"], lazy: false },
      { at: "local_2.runs", urls: ["blob:page/runs"], lazy: false },
      { at: "local_2.configs", urls: ["blob:page/configs"], lazy: false },
    ]);
  });
});
