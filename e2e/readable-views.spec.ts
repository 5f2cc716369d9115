// Definitions beyond the leaderboard (keyboard and touch), the print stylesheet (tables and charts print,
// controls do not) and visible keyboard focus. The definitions' phrases are the glossary's one-sentence
// texts (lib/site/glossary.ts), written out here by hand.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** DuckDB-WASM answers in seconds, but a loaded machine (several builds at once) has taken many times as long. */
const WASM_WAIT = 90_000;
test.setTimeout(240_000);

const COMPARE = "/r/comparecalc/compare/?a=anna&b=bert";

/** page → [glossary term, a phrase of its definition]. */
const TERMS: [string, [string, string][]][] = [
  [
    "/r/handcalc/cost/",
    [
      ["switch_focus", "the cost of coming back"],
      ["model_calls", "Inference steps"],
      ["failure_submission", "no applicable focus patch"],
      ["switch_cost", "switched usage minus its uninterrupted usage"],
    ],
  ],
  [
    COMPARE,
    [
      ["mcnemar", "discordant tasks"],
      ["disagreeing", "exactly one of the two configurations"],
    ],
  ],
  [
    "/r/benchmark-mini/ablation/",
    [
      ["gain", "minus its native configuration's"],
      ["gap", "Uninterrupted minus switched"],
    ],
  ],
  [
    "/r/sample/profile/",
    [
      ["workspace_switches", "another workspace"],
      ["focus_returns", "right after a request in another workspace"],
    ],
  ],
  [
    "/r/benchmark-mini/taskflow/",
    [
      ["tfas", "TaskFlow Alignment Score"],
      ["s_t", "label-to-label transitions"],
    ],
  ],
  [
    "/r/trajcalc/runs/",
    [
      ["annotations", "Trace-signature tags"],
      ["outcome", "every F2P and P2P test passes"],
    ],
  ],
  [
    "/r/handcalc/tasks/",
    [
      ["f2p_p2p", "Fail-to-pass"],
      ["stages", "an issue (i), a review (r) or an extension (e)"],
      ["unint", "focus task's requests alone"],
    ],
  ],
  ["/r/handcalc/tasks/N1/", [["switch", "chunks of four other unfinished tasks"]]],
];

async function settled(page: Page, path: string) {
  await page.goto(path);
  if (path.includes("/compare/"))
    await expect(page.getByTestId("compare")).toHaveAttribute("data-ready", "true", { timeout: WASM_WAIT });
  if (path.includes("/cost/"))
    await expect(page.locator('[data-testid="cost-controls"][data-ready="yes"]')).toHaveCount(1);
}

for (const [path, terms] of TERMS) {
  test(`definitions on ${path} open with the keyboard and close on Escape`, async ({ page }) => {
    await settled(page, path);
    for (const [term, phrase] of terms) {
      const box = page.locator(`[data-term="${term}"]`).first();
      const button = box.locator('[role="button"]');
      await button.focus();
      await page.keyboard.press("Enter");
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(box.locator('[role="note"]'), `${path} ${term}`).toContainText(phrase);
      await page.keyboard.press("Escape");
      await expect(box.locator('[role="note"]')).toHaveCount(0);
    }
  });
}

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });
  test("a tap opens a definition and a tap elsewhere closes it", async ({ page }) => {
    for (const [path, term, phrase] of [
      ["/r/handcalc/cost/", "failure_implementation", "verifier tests fail"],
      ["/r/benchmark-mini/taskflow/", "s_r", "session lengths"],
      [COMPARE, "mcnemar", "discordant tasks"],
    ] as const) {
      await settled(page, path);
      const box = page.locator(`[data-term="${term}"]`).first();
      await box.locator('[role="button"]').scrollIntoViewIfNeeded();
      await box.locator('[role="button"]').tap();
      await expect(box.locator('[role="note"]'), path).toContainText(phrase);
      await page.locator("h1").first().tap();
      await expect(box.locator('[role="note"]')).toHaveCount(0);
    }
  });
});

test("print: the leaderboard's table and headers print, its controls do not", async ({ page }) => {
  await page.goto("/r/handcalc/");
  await expect(page.locator('tr[data-config="beta"] td[data-col="overall.switched"]')).toHaveText("25.0");
  await page.emulateMedia({ media: "print" });
  // handcalc EXPECTED.md: beta switched overall 25.0, gap 50.0.
  await expect(page.locator('tr[data-config="beta"] td[data-col="overall.switched"]')).toBeVisible();
  await expect(page.locator('tr[data-config="beta"] td[data-col="overall.gap.switched"]')).toContainText("50.0");
  await expect(page.locator('th[data-col="overall.gap.switched"] button').first()).toBeVisible();
  for (const control of [
    page.locator('[data-filter="harness"] summary'),
    page.getByRole("button", { name: "Export CSV" }),
    page.getByRole("button", { name: "Copy permalink" }),
    page.getByTestId("theme-toggle"),
    page.locator('th[data-col="overall.gap.switched"] [data-term="gap"] [role="button"]'),
    page.locator('tr[data-config="beta"] input[type="checkbox"]'),
    page.getByRole("link", { name: "About · how to read" }),
  ]) {
    await expect(control).toBeHidden();
  }
  await page.emulateMedia({ media: "screen" });
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();
});

test("print: the cost page prints its tables and the per-task histogram, not its controls", async ({ page }) => {
  await settled(page, "/r/handcalc/cost/");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("cost-table")).toBeVisible();
  await expect(page.getByTestId("failure-table")).toBeVisible();
  await expect(page.locator("button[data-bin]:not([disabled])").first()).toBeVisible();
  await expect(page.getByLabel("cached input excluded")).toBeHidden();
  await expect(page.getByText("cached input excluded", { exact: true })).toBeHidden();
  await expect(page.getByRole("button", { name: "Export usage per run as CSV" })).toBeHidden();
});

test("print: a trajectory prints its steps and timeline without the toolbar", async ({ page }) => {
  await page.goto("/r/trajcalc/run/?id=alpha.s-N1");
  await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-analyzed", "true");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("step-detail")).toBeVisible();
  await expect(page.locator('[data-testid="session-timeline"] button[data-position]').first()).toBeVisible();
  await expect(page.getByRole("toolbar", { includeHidden: true })).toBeHidden();
  await expect(page.getByTestId("step-search")).toBeHidden();
});

/** Tabs through the page and returns every focused element whose outline is not drawn. */
async function unfocusedOutlines(page: Page, tabs: number): Promise<{ seen: number; missing: string[] }> {
  const missing: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < tabs; i++) {
    await page.keyboard.press("Tab");
    const f = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const s = getComputedStyle(el);
      const name = `${el.tagName.toLowerCase()}${el.getAttribute("role") ? `[role=${el.getAttribute("role")}]` : ""} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 30)}"`;
      return { name, style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    if (!f) continue;
    seen.add(f.name);
    if (f.style === "none" || !(f.width > 0)) missing.push(`${f.name}: ${f.style} ${f.width}px`);
  }
  return { seen: seen.size, missing };
}

for (const path of [
  "/r/handcalc/",
  "/r/handcalc/cost/",
  COMPARE,
  "/r/benchmark-mini/taskflow/",
  "/r/trajcalc/run/?id=alpha.s-N1",
  "/r/handcalc/tasks/",
]) {
  test(`keyboard focus is visible on every element Tab reaches on ${path}`, async ({ page }) => {
    await settled(page, path);
    if (path.includes("/run/"))
      await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-analyzed", "true");
    const { seen, missing } = await unfocusedOutlines(page, 30);
    expect(seen).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
}
