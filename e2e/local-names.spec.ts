// Names cannot impersonate other names (issue 41): a local copy of the minimal example (data/examples/minimal),
// made here, whose first configuration's display name imitates the second's with a bidi override, or with a
// Cyrillic look-alike letter, opened on the leaderboard beside the sample's 11 published configurations.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const MINIMAL = "data/examples/minimal";
const PUBLISHED = 11;
/** The router configuration's display name in the minimal example. */
const ROUTER = "Orca-2 / OpenCode +Router";
let tmp: string;
test.beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "local-names-"));
});
test.afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of the minimal example named `name` whose configurations' display names are `names`. */
function releaseNamed(name: string, names: [string, string]): string {
  const dir = join(tmp, name);
  cpSync(MINIMAL, dir, { recursive: true });
  const configs = readFileSync(join(MINIMAL, "configs.jsonl"), "utf8").split("\n").filter(Boolean);
  const edited = configs.map((line, i) => JSON.stringify({ ...JSON.parse(line), display_name: names[i] }));
  writeFileSync(join(dir, "configs.jsonl"), `${edited.join("\n")}\n`);
  return dir;
}

async function openLocal(page: Page, dir: string) {
  await page.goto("/r/sample/");
  await expect(page.locator("tbody tr[data-config]")).toHaveCount(PUBLISHED);
  await page.getByRole("button", { name: /^Open local results/ }).click();
  await page.getByTestId("local-folder-input").setInputFiles(dir);
  await expect(page.locator("tbody tr[data-config]")).toHaveCount(PUBLISHED + 2);
}

/** The name button of a leaderboard row. */
const nameOf = (page: Page, config: string) => page.locator(`tr[data-config="${config}"] th button`);

test("a display name with a bidi override shows the override as ⟦U+202E⟧ and reads unlike the name it imitates", async ({
  page,
}) => {
  // "retuoR+" after U+202E is drawn right to left: "+Router", the router configuration's name.
  await openLocal(page, releaseNamed("bidi", ["Orca-2 / OpenCode \u202eretuoR+", ROUTER]));
  const hostile = nameOf(page, "local:orca-opencode");
  await expect(hostile).toHaveText("Orca-2 / OpenCode ⟦U+202E⟧retuoR+");
  await expect(nameOf(page, "local:orca-opencode-router")).toHaveText(ROUTER);
  expect(await hostile.textContent()).not.toContain("\u202e");
  await expect(page.getByTestId("local-problems")).toContainText(
    'warning configs.jsonl:1 [config orca-opencode] name.invisible: display_name "Orca-2 / OpenCode ⟦U+202E⟧retuoR+" holds U+202E (bidi control)',
  );
  await expect(page.getByTestId("local-entry")).toContainText(
    "Orca-2 / OpenCode ⟦U+202E⟧retuoR+, Orca-2 / OpenCode +Router",
  );
});

test("display names that look alike (a Cyrillic О for an O) are each shown with their config id", async ({ page }) => {
  await openLocal(page, releaseNamed("look-alike", ["\u041erca-2 / OpenCode +Router", ROUTER]));
  await expect(nameOf(page, "local:orca-opencode")).toHaveText("\u041erca-2 / OpenCode +Router (orca-opencode)");
  await expect(nameOf(page, "local:orca-opencode-router")).toHaveText(`${ROUTER} (orca-opencode-router)`);
  await expect(page.getByTestId("local-problems")).toContainText(
    "warning configs.jsonl:2 [config orca-opencode-router] name.confusable",
  );
});

test("the compare picker lists a local display name with its bidi override shown, not applied", async ({ page }) => {
  // Issue 58: the picker's local rows are built from the opened configs.jsonl (lib/queries/local/union.sql.ts).
  await page.goto("/r/sample/compare/");
  await page.getByRole("button", { name: /^Open local results/ }).click();
  await page
    .getByTestId("local-folder-input")
    .setInputFiles(releaseNamed("bidi-compare", ["Orca-2 / OpenCode \u202eretuoR+", ROUTER]));
  const picker = page.getByTestId("pick-a");
  await expect(picker.locator('option[value="local:orca-opencode"]')).toHaveText(
    "Orca-2 / OpenCode ⟦U+202E⟧retuoR+ (local)",
  );
  expect(await picker.textContent()).not.toContain("\u202e");
});
