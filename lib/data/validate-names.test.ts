// Names as the site shows them: the tables (and so every page, export and download) hold a display name's
// invisible characters as ⟦U+…⟧ and look-alike display names with their config id; read back here by the
// leaderboard's configs query on real DuckDB.
import { afterAll, describe, expect, it } from "vitest";
import { loadTablesNode } from "../queries/load-node";
import { openNodeDb } from "../db/node";
import { CONFIGS_SQL, type ConfigRow } from "../queries/leaderboard/sql";
import { removeEditedReleases, writeEditedRelease } from "./fixtures/edited-release";
import { loadRelease } from "./load-release";
import { releaseTables } from "./tables";
import { shownDisplayNames } from "./validate-names";

afterAll(removeEditedReleases);

const IMPERSONATED = "Orca-2 / OpenCode +Router";
/** Shown left to right after the override, "retuoR+" reads "+Router": the row would look like the router's. */
const IMPERSONATOR = "Orca-2 / OpenCode \u202eretuoR+";

describe("shownDisplayNames", () => {
  it("marks invisible characters, so the impersonating name no longer reads as the other", () => {
    const shown = shownDisplayNames([
      { config_id: "a", display_name: IMPERSONATOR },
      { config_id: "b", display_name: IMPERSONATED },
    ]);
    expect(shown).toEqual(["Orca-2 / OpenCode ⟦U+202E⟧retuoR+", IMPERSONATED]);
  });

  it("adds the config id to names that still look alike: a zero-width space, a Cyrillic О, doubled spaces, equal names", () => {
    const shown = shownDisplayNames([
      { config_id: "a", display_name: "GLM-5.3 / OpenCode" },
      { config_id: "b", display_name: "GLM-5.3 / \u041epenCode" },
      { config_id: "c", display_name: "GLM-5.3  /  OpenCode" },
      { config_id: "d", display_name: "Orca" },
      { config_id: "e", display_name: "Orca" },
      { config_id: "f", display_name: "Orca\u200b" },
      { config_id: "g", display_name: "Other" },
    ]);
    expect(shown).toEqual([
      "GLM-5.3 / OpenCode (a)",
      "GLM-5.3 / \u041epenCode (b)",
      "GLM-5.3  /  OpenCode (c)",
      "Orca (d)",
      "Orca (e)",
      "Orca⟦U+200B⟧",
      "Other",
    ]);
  });
});

describe("the configs table", () => {
  it("holds the shown names and labels, read back by the leaderboard's query", async () => {
    const dir = writeEditedRelease((r) => {
      r.configs[0]!.display_name = IMPERSONATOR;
      r.configs[0]!.model = "Orca\u20662";
      r.tasks[0]!.title = "Cell\u200b padding";
    });
    const { release } = await loadRelease(dir);
    const tables = releaseTables(release!);
    expect(tables.tasks[0]!.title).toBe("Cell⟦U+200B⟧ padding");
    const db = await openNodeDb();
    try {
      await loadTablesNode(db, tables);
      const rows = await db.query<ConfigRow>(CONFIGS_SQL);
      expect(rows.map((r) => [r.config_id, r.display_name, r.model])).toEqual([
        ["orca-opencode", "Orca-2 / OpenCode ⟦U+202E⟧retuoR+", "Orca⟦U+2066⟧2"],
        ["orca-opencode-router", IMPERSONATED, "Orca-2"],
      ]);
      expect(rows[0]!.display_name).not.toBe(rows[1]!.display_name);
    } finally {
      db.close();
    }
  });
});
