// The task catalog and a task page on benchmark-mini (EXPECTED.md): filters in the URL, and the matched
// schedules with every focus request aligned across sessions.
import { expect, test } from "./fixtures";

const rowIds = (page: import("@playwright/test").Page) =>
  page
    .locator('[data-testid="catalog-table"] tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-task")));

test("the catalog lists every focus task with its facts and outcomes", async ({ page }) => {
  await page.goto("/r/benchmark-mini/tasks/");
  expect(await rowIds(page)).toEqual(["A", "B", "C"]);
  const a = page.locator('tr[data-task="A"]');
  await expect(a.locator('td[data-col="stages"]')).toHaveText("3 · irr");
  await expect(a.locator('td[data-col="tests"]')).toHaveText("2 / 1");
  await expect(a.locator('td[data-col="interruptions"]')).toHaveText("2");
  await expect(a.locator('td[data-col="resolved.uninterrupted"]')).toHaveText("4/4");
  await expect(a.locator('td[data-col="resolved.switched"]')).toHaveText("2/4");
});

test("search and filters narrow the list and live in the URL", async ({ page }) => {
  await page.goto("/r/benchmark-mini/tasks/");
  await page.getByLabel("search tasks").fill("duration");
  expect(await rowIds(page)).toEqual(["B"]);
  await page.getByLabel("search tasks").fill("");
  await page.getByLabel("configuration").selectOption("n2");
  await page.getByLabel("outcome").selectOption("never");
  await expect(page).toHaveURL(/config=n2&outcome=never/);
  expect(await rowIds(page)).toEqual(["B"]);
  await page.goto("/r/benchmark-mini/tasks/?group=far&outcome=lost");
  await expect(page.getByTestId("catalog-count")).toHaveText("2 of 3 focus tasks");
  expect(await rowIds(page)).toEqual(["B", "C"]);
});

test("a task page aligns the focus requests of both sessions", async ({ page }) => {
  await page.goto("/r/benchmark-mini/tasks/");
  await page.locator('tr[data-task="A"] a').click();
  await expect(page).toHaveURL(/\/r\/benchmark-mini\/tasks\/A\/$/);
  const table = page.getByTestId("aligned-schedules");
  const focus = table.locator('tr[data-kind="focus"]');
  await expect(focus).toHaveCount(4);
  const rows = await focus.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.getAttribute("data-payload"))),
  );
  expect(rows).toEqual([
    ["A|1|/w/a", "A|1|/w/a"],
    ["A|2|/w/a", "A|2|/w/a"],
    ["A|3|/w/a", "A|3|/w/a"],
    ["A|submit|/w/a", "A|submit|/w/a"],
  ]);
  const others = await table
    .locator('tr[data-kind="other"]')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.getAttribute("data-payload"))));
  expect(others).toEqual([
    [null, "X1|1|/w/x1"],
    [null, "X2|1|/w/x2"],
    [null, "X1|2|/w/x1"],
  ]);
  await expect(page.getByTestId("projection-switched")).toContainText("π(focus) = S_base ✓");
  await expect(page.locator('li[data-stage="2"] [data-provenance]')).toHaveText("review");
  await expect(
    page.locator('[data-testid="task-outcomes"] tr[data-config="n2"] td[data-col="switched"]'),
  ).toContainText("incomplete");
  await expect(page.locator('nav[aria-label="release pages"] [aria-current="page"]')).toHaveText("Tasks");
});
