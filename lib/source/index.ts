// The door of lib/source (docs/architecture.md, "Layers"): the only module components/ and app/ import from here.
// Named re-exports only, of modules without import-time effects, so a page bundles what it uses and nothing more
// (the SQL console's engine and the search stay out of the pages that do not name them). A view that loads a
// piece later keeps a dynamic import() of its own component, never of this module.
export { absentTables, type AbsentTables } from "./absent-tables";
export { afterPaintAndIdle } from "./after-paint";
export { combinedSource } from "./combined";
export { ConsoleEngine, ROW_CAP, type ConsoleResult, type ConsoleSource } from "./console";
export type { Cell } from "./console-cell";
export { consoleTables } from "./console-tables";
export { startTimed } from "./diagnostics";
export { valueOnEach } from "./local";
export type { ReleaseSource } from "./release-source";
export { charsText, RESULT_CHARS } from "./result-bounds";
export { searchExport, searchPage, searchSteps, type SearchResult } from "./search";
export { warmDuckDbOnIdle } from "./warm";
export { watchEngine } from "./watch-engine";
