// The doors' modules are declared free of import-time effects (package.json `sideEffects`), which is what keeps a
// page's bundle to the modules of lib/source and lib/local it names: the declaration must stay true.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importEffects } from "./side-effects";

const root = join(import.meta.dirname, "..", "..");
const DOORS = ["source", "local"];
const declared = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { sideEffects: string[] })
  .sideEffects;

describe("package.json sideEffects", () => {
  it("lists every lib folder but the doors as having effects", () => {
    const listed = declared.flatMap((p) => p.match(/^\.\/lib\/\{(.*)\}\/\*\*$/)?.[1]?.split(",") ?? []);
    const folders = readdirSync(join(root, "lib"), { withFileTypes: true }).filter((d) => d.isDirectory());
    const others = folders.map((d) => d.name).filter((f) => !DOORS.includes(f));
    expect(others.length).toBeGreaterThan(5);
    expect(listed.sort()).toEqual(others.sort());
    expect(declared).toContain("./lib/**/*.worker.ts");
  });
});

describe("importEffects", () => {
  it("finds a call and an assignment at the top level, and no declaration", () => {
    const text = [
      'import { configure } from "@zip.js/zip.js";',
      "const seen = new Map<string, number>();",
      "export function f() { configure({}); }",
      "configure({ useWebWorkers: false });",
      "self.onmessage = () => undefined;",
      "export type T = number;",
    ].join("\n");
    expect(importEffects("planted.ts", text)).toEqual([
      "4: configure({ useWebWorkers: false });",
      "5: self.onmessage = () => undefined;",
    ]);
  });

  it("finds none in the modules of lib/source and lib/local (workers and tests aside)", () => {
    const modules = DOORS.flatMap((door) =>
      readdirSync(join(root, "lib", door))
        .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.endsWith(".worker.ts"))
        .map((f) => join("lib", door, f)),
    );
    expect(modules.length).toBeGreaterThan(20);
    const effects = modules.flatMap((m) =>
      importEffects(m, readFileSync(join(root, m), "utf8")).map((e) => `${m}:${e}`),
    );
    expect(effects).toEqual([]);
  });
});
