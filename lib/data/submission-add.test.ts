// release:add on a copy of the sample: the checked submission is added with its provenance, the leaderboard's
// configs query reads it back, and a second addition (a collision) or a failing submission writes nothing.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadTablesNode } from "../queries/load-node";
import { openNodeDb } from "../db/node";
import { CONFIGS_SQL, type ConfigRow } from "../queries/leaderboard/sql";
import { SUBMITTED_CONFIG, writeHarborSubmission } from "./fixtures/submission";
import { loadRelease } from "./load-release";
import { addSubmission, caseTwin, provenanceConfig, trajectoryCopies } from "./submission-add";
import { MANIFEST_FILE } from "./submission-manifest";
import { releaseTables } from "./tables";

let tmp: string;
let into: string;
let harbor: string;
beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "submission-add-"));
  into = join(tmp, "sample");
  cpSync("data/releases/sample", into, { recursive: true });
  harbor = await writeHarborSubmission("data/releases/sample", join(tmp, "harbor"));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const lines = (file: string) => readFileSync(join(into, file), "utf8").split("\n").filter((l) => l.trim());

describe("release:add", () => {
  it("adds the configuration with its provenance, its four runs and their trajectories", async () => {
    const before = { configs: lines("configs.jsonl").length, runs: lines("runs.jsonl").length };
    const result = await addSubmission({ submission: harbor, into, verified: { by: "Reproduction Team (synthetic)", at: "2026-05-09" } });
    expect(result.refused).toBeNull();
    expect(result.after.filter((p) => p.level === "error")).toEqual([]);
    expect(lines("configs.jsonl")).toHaveLength(before.configs + 1);
    expect(lines("runs.jsonl")).toHaveLength(before.runs + 4);
    const added = JSON.parse(lines("configs.jsonl").at(-1)!);
    expect(added).toMatchObject({
      ...SUBMITTED_CONFIG,
      verified: { by: "Reproduction Team (synthetic)", at: "2026-05-09" },
      extra: { submission: { repeats: 1 } },
    });
    expect(added.extra.submission.missing_sessions).toHaveLength(396);
    expect(result.files).toHaveLength(4);
    for (const f of result.files) expect(existsSync(join(into, f))).toBe(true);
  });

  it("is read back by the leaderboard's configs query", async () => {
    const { release } = await loadRelease(into);
    const db = await openNodeDb();
    try {
      await loadTablesNode(db, releaseTables(release!));
      const rows = await db.query<ConfigRow>(CONFIGS_SQL);
      expect(rows.at(-1)).toMatchObject({
        config_id: "my-agent", submitted_at: "2026-05-02", submitted_by: "Example Lab (synthetic test submission)",
        report_url: "https://example.org/my-agent/report", verified_by: "Reproduction Team (synthetic)", verified_at: "2026-05-09",
      });
      expect(rows[0]).toMatchObject({ submitted_at: null, verified_by: null });
    } finally {
      db.close();
    }
  });

  it("refuses the same submission again (ids collide) and writes nothing", async () => {
    const before = readFileSync(join(into, "configs.jsonl"), "utf8");
    const result = await addSubmission({ submission: harbor, into });
    expect(result.refused).toContain("submission.collision");
    expect(readFileSync(join(into, "configs.jsonl"), "utf8")).toBe(before);
  });

  it("refuses a look-alike of the added configuration (Cyrillic а for a) and writes nothing", async () => {
    const lookAlike = join(tmp, "look-alike");
    cpSync(harbor, lookAlike, { recursive: true });
    const m = JSON.parse(readFileSync(join(lookAlike, MANIFEST_FILE), "utf8"));
    m.harbor.config = { ...m.harbor.config, config_id: "my-\u0430gent" };
    m.configs[0].config_id = "my-\u0430gent";
    writeFileSync(join(lookAlike, MANIFEST_FILE), JSON.stringify(m));
    const before = { configs: readFileSync(join(into, "configs.jsonl"), "utf8"), runs: readFileSync(join(into, "runs.jsonl"), "utf8") };
    const result = await addSubmission({ submission: lookAlike, into });
    expect(result.refused).toBe("the submission fails submission.collision");
    const collision = result.report.rules.find((r) => r.code === "submission.collision")!;
    // The importer writes the runs' ids with the Cyrillic а as "-" (my--gent.…), so the configuration alone collides.
    expect(collision.offences).toEqual([
      {
        record: "my-\u0430gent",
        message: `configuration id looks like "my-agent" (equal after case folding and Unicode's confusable mapping, TS #39), a configuration id of the published release`,
      },
    ]);
    expect({ configs: readFileSync(join(into, "configs.jsonl"), "utf8"), runs: readFileSync(join(into, "runs.jsonl"), "utf8") }).toEqual(before);
  });

  it("refuses a submission that fails the check", async () => {
    const broken = join(tmp, "broken");
    cpSync(harbor, broken, { recursive: true });
    const m = JSON.parse(readFileSync(join(broken, MANIFEST_FILE), "utf8"));
    m.harbor.config = { ...m.harbor.config, config_id: "other-agent", harness_version: undefined };
    m.configs[0].config_id = "other-agent";
    writeFileSync(join(broken, MANIFEST_FILE), JSON.stringify(m));
    const before = readFileSync(join(into, "runs.jsonl"), "utf8");
    const result = await addSubmission({ submission: broken, into });
    expect(result.refused).toBe("the submission fails submission.metadata");
    expect(readFileSync(join(into, "runs.jsonl"), "utf8")).toBe(before);
  });
});

describe("pure parts", () => {
  it("finds a path of the release that differs only by case (one file on macOS or Windows)", () => {
    const root = join(tmp, "case-twin");
    mkdirSync(join(root, "trajectories"), { recursive: true });
    writeFileSync(join(root, "trajectories", "My-Agent.zip"), "");
    expect(caseTwin(root, "trajectories/my-agent.zip")).toBe("trajectories/My-Agent.zip");
    expect(caseTwin(root, "trajectories/MY-AGENT.ZIP")).toBe("trajectories/My-Agent.zip");
    expect(caseTwin(root, "trajectories/My-Agent.zip")).toBeNull();
    expect(caseTwin(root, "trajectories/other.zip")).toBeNull();
    expect(caseTwin(root, "patches/my-agent.diff")).toBeNull();
  });

  it("copies a file, a run's own folder, or the archive of an entry", () => {
    expect(trajectoryCopies("trajectories/r.json")).toEqual(["trajectories/r.json"]);
    expect(trajectoryCopies("trajectories/r/trajectory.json")).toEqual(["trajectories/r"]);
    expect(trajectoryCopies("trajectories/p.zip#r.json")).toEqual(["trajectories/p.zip"]);
  });

  it("keeps the declarations under extra.submission and sets verified only when given", () => {
    const manifest = { submission_version: "1" as const, configs: [{ config_id: "my-agent", repeats: 3 }] };
    expect(provenanceConfig(SUBMITTED_CONFIG, manifest)).toEqual({ ...SUBMITTED_CONFIG, extra: { submission: { repeats: 3, missing_sessions: [] } } });
  });
});
