import { describe, expect, it } from "vitest";
import { filterCatalog, parseCatalogState, serializeCatalogState, EMPTY_CATALOG_STATE } from "./url";
import type { CatalogModel, CatalogTask } from "./model";

function task(id: string, repo: string, group: string, scores: number[][], title = ""): CatalogTask {
  return {
    task_id: id,
    repo,
    title,
    task_group: group,
    stage_count: 1,
    f2p_count: 1,
    p2p_count: 0,
    provenances: "issue",
    first_text: `text of ${id}`,
    interruption_ids: "",
    interruption_count: 0,
    scores,
    resolvedBy: [],
  };
}

// Two configurations (rows), conditions [baseline, other] (columns).
const MODEL: CatalogModel = {
  conditions: ["u", "s"],
  baseline: "u",
  groups: ["near", "far"],
  configs: [
    { config_id: "c1", display_name: "C1", variant: "native" },
    { config_id: "c2", display_name: "C2", variant: "native" },
  ],
  tasks: [
    task(
      "A",
      "r/one",
      "near",
      [
        [1, 0],
        [1, 1],
      ],
      "Widget cache",
    ),
    task("B", "r/one", "far", [
      [0, 1],
      [0, 0],
    ]),
    task("C", "r/two", "far", [
      [0, 0],
      [0, 0],
    ]),
  ],
};
const ids = (s: Partial<typeof EMPTY_CATALOG_STATE>) =>
  filterCatalog(MODEL, { ...EMPTY_CATALOG_STATE, ...s }).map((t) => t.task_id);

describe("catalog filters", () => {
  it("searches id, title, repository and the first request", () => {
    expect(ids({ q: "widget" })).toEqual(["A"]);
    expect(ids({ q: "R/TWO" })).toEqual(["C"]);
    expect(ids({ q: "text of b" })).toEqual(["B"]);
  });

  it("filters by repository and group", () => {
    expect(ids({ repos: ["r/one"], groups: ["far"] })).toEqual(["B"]);
  });

  it("filters by outcome for one configuration or any", () => {
    expect(ids({ outcome: "lost" })).toEqual(["A"]);
    expect(ids({ outcome: "lost", config: "c2" })).toEqual([]);
    expect(ids({ outcome: "gained" })).toEqual(["B"]);
    expect(ids({ outcome: "never" })).toEqual(["C"]);
    expect(ids({ outcome: "never", config: "c2" })).toEqual(["B", "C"]);
  });

  it("round-trips through the URL and ignores unknown values", () => {
    const s = { q: "a b", repos: ["r/one"], groups: ["far"], config: "c1", outcome: "lost" as const };
    expect(parseCatalogState(serializeCatalogState(s), MODEL)).toEqual(s);
    expect(parseCatalogState("?config=nope&outcome=weird&group=mid", MODEL)).toEqual(EMPTY_CATALOG_STATE);
  });
});
