// The final focus patch tab and the requirement ledger (issue 14) on the sample's planted runs and on the
// hand-made trajcalc release. Expected values come from the files on disk (annotations.jsonl, tasks.jsonl,
// sessions.jsonl, the patch archives read with the project's archive reader) and from
// e2e/fixtures/releases/trajcalc/EXPECTED.md, never from the page's own code path.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { ArchiveCache, readReleaseFile } from "../lib/archive/read-node";
import { expect, test } from "./fixtures";
import { SAMPLE } from "./sample-trajectory";

interface Line {
  run_id?: string;
  session_id?: string;
  task_id?: string;
  patch?: string;
  signature?: string;
  step_ids?: number[];
  focus_task_id?: string;
  workspaces?: Record<string, string>;
  changed_source_files?: string[];
}
const jsonl = (file: string): Line[] =>
  readFileSync(`${SAMPLE}/${file}`, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Line);

const E2 = "deepseek-v4.1-flash-opencode.pallets__click-2644.switched.r0";
const E3 = "kimi-k3-kimicode.getmoto__moto-7343.switched.r0";

const archives = new ArchiveCache();
test.afterAll(async () => archives.close());

async function patchText(runId: string): Promise<string> {
  const ref = jsonl("runs.jsonl").find((r) => r.run_id === runId)!.patch!;
  return new TextDecoder().decode(await readReleaseFile(SAMPLE, ref, archives));
}
const diffFiles = (text: string) => [...text.matchAll(/^diff --git a\/(\S+) b\//gm)].map((m) => m[1]!);

// The ledger and the patch wait for the release tables (DuckDB-WASM), which start after the steps: slow on a
// loaded machine, hence the longer waits on the first of them.
const SLOW = { timeout: 90_000 };

async function open(page: Page, release: string, query: string) {
  await page.goto(`/r/${release}/run/${query}`);
  await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-analyzed", "true");
  await expect(page.getByTestId("trajectory-explorer")).toHaveAttribute("data-verdict", "true", SLOW);
}
const ledgerRow = (page: Page, stage: number, scope = page.getByTestId("ledger")) =>
  scope.locator(`[data-testid="ledger-row"][data-stage="${stage}"]`);

test.describe.configure({ timeout: 180_000 });

test("E.2 (click-2644 switched): the ledger shows stage 1 lost at the step that removed its lines, and the final patch", async ({
  page,
}) => {
  const ann = jsonl("annotations.jsonl").find((a) => a.run_id === E2 && a.signature === "requirement_state_loss")!;
  const [added, removed] = ann.step_ids!;
  await open(page, "sample", `?id=${E2}`);
  const s1 = ledgerRow(page, 1);
  await expect(s1).toHaveAttribute("data-status", "lost", SLOW);
  await expect(s1.getByTestId("ledger-edits").locator(`[data-step-link="${added}"]`)).toHaveText(`step ${added}`);
  const change = s1.getByTestId("ledger-changes").locator(`[data-step="${removed}"]`);
  await expect(change).toHaveAttribute("data-kind", "reverted");
  await expect(change).toContainText("stage 4");
  // The stage's F2P tests from runs.jsonl: the four stage-1 tests failed.
  await expect(s1.getByTestId("ledger-tests")).toHaveText(/^0\/\d+$/);
  for (const stage of [2, 3, 4]) await expect(ledgerRow(page, stage)).toHaveAttribute("data-status", "kept");

  // The change is a link to the step that removed the lines.
  await change.locator(`[data-step-link="${removed}"]`).click();
  await expect(page.getByTestId("step-detail")).toHaveAttribute("data-step", String(removed));

  // The final patch tab: every file of the patch on disk, the focus file marked, highlighted by shiki.
  const text = await patchText(E2);
  await page.getByTestId("tab-patch").click();
  await expect(page).toHaveURL(/tab=patch/);
  const files = page.getByTestId("patch-file");
  await expect(files).toHaveCount(diffFiles(text).length, SLOW);
  const core = page.locator('[data-testid="patch-file"][data-path="src/click/core.py"]');
  await expect(core).toHaveAttribute("data-mark", "focus");
  await expect(core.getByTestId("patch-file-mark")).toHaveText("focus file");
  await expect(core.locator('[data-testid="patch-diff"][data-highlighted="true"]')).toBeVisible();
  const coreSection = text.slice(text.indexOf("diff --git a/src/click/core.py"));
  const firstAdded = coreSection
    .split("\n")
    .find((l) => l.startsWith("+") && !l.startsWith("+++"))!
    .slice(1)
    .trim();
  await expect(core.getByTestId("patch-diff")).toContainText(firstAdded);
  // A reload keeps the tab.
  await page.reload();
  await expect(page.getByTestId("patch")).toHaveAttribute("data-state", "ready", SLOW);
});

test("E.3 (moto-7343 switched): the files from other checkouts in the combined patch are marked", async ({ page }) => {
  const run = jsonl("runs.jsonl").find((r) => r.run_id === E3)!;
  const session = jsonl("sessions.jsonl").find((s) => s.session_id === run.session_id)!;
  const tasks = new Map(jsonl("tasks.jsonl").map((t) => [t.task_id!, t]));
  const focusFiles = tasks.get(session.focus_task_id!)!.changed_source_files!;
  const otherFiles = new Set(
    Object.values(session.workspaces!)
      .filter((t) => t !== session.focus_task_id)
      .flatMap((t) => tasks.get(t)!.changed_source_files!),
  );
  const files = diffFiles(await patchText(E3));
  const expectedOther = files.filter((f) => otherFiles.has(f) && !focusFiles.includes(f));
  expect(expectedOther.length).toBeGreaterThan(0);

  await open(page, "sample", `?id=${E3}&tab=patch`);
  await expect(page.getByTestId("patch")).toHaveAttribute("data-state", "ready", SLOW);
  await expect(page.getByTestId("patch-file")).toHaveCount(files.length);
  const marked = page.locator('[data-testid="patch-file"][data-mark="other_task"]');
  await expect(marked).toHaveCount(expectedOther.length);
  await expect(marked.first().getByTestId("patch-file-mark")).toContainText("another session task's file");
  await expect(page.getByTestId("patch-flagged-files")).toHaveText(String(expectedOther.length));
  await expect(page.locator('[data-testid="patch-file"][data-mark="focus"]')).toHaveCount(
    files.filter((f) => focusFiles.includes(f)).length,
  );
});

test("E.3 (moto-7343 switched): the cross-task tag points at the steps that wrote the other tasks' lines in the patch", async ({
  page,
}) => {
  // From the files on disk: the patch's added lines in other tasks' files, and, per line, the last step of the
  // trajectory whose edit writes it (new text, not already in the old text) into another task's checkout.
  const run = jsonl("runs.jsonl").find((r) => r.run_id === E3)! as Line & { trajectory: string };
  const session = jsonl("sessions.jsonl").find((s) => s.session_id === run.session_id)!;
  const tasks = new Map(jsonl("tasks.jsonl").map((t) => [t.task_id!, t]));
  const focusFiles = tasks.get(session.focus_task_id!)!.changed_source_files!;
  const others = Object.entries(session.workspaces!).filter(([, t]) => t !== session.focus_task_id);
  const otherFiles = new Set(others.flatMap(([, t]) => tasks.get(t)!.changed_source_files!));
  const lines: string[] = [];
  let file: string | null = null;
  for (const l of (await patchText(E3)).split("\n")) {
    const m = /^diff --git a\/(\S+) b\//.exec(l);
    if (m) file = m[1]!;
    else if (file && otherFiles.has(file) && !focusFiles.includes(file) && l.startsWith("+") && !l.startsWith("+++")) {
      const t = l.slice(1).trim();
      if (t.length >= 8 && /[A-Za-z]/.test(t)) lines.push(t);
    }
  }
  const traj = JSON.parse(new TextDecoder().decode(await readReleaseFile(SAMPLE, run.trajectory, archives))) as {
    steps: { tool_calls?: { arguments?: Record<string, string | undefined> }[] }[];
  };
  const writer = new Map<string, number>();
  traj.steps.forEach((step, i) => {
    for (const call of step.tool_calls ?? []) {
      const a = call.arguments ?? {};
      const path = a.file_path ?? a.path ?? "";
      const added = a.new_string ?? a.content ?? "";
      const old = a.old_string ?? "";
      if (!others.some(([ws]) => path.startsWith(`${ws}/`))) continue;
      for (const line of lines) if (added.includes(line) && !old.includes(line)) writer.set(line, i + 1);
    }
  });
  const expected = [...new Set(writer.values())].sort((a, b) => a - b);
  expect(expected.length).toBeGreaterThan(0);

  await open(page, "sample", `?id=${E3}`);
  const tag = page.locator('[data-tag-origin="detector"][data-tag-signature="cross_task_interference"]');
  await expect(tag).toHaveCount(1, SLOW);
  // The analysis re-runs once the patch facts arrive (after the release tables): wait for the patch's steps.
  await expect(tag.locator(`[data-evidence-step="${expected[0]}"]`)).toHaveCount(1, SLOW);
  for (const n of expected) await expect(tag.locator(`[data-evidence-step="${n}"]`)).toHaveCount(1);
});

test("a matched pair on the compare page shows both ledgers and what differs between the final patches", async ({
  page,
}) => {
  const config = E2.split(".pallets__")[0]!;
  const task = "pallets__click-2644";
  const other = jsonl("configs.jsonl")
    .map((c) => (c as { config_id: string }).config_id)
    .find((c) => c !== config)!;
  await page.goto(`/r/sample/compare/?a=${config}&b=${other}&task=${encodeURIComponent(task)}&pane=a`);
  const pair = page.getByTestId("matched-pair");
  const left = pair.getByTestId("ledger-left");
  const right = pair.getByTestId("ledger-right");
  // Left: the uninterrupted run keeps every stage; right: the switched run (E.2) lost stage 1.
  await expect(left.getByTestId("ledger-row")).toHaveCount(4, SLOW);
  await expect(left.locator('[data-testid="ledger-row"][data-status="kept"]')).toHaveCount(4);
  await expect(ledgerRow(page, 1, right)).toHaveAttribute("data-status", "lost");
  await expect(right.locator('[data-testid="ledger-row"][data-status="kept"]')).toHaveCount(3);

  // The difference of the two patches on disk: core.py in both, the stage-1 lines only in the uninterrupted one.
  const uninterrupted = await patchText(E2.replace(".switched.", ".uninterrupted."));
  const switched = await patchText(E2);
  const adds = (t: string) =>
    t
      .split("\n")
      .filter((l) => l.startsWith("+") && !l.startsWith("+++"))
      .map((l) => l.slice(1).trim());
  const onlyLeft = adds(uninterrupted).filter((l) => !adds(switched).includes(l) && l !== "");
  expect(onlyLeft.length).toBeGreaterThan(0);
  const core = pair.locator('[data-testid="patch-difference-file"][data-path="src/click/core.py"]');
  await expect(core).toHaveAttribute("data-in", "both", SLOW);
  await expect(core.getByTestId("only-left")).toContainText(onlyLeft[0]!);
});

test("trajcalc alpha.s-N1: the hand-computed ledger and patch (EXPECTED.md); a run without a patch says so", async ({
  page,
}) => {
  await open(page, "trajcalc", "?id=alpha.s-N1");
  await expect(ledgerRow(page, 1)).toHaveAttribute("data-status", "lost", SLOW);
  await expect(ledgerRow(page, 1).getByTestId("ledger-requests")).toHaveText("request 0");
  await expect(ledgerRow(page, 1).getByTestId("ledger-edits")).toHaveText("step 2");
  await expect(ledgerRow(page, 1).getByTestId("ledger-changes")).toContainText(
    "step 8 reverted (2 lines removed, stage 2)",
  );
  await expect(ledgerRow(page, 1).getByTestId("ledger-tests")).toHaveText("0/1");
  await expect(ledgerRow(page, 2)).toHaveAttribute("data-status", "kept");
  await expect(ledgerRow(page, 2).getByTestId("ledger-tests")).toHaveText("1/1");

  await page.getByTestId("tab-patch").click();
  await expect(page.getByTestId("patch-summary")).toContainText("1 file, +2 −0", SLOW);
  await expect(page.locator('[data-testid="patch-file"][data-path="src/core/alpha.py"]')).toHaveAttribute(
    "data-mark",
    "focus",
  );
  await expect(page.getByTestId("patch-flagged-files")).toHaveText("0");

  await open(page, "trajcalc", "?id=beta.s-N1&tab=patch");
  await expect(page.getByTestId("patch")).toHaveAttribute("data-state", "none", SLOW);
  await expect(page.getByTestId("patch")).toContainText("names no submitted patch");
});
