import { describe, expect, it } from "vitest";
import type { LeaderboardModel, LeaderboardRow } from "../queries/leaderboard/model";
import {
  columnsFor,
  declaredVerification,
  exportRecords,
  filterRows,
  isVerified,
  marksFor,
  parseViewState,
  provenanceOf,
  serializeViewState,
} from "./leaderboard-view";
import { toCsv } from "../common/csv";
import { gapCell, rateCell } from "./leaderboard-fixture";

const rate = (value: number) => rateCell(value);
const gap = (value: number) => gapCell(value);
function row(id: string, harness: string, u: number, s: number): LeaderboardRow {
  return {
    config: {
      config_id: id,
      model: `m-${id}`,
      harness,
      harness_version: null,
      reasoning: null,
      variant: "native",
      base_config_id: null,
      display_name: `Model, "${id}"`,
      sort_order: 0,
      is_local: false,
    },
    rates: { overall: { uninterrupted: rate(u), switched: rate(s) } },
    gaps: { overall: { switched: gap(u - s) } },
  };
}
const model: LeaderboardModel = {
  groups: ["overall", "near", "far"],
  conditions: ["uninterrupted", "switched"],
  baseline: "uninterrupted",
  scope: {},
  rows: [row("a", "X", 100, 50), row("b", "Y", 50, 50)],
};

describe("leaderboard view state", () => {
  it("round-trips through the URL and drops defaults", () => {
    const state = parseViewState("?sort=overall.switched:asc&harness=X,Y&groups=overall,far&tasks=N1", model);
    expect(state).toMatchObject({
      sort: { id: "overall.switched", desc: false },
      harness: ["X", "Y"],
      groups: ["overall", "far"],
      tasks: ["N1"],
      repos: [],
    });
    expect(serializeViewState(state, model)).toBe("?sort=overall.switched:asc&harness=X,Y&groups=overall,far&tasks=N1");
    expect(serializeViewState(parseViewState("", model), model)).toBe("");
  });

  it("ignores unknown groups", () => {
    expect(parseViewState("?groups=overall,nowhere", model).groups).toEqual(["overall"]);
  });

  it("builds columns per group: conditions, then one gap per non-baseline condition", () => {
    expect(columnsFor(model, ["overall"]).map((c) => [c.id, c.label, c.marked])).toEqual([
      ["overall.uninterrupted", "Unint", null],
      ["overall.switched", "Switch", "higher"],
      ["overall.gap.switched", "Gap", "lower"],
    ]);
    const three = { ...model, conditions: ["no-context", "oracle-summary", "retrieval"], baseline: "no-context" };
    expect(columnsFor(three, ["overall"]).map((c) => c.label)).toEqual([
      "no-context",
      "oracle-summary",
      "retrieval",
      "Gap oracle-summary",
      "Gap retrieval",
    ]);
  });

  it("filters and marks over the rows shown", () => {
    const cols = columnsFor(model, ["overall"]);
    expect(marksFor(model.rows, cols).get("overall.switched")).toEqual([
      { best: true, worst: true },
      { best: true, worst: true },
    ]);
    const onlyX = filterRows(model.rows, { ...parseViewState("", model), harness: ["X"] });
    expect(onlyX.map((r) => r.config.config_id)).toEqual(["a"]);
  });

  it("exports the shown columns with intervals and p, CSV-quoted", () => {
    const cols = columnsFor(model, ["overall"]);
    const recs = exportRecords([model.rows[1]!], cols);
    expect(recs[0]).toMatchObject({
      config_id: "b",
      overall_switched: 50,
      overall_gap_switched: 0,
      overall_gap_switched_mcnemar_p: 1,
    });
    const csv = toCsv(recs).split("\n");
    expect(csv[1]!.startsWith('b,"Model, ""b""",m-b,Y,native,,50,0,100,50,0,100,0,-1,1,1')).toBe(true);
  });
});

describe("submission provenance in the view", () => {
  const verifiedRow = (id: string, extra: Partial<LeaderboardRow["config"]>): LeaderboardRow => {
    const r = row(id, "X", 60, 40);
    return { ...r, config: { ...r.config, ...extra } };
  };
  const v = verifiedRow("v", {
    submitted_at: "2026-05-02",
    submitted_by: '=HYPERLINK("http://x")',
    report_url: "https://example.org/r",
    verified_by: "Team",
    verified_at: "2026-05-09",
  });
  const u = verifiedRow("u", { submitted_at: "2026-05-03", report_url: "javascript:alert(1)" });

  it("filters to verified entries through the URL", () => {
    const state = parseViewState("?verified=1&harness=X", model);
    expect(state.verified).toBe(true);
    expect(filterRows([v, u, ...model.rows], state).map((r) => r.config.config_id)).toEqual(["v"]);
    expect(serializeViewState(state, model)).toBe("?harness=X&verified=1");
    expect(parseViewState("?verified=0", model).verified).toBe(false);
  });

  it("links a report only when it is http(s)", () => {
    expect(provenanceOf(v.config)).toEqual({
      submittedAt: "2026-05-02",
      submittedBy: '=HYPERLINK("http://x")',
      verified: { by: "Team", at: "2026-05-09" },
      reportHref: "https://example.org/r",
    });
    expect(provenanceOf(u.config)).toMatchObject({ verified: null, reportHref: null });
    expect(provenanceOf(model.rows[0]!.config)).toEqual({
      submittedAt: null,
      submittedBy: null,
      verified: null,
      reportHref: null,
    });
  });

  it("exports the provenance after the numbers, formulas neutralised", () => {
    const cols = columnsFor(model, ["overall"]);
    const recs = exportRecords([v, u], cols);
    expect(Object.keys(recs[0]!).slice(-6)).toEqual([
      "submitted_at",
      "submitted_by",
      "report_url",
      "verified",
      "verified_by",
      "verified_at",
    ]);
    expect(recs.map((r) => [r.verified, r.verified_by])).toEqual([
      ["yes", "Team"],
      ["no", null],
    ]);
    const csv = toCsv(recs).split("\n");
    expect(csv[1]!.endsWith(`2026-05-02,"'=HYPERLINK(""http://x"")",https://example.org/r,yes,Team,2026-05-09`)).toBe(
      true,
    );
  });

  it("a local release that declares itself verified is not verified: no mark, no filter, said in the export", () => {
    const local = verifiedRow("local:l", { is_local: true, verified_by: "Me", verified_at: "2026-05-10" });
    expect(isVerified(local.config)).toBe(false);
    expect(provenanceOf(local.config).verified).toBeNull();
    expect(declaredVerification(local.config)).toEqual({ by: "Me", at: "2026-05-10" });
    expect(declaredVerification(v.config)).toBeNull();
    const state = parseViewState("?verified=1", model);
    expect(filterRows([v, local], state).map((r) => r.config.config_id)).toEqual(["v"]);
    const [rec] = exportRecords([local], columnsFor(model, ["overall"]));
    expect([rec!.verified, rec!.verified_by, rec!.verified_at]).toEqual([
      "no (declared by the local file, not checked)",
      "Me",
      "2026-05-10",
    ]);
  });
});

describe("CSV export of hostile names", () => {
  it("neutralises a display name that is a formula and keeps negative numbers as numbers", () => {
    const cols = columnsFor(model, ["overall"]);
    const hostile = {
      ...model.rows[1]!,
      config: { ...model.rows[1]!.config, display_name: '=HYPERLINK("http://evil","x")', model: "@SUM(1)" },
    };
    const line = toCsv(exportRecords([hostile], cols)).split("\n")[1]!;
    expect(
      line.startsWith(`b,"'=HYPERLINK(""http://evil"",""x"")","'@SUM(1)",Y,native,,50,0,100,50,0,100,0,-1,1,1`),
    ).toBe(true);
  });
});
