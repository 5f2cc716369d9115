// The door of lib/local (docs/architecture.md, "Layers"): the only module components/ and app/ import from here.
// Named re-exports only, of modules without import-time effects, so a page bundles what it uses: the local-results
// panel (components/local/LocalPanel.tsx) is loaded on demand, and the worker client and the picked files' code
// come with it, not with the page. The parse files and the worker's own modules are never exported.
export { benchOf, type PublishedBench } from "./bench";
export { registerLocalTables } from "./db";
export { filesFromDrop, filesFromInput } from "./drop";
export { addLooseLogs, looseLog, type LooseLogs } from "./loose-logs";
export type { TrajectorySummary } from "./open-logs";
export { isErrorLine, problemCount, problemLines, type ProblemReport } from "./problems";
export { addLocal, emptyEntries, localEntries, removeLocal, subscribeLocal, type LocalEntry } from "./store";
export { openInWorker } from "./worker-client";
export type { PostedLocalResult } from "./worker-protocol";
export { reviewStore, type ReviewStore } from "./review-store";
