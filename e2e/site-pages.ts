// Every kind of page of the bundled sample release, for the site-wide checks (a11y, titles, dark mode,
// phone width). Ready: an element that is there once the page's client-side work is done.
export const RUN = "deepseek-v4.1-flash-opencode.encode__httpx-3394.switched.r0";
export const MATCHED_RUN = "deepseek-v4.1-flash-opencode.encode__httpx-3394.uninterrupted.r0";
export const TASK = "encode__httpx-3394";

export interface SitePage {
  path: string;
  ready: string;
}

export const SAMPLE_PAGES: SitePage[] = [
  { path: "/", ready: '[data-testid="leaderboard"]' },
  { path: "/about/", ready: '[data-testid="about"]' },
  { path: "/releases/", ready: '[data-testid="release-list"]' },
  { path: "/diagnostics/", ready: "h1" },
  { path: "/r/sample/", ready: '[data-testid="leaderboard"]' },
  { path: "/r/sample/cost/", ready: '[data-testid="cost-table"]' },
  {
    path: "/r/sample/compare/?a=deepseek-v4.1-flash-opencode&b=glm-5.3-opencode",
    ready: '[data-testid="compare"][data-ready="true"]',
  },
  { path: "/r/sample/uncertainty/", ready: '[data-testid="uncertainty-view"]' },
  { path: "/r/sample/resumption/", ready: '[data-testid="resumption-controls"][data-ready="yes"]' },
  { path: "/r/sample/profile/", ready: '[data-testid="profile-table6"]' },
  { path: "/r/sample/tasks/", ready: '[data-testid="catalog-table"]' },
  { path: `/r/sample/tasks/${TASK}/`, ready: '[data-testid="task-outcomes"]' },
  { path: "/r/sample/ablation/", ready: "table[data-family]" },
  { path: "/r/sample/taskflow/", ready: '[data-testid="dist-length"]' },
  { path: "/r/sample/runs/", ready: '[data-testid="run-list"]' },
  {
    path: `/r/sample/run/?id=${encodeURIComponent(RUN)}`,
    ready: '[data-testid="trajectory-explorer"][data-ready="true"]',
  },
  // The form (static HTML); the results need DuckDB-WASM and the index (e2e/search-console.spec.ts).
  { path: "/r/sample/search/?q=final.patch&field=command&config=glm-5.3-opencode", ready: '[data-testid="search-q"]' },
  { path: "/r/sample/sql/", ready: '[data-testid="sql-text"]' },
  { path: "/r/sample/signatures/", ready: '[data-testid="signatures-view"]' },
  { path: "/r/sample/review/?seed=abc", ready: '[data-testid="audit-sample"][data-ready="true"]' },
  {
    path: `/r/sample/run/?id=${encodeURIComponent(RUN)}&review=1&audit=abc&stratum=deepseek-v4.1-flash-opencode%2Fswitched`,
    ready: '[data-testid="review-panel"][data-ready="true"]',
  },
];
