// What a first-time visitor needs: the About page, definitions on headers (keyboard and touch), exports
// read back against the page, links between views, Back and Forward, popovers that close, the skip link,
// the permalink confirmation and the trajectory search position. Known answers: e2e/fixtures/releases/
// handcalc/EXPECTED.md (beta: 3/4 resolved uninterrupted, 1/4 switched overall; McNemar p = 0.5).
import type { Download, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { MATCHED_RUN, RUN, TASK } from "./site-pages";

async function text(d: Download): Promise<string> {
  return (await (await d.createReadStream()).toArray().then((c) => Buffer.concat(c))).toString("utf8");
}

/** Clicks an export button and returns the file's name and its parsed content. */
async function exportOf(page: Page, button: Locator): Promise<{ name: string; body: string }> {
  const [d] = await Promise.all([page.waitForEvent("download"), button.click()]);
  return { name: d.suggestedFilename(), body: await text(d) };
}

function parseCsv(body: string): Record<string, string>[] {
  // Enough for our files: quoted cells with doubled quotes, no newline inside a cell in these tables.
  const split = (line: string) => {
    const out: string[] = [];
    let cur = "";
    let q = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (q) {
        if (ch === '"' && line[i + 1] === '"') {
          cur += '"';
          i++;
        } else if (ch === '"') q = false;
        else cur += ch;
      } else if (ch === '"') q = true;
      else if (ch === ",") {
        out.push(cur);
        cur = "";
      } else cur += ch;
    }
    out.push(cur);
    return out;
  };
  const [head, ...rows] = body.trim().split("\n");
  const keys = split(head!);
  return rows.map((r) => Object.fromEntries(split(r).map((v, i) => [keys[i]!, v])));
}

test("the About page defines the terms, cites the paper, and every page links to it", async ({ page }) => {
  await page.goto("/r/sample/cost/");
  await page.getByRole("link", { name: "About · how to read" }).click();
  await expect(page).toHaveURL(/\/about\/$/);
  const about = page.getByTestId("about");
  await expect(about.locator("h2#near-and-far")).toBeVisible();
  await expect(about).toContainText("at least one common directory");
  await expect(about).toContainText("Switch-Focus");
  await expect(about).toContainText("McNemar");
  await expect(about).toContainText("Requirement-state loss");
  await expect(about.locator('pre[data-lang="bibtex"]')).toContainText("arXiv:2611.02017");
  await expect(about.getByRole("link", { name: /Switch-SWE: Do Coding Agents Hold Focus/ })).toHaveAttribute(
    "href",
    "https://arxiv.org/abs/2611.02017",
  );
});

test("a header's definition opens with the keyboard, closes on Escape and on a click outside", async ({ page }) => {
  await page.goto("/r/handcalc/");
  const button = page.locator('th[data-col="overall.gap.switched"] [data-term="gap"] [role="button"]');
  await button.focus();
  await page.keyboard.press("Enter");
  const note = page.locator('th[data-col="overall.gap.switched"] [role="note"]');
  await expect(note).toContainText("Uninterrupted minus switched resolution");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(note).toHaveCount(0);
  await button.click();
  await expect(note).toBeVisible();
  await page
    .getByRole("heading", { name: /Gap by repository/ })
    .or(page.getByTestId("scope"))
    .first()
    .click();
  await expect(note).toHaveCount(0);
});

test("the leaderboard export carries k and n beside the rates, and its file name the subset", async ({ page }) => {
  await page.goto("/r/handcalc/?groups=overall&repos=acme/widgets");
  // One repository: the build's file (lib/queries/leaderboard/repo-files.ts), the same numbers DuckDB-WASM gives.
  await expect(page.getByTestId("scope")).toContainText("computed at build time");
  const csv = await exportOf(page, page.getByRole("button", { name: "Export CSV" }));
  expect(csv.name).toBe("handcalc-leaderboard-repos-acme-widgets.csv");
  const beta = parseCsv(csv.body).find((r) => r.config_id === "beta")!;
  expect(beta).toMatchObject({
    overall_uninterrupted_resolved: "3",
    overall_uninterrupted_n: "4",
    overall_switched_resolved: "1",
    overall_switched_n: "4",
  });
  expect(beta.overall_switched).toBe(
    await page
      .locator('tr[data-config="beta"] td[data-col="overall.switched"]')
      .innerText()
      .then((t) => String(Number(t))),
  );
});

test("cost, failure, ablation, catalog, compare, repository and runs exports equal the page", async ({ page }) => {
  // Cost page: usage per run.
  await page.goto("/r/handcalc/cost/");
  const usage = await exportOf(page, page.getByRole("button", { name: "Export usage per run as CSV" }));
  expect(usage.name).toMatch(/^handcalc-cost-usage-overall-switched-cached\.csv$/);
  const rows = parseCsv(usage.body);
  const tokensKey = Object.keys(rows[0]!)[1]!;
  expect(tokensKey).toMatch(/· Unint$/);
  const shownTokens = await page.locator('[data-testid="cost-table"] td[data-col="tokens.base"]').allInnerTexts();
  expect(rows.map((r) => Number(r[tokensKey]))).toEqual(shownTokens.map(Number));
  // EXPECTED.md: an uninterrupted run uses 6,000 tokens = 0.006 M.
  expect(shownTokens.map(Number)).toContain(0.006);
  // Failure breakdown: every count of every row.
  const failures = JSON.parse(
    (await exportOf(page, page.getByRole("button", { name: "Export failure breakdown as JSON" }))).body,
  ) as Record<string, unknown>[];
  const shown = await page
    .locator('[data-testid="failure-table"] tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td[data-outcome]")].map((td) => Number(td.textContent))),
    );
  expect(
    failures.map((r) =>
      ["Implementation", "Submission", "Incomplete execution", "No run", "Unresolved", "Resolved"].map((k) => r[k]),
    ),
  ).toEqual(shown);

  // Ablation: rate, its k of n, the gain and the printed p.
  await page.goto("/r/benchmark-mini/ablation/");
  const family = page.locator("table[data-family]").first();
  const abl = JSON.parse(
    (
      await exportOf(
        page,
        page
          .locator("[data-export-scope]")
          .first()
          .getByRole("button", { name: /as JSON/ }),
      )
    ).body,
  ) as Record<string, unknown>[];
  const firstRate = Number(
    await family.locator("tbody tr").first().locator('td[data-col="overall.switched"] [data-stat="rate"]').innerText(),
  );
  const key = Object.keys(abl[0]!).find((k) => /Overall · Switch/.test(k) && !/ (k|n|rate|gain|p|gap)$/.test(k))!;
  // The file keeps the unrounded rate; the page shows one decimal. The rate is k of n.
  const rate = abl[0]![key] as number;
  expect(Number(rate.toFixed(1))).toBe(firstRate);
  expect((100 * (abl[0]![`${key} k`] as number)) / (abl[0]![`${key} n`] as number)).toBeCloseTo(rate, 9);
  const printedP = await family.locator('[data-gain-test] [data-stat="p"]').first().innerText();
  expect(printedP.length).toBeGreaterThan(0);

  // Catalog: the rows shown after a filter, with k / n of configurations that resolved each task.
  await page.goto("/r/handcalc/tasks/?group=near");
  await expect(page.getByTestId("catalog-count")).toHaveText("2 of 4 focus tasks");
  const cat = JSON.parse(
    (await exportOf(page, page.getByRole("button", { name: "Export task catalog as JSON" }))).body,
  ) as Record<string, unknown>[];
  expect(cat.map((r) => String(r.Task).split(" ")[0])).toEqual(["N1", "N2"]);
  // EXPECTED.md: N1 resolved uninterrupted by alpha and beta (2 of 3), switched by all three.
  expect(cat[0]).toMatchObject({
    "Unint resolved k": 2,
    "Unint resolved n": 3,
    "Switch resolved k": 3,
    "Switch resolved n": 3,
  });

  // Compare 2×2 of alpha and beta under switched, overall: EXPECTED.md rows S N1..S F2.
  await page.goto("/r/handcalc/compare/?a=alpha&b=beta");
  await expect(page.getByTestId("compare")).toHaveAttribute("data-ready", "true");
  const two = JSON.parse(
    (await exportOf(page, page.getByRole("button", { name: "Export 2×2 tables as JSON" }))).body,
  ) as Record<string, unknown>[];
  const overall = two.find((g) => g.group === "overall")!;
  // alpha S: 1,0,1,0 · beta S: 1,0,0,– → both N1; only alpha F1; neither N2, F2.
  expect(overall).toMatchObject({ n: 4, both: 1, only_a: 1, only_b: 0, neither: 2, resolved_a: 2, resolved_b: 1 });
  for (const c of ["both", "only_a", "only_b", "neither"]) {
    expect(String(overall[c])).toBe(await page.locator(`[data-group="overall"] td[data-cell="${c}"]`).innerText());
  }

  // Per-repository gaps.
  await page.goto("/r/handcalc/");
  await page.getByRole("button", { name: "Show per-repository breakdown" }).click();
  await expect(
    page.locator('[data-testid="repo-breakdown"] tr[data-repo="acme/widgets"] td[data-config="alpha"]'),
  ).toHaveText("25.0");
  const repo = parseCsv(
    (await exportOf(page, page.getByRole("button", { name: "Export gap by repository as CSV" }))).body,
  );
  expect(repo[0]).toMatchObject({ Repository: "acme/widgets", Tasks: "4" });
  expect(Object.values(repo[0]!).slice(2)).toEqual(["25", "50", "0"]);

  // Runs with trajectories.
  await page.goto("/r/trajcalc/runs/");
  const runs = parseCsv((await exportOf(page, page.getByRole("button", { name: "Export runs as CSV" }))).body);
  expect(runs.length).toBe(await page.locator('[data-testid="run-list"] tbody tr').count());
});

test("links between views: trajectory → task, matched run and compare; task → compare; catalog and repository → leaderboard subsets", async ({
  page,
}) => {
  await page.goto(`/r/sample/run/?id=${encodeURIComponent(RUN)}`);
  const links = page.getByTestId("run-links");
  await expect(links.getByTestId("run-task-link")).toHaveAttribute("href", `/r/sample/tasks/${TASK}/`);
  await links.getByTestId("matched-run-link").click();
  await expect(page).toHaveURL(new RegExp(`id=${MATCHED_RUN.replaceAll(".", "\\.")}`));
  await expect(page.getByTestId("run-facts")).toContainText("uninterrupted");
  await page.getByTestId("run-links").getByTestId("run-compare-link").click();
  await expect(page).toHaveURL(/\/compare\/\?a=deepseek-v4\.1-flash-opencode&task=encode__httpx-3394&pane=a/);

  await page.goto(`/r/sample/tasks/${TASK}/`);
  await expect(page.locator(`a[data-run="${RUN}"]`)).toBeVisible();
  await expect(page.getByTestId("task-compare-link")).toHaveAttribute("href", `/r/sample/compare/?task=${TASK}`);

  await page.goto("/r/handcalc/tasks/?group=far");
  await page.getByTestId("catalog-to-leaderboard").click();
  await expect(page).toHaveURL(/\/r\/handcalc\/\?tasks=F1,F2$/);
  // EXPECTED.md, far columns: beta 100.0 uninterrupted, 0.0 switched; on the far tasks alone overall = far.
  await expect(page.locator('tr[data-config="beta"] td[data-col="overall.switched"]')).toHaveText("0.0");
  await expect(page.locator('tr[data-config="beta"] td[data-col="overall.uninterrupted"]')).toHaveText("100.0");

  await page.goto("/r/handcalc/");
  await page.getByRole("button", { name: "Show per-repository breakdown" }).click();
  await page.getByTestId("repo-subset-link").first().click();
  await expect(page).toHaveURL(/\?repos=acme(%2F|\/)widgets$/);
  await expect(page.getByTestId("scope")).toContainText("in 1 repositories");
});

test("the task-subset control recomputes the leaderboard, and Back and Forward walk the views", async ({ page }) => {
  await page.goto("/r/handcalc/");
  await page.locator('[data-filter="tasks"] summary').click();
  await page.getByLabel(/Focus task ids/).fill("N1, N2");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\?tasks=N1,N2$/);
  // EXPECTED.md, near columns: gamma 50.0 → 100.0, gap −50.0.
  await expect(page.locator('tr[data-config="gamma"] td[data-col="overall.switched"]')).toHaveText("100.0");
  await page.locator('[data-filter="variant"] summary').click();
  await page.getByRole("checkbox", { name: "native" }).check();
  await expect(page).toHaveURL(/variant=native/);
  await page.goBack();
  await expect(page).toHaveURL(/\?tasks=N1,N2$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/r\/handcalc\/$/);
  await expect(page.locator('tr[data-config="gamma"] td[data-col="overall.switched"]')).toHaveText("50.0");
  await page.goForward();
  await expect(page.locator('tr[data-config="gamma"] td[data-col="overall.switched"]')).toHaveText("100.0");
});

test("filter popovers close on Escape and on an outside click; the skip link goes to the content", async ({ page }) => {
  await page.goto("/r/handcalc/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();

  const menu = page.locator('[data-filter="harness"]');
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open", "");
  await menu.locator("summary").click();
  await page.getByTestId("scope").click();
  await expect(menu).not.toHaveAttribute("open", "");
});

test("Copy permalink confirms", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/r/handcalc/?groups=overall");
  await page.getByRole("button", { name: "Copy permalink" }).click();
  await expect(page.getByTestId("permalink-status")).toHaveText("Link copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/r\/handcalc\/\?groups=overall$/);
});

test("trajectory search shows which match is selected, k of n, and marks the match", async ({ page }) => {
  await page.goto(`/r/sample/run/?id=${encodeURIComponent(RUN)}`);
  await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-ready", "true");
  // A word from the first step that is not a command (commands are drawn highlighted as code, not marked).
  const preview = await page.locator("[data-step]:not(:has(code))").first().innerText();
  const word = preview.split(/[^A-Za-z]+/).find((w) => w.length >= 5) ?? "request";
  await page.getByTestId("step-search").fill(word);
  await expect(page.getByTestId("search-count")).toHaveText(/\d+ matching steps?/);
  const total = Number((await page.getByTestId("search-count").innerText()).split(" ")[0]);
  expect(total).toBeGreaterThan(0);
  await page.getByTestId("step-search").press("Enter");
  await expect(page.getByTestId("search-position")).toHaveText(new RegExp(`^\\d+ of ${total}$`));
  await expect(page.locator('[data-match="true"] [data-testid="search-mark"]').first()).toHaveText(
    new RegExp(word, "i"),
  );
  // The open step's detail marks the match too: the selected step is a match (its position is shown).
  await expect(page.locator('[data-testid="step-detail"] [data-testid="search-mark"]').first()).toHaveText(
    new RegExp(`^${word}$`, "i"),
  );
  expect(
    await page.locator('[data-testid="step-detail"] mark script, [data-testid="step-detail"] mark *').count(),
  ).toBe(0);
});
