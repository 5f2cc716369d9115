// The local release the "Open local results" specs pick: Harbor-shaped jobs generated from seven sample runs
// (lib/data/fixtures/harbor/make-jobs.ts; README.md there has the hand-computed numbers), imported with
// `npm run import:harbor` exactly as a user would, into a temporary folder.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { test } from "./fixtures";

export interface ImportedRelease {
  /** The temporary folder holding jobs/ and the release; remove it with `dispose`. */
  tmp: string;
  /** The imported release folder (config my-agent, display name "My agent / Harbor"). */
  dir: string;
  dispose(): void;
}

export function importSampleJobs(prefix: string): ImportedRelease {
  const tmp = mkdtempSync(join(tmpdir(), prefix));
  const jobs = join(tmp, "jobs");
  const dir = join(tmp, "my-agent-release");
  execFileSync("npx", ["tsx", "lib/data/fixtures/harbor/make-jobs.ts", "data/releases/sample", jobs], {
    stdio: "pipe",
  });
  // Exit 0: only warnings (the stray trial, two runs without trajectory).
  execFileSync(
    "npx",
    [
      "tsx",
      "scripts/import-harbor.ts",
      "--jobs",
      jobs,
      "--specs",
      "data/releases/sample",
      "--config",
      "my-agent",
      "--out",
      dir,
      "--mapping",
      join(jobs, "mapping.json"),
      "--display-name",
      "My agent / Harbor",
    ],
    { stdio: "pipe" },
  );
  return { tmp, dir, dispose: () => rmSync(tmp, { recursive: true, force: true }) };
}

/** The imported release for one spec file: made before its tests, removed after them. */
export function importedReleaseForSpec(prefix: string): { readonly dir: string; readonly tmp: string } {
  let release: ImportedRelease | null = null;
  test.beforeAll(() => {
    release = importSampleJobs(prefix);
  });
  test.afterAll(() => release?.dispose());
  const get = () => {
    if (!release) throw new Error("the imported release is made in beforeAll");
    return release;
  };
  return {
    get dir() {
      return get().dir;
    },
    get tmp() {
      return get().tmp;
    },
  };
}

/** Drops the minimal example's release zip (lib/local/fixtures/minimal-release.zip) on the open local-results panel. */
export async function dropMinimalZip(page: Page): Promise<void> {
  const zip = readFileSync("lib/local/fixtures/minimal-release.zip").toString("base64");
  const dataTransfer = await page.evaluateHandle((b64) => {
    const dt = new DataTransfer();
    dt.items.add(
      new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], "minimal-release.zip", {
        type: "application/zip",
      }),
    );
    return dt;
  }, zip);
  await page.getByTestId("local-drop").dispatchEvent("drop", { dataTransfer });
}
