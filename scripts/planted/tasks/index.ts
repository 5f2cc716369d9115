// The two repositories of the set: tessellate/fetchkit (every task in src/fetchkit/: each session is near) and
// quillworks/quill (every task in its own package: each session is far), six tasks each.
import { createHash } from "node:crypto";
import { file } from "../lines";
import type { RepoDef, TaskDef } from "../types";
import { CELLS, CELLS_SOURCE, CELLS_TESTS } from "./cells";
import { COOKIES, COOKIES_SOURCE, COOKIES_TESTS } from "./cookies";
import { HEADERS, HEADERS_SOURCE, HEADERS_TESTS } from "./headers";
import { LOADER, LOADER_SOURCE, LOADER_TESTS } from "./loader";
import { PROXIES, PROXIES_SOURCE, PROXIES_TESTS } from "./proxies";
import { RETRY, RETRY_SOURCE, RETRY_TESTS } from "./retry";
import { SETTINGS, SETTINGS_SOURCE, SETTINGS_TESTS } from "./settings";
import { SIZES, SIZES_SOURCE, SIZES_TESTS } from "./sizes";
import { SLUG, SLUG_SOURCE, SLUG_TESTS } from "./slug";
import { TIMEOUTS, TIMEOUTS_SOURCE, TIMEOUTS_TESTS } from "./timeouts";
import { TOTALS, TOTALS_SOURCE, TOTALS_TESTS } from "./totals";
import { URLS, URLS_SOURCE, URLS_TESTS } from "./urls";

function revision(id: string): string {
  return createHash("sha1").update(`base ${id}`).digest("hex");
}

function withRevision(task: TaskDef): TaskDef {
  return { ...task, baseRevision: revision(task.id) };
}

const FETCHKIT_FILES: Record<string, string> = {
  "README.md": file("# fetchkit", "", "A small HTTP client toolkit: retries, headers, cookies, URLs and timeouts."),
  "pyproject.toml": file(
    "[project]",
    'name = "fetchkit"',
    'version = "0.9.0"',
    'requires-python = ">=3.10"',
    "",
    "[tool.pytest.ini_options]",
    'testpaths = ["tests"]',
  ),
  "src/fetchkit/__init__.py": file('"""fetchkit: a small HTTP client toolkit."""', "", '__version__ = "0.9.0"'),
  [RETRY.file]: RETRY_SOURCE,
  [RETRY.testFile]: RETRY_TESTS,
  [HEADERS.file]: HEADERS_SOURCE,
  [HEADERS.testFile]: HEADERS_TESTS,
  [TIMEOUTS.file]: TIMEOUTS_SOURCE,
  [TIMEOUTS.testFile]: TIMEOUTS_TESTS,
  [COOKIES.file]: COOKIES_SOURCE,
  [COOKIES.testFile]: COOKIES_TESTS,
  [URLS.file]: URLS_SOURCE,
  [URLS.testFile]: URLS_TESTS,
  [PROXIES.file]: PROXIES_SOURCE,
  [PROXIES.testFile]: PROXIES_TESTS,
};

const QUILL_FILES: Record<string, string> = {
  "README.md": file("# quill", "", "Command-line reports from CSV data: sizes, tables, slugs and settings."),
  "pyproject.toml": file(
    "[project]",
    'name = "quill"',
    'version = "2.3.1"',
    'requires-python = ">=3.10"',
    "",
    "[tool.pytest.ini_options]",
    'testpaths = ["tests"]',
  ),
  "quill/__init__.py": file('"""quill: reports from CSV data."""'),
  "quill/cli/__init__.py": "",
  "quill/render/__init__.py": "",
  "quill/io/__init__.py": "",
  "quill/config/__init__.py": "",
  "quill/text/__init__.py": "",
  "quill/report/__init__.py": "",
  [SIZES.file]: SIZES_SOURCE,
  [SIZES.testFile]: SIZES_TESTS,
  [CELLS.file]: CELLS_SOURCE,
  [CELLS.testFile]: CELLS_TESTS,
  [LOADER.file]: LOADER_SOURCE,
  [LOADER.testFile]: LOADER_TESTS,
  [SETTINGS.file]: SETTINGS_SOURCE,
  [SETTINGS.testFile]: SETTINGS_TESTS,
  [SLUG.file]: SLUG_SOURCE,
  [SLUG.testFile]: SLUG_TESTS,
  [TOTALS.file]: TOTALS_SOURCE,
  [TOTALS.testFile]: TOTALS_TESTS,
};

export const REPOS: readonly RepoDef[] = [
  {
    name: "tessellate/fetchkit",
    group: "near",
    files: FETCHKIT_FILES,
    tasks: [RETRY, HEADERS, TIMEOUTS, COOKIES, URLS, PROXIES].map(withRevision),
  },
  {
    name: "quillworks/quill",
    group: "far",
    files: QUILL_FILES,
    tasks: [SIZES, CELLS, LOADER, SETTINGS, SLUG, TOTALS].map(withRevision),
  },
];

export const TASKS: readonly TaskDef[] = REPOS.flatMap((r) => r.tasks);

export function taskById(id: string): TaskDef {
  const task = TASKS.find((t) => t.id === id);
  if (!task) throw new Error(`unknown task ${id}`);
  return task;
}

export function repoOf(task: TaskDef): RepoDef {
  const repo = REPOS.find((r) => r.name === task.repo);
  if (!repo) throw new Error(`unknown repo ${task.repo}`);
  return repo;
}
