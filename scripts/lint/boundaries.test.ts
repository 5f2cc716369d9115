// The layer boundaries of docs/architecture.md are lint rules (eslint.config.mjs); this runs ESLint's own Node API
// with the repository's config on small fixtures placed, by their file path, where the rules apply. Removing a
// boundary from the config fails the test that names it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const fixture = (name: string) => readFileSync(join(import.meta.dirname, "fixtures", name), "utf8");

let eslint: ESLint;
beforeAll(() => {
  // The fixtures are linted at paths no tsconfig holds, so only the type-aware rules are switched off for them;
  // the import rules under test are the config's own.
  eslint = new ESLint({
    cwd: root,
    overrideConfig: [
      {
        files: [
          "components/lint-fixture/**",
          "app/lint-fixture/**",
          "lib/queries/lint-fixture/**",
          "lib/local/index.ts",
        ],
        ...tseslint.configs.disableTypeChecked,
      },
    ],
  });
});

async function lintAs(fixtureName: string, path: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(fixture(fixtureName), { filePath: join(root, path) });
  return result!.messages;
}

const boundary = (messages: Linter.LintMessage[]) =>
  messages
    .filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "no-restricted-syntax")
    .map((m) => m.message);

describe("components may not import", () => {
  it("lib/db (one message, naming the rule broken)", async () => {
    const found = boundary(await lintAs("ImportsDb.tsx", "components/lint-fixture/ImportsDb.tsx"));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("'@/lib/db/node' import is restricted");
    expect(found[0]).toContain("Views never import lib/db");
  });

  it("node:* modules", async () => {
    const found = boundary(await lintAs("ImportsNodeFs.tsx", "components/lint-fixture/ImportsNodeFs.tsx"));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("'node:fs' import is restricted");
  });

  it("parse files, by a relative path too", async () => {
    const found = boundary(await lintAs("ImportsParseFile.tsx", "components/lint-fixture/ImportsParseFile.tsx"));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("Views never import parse files");
  });

  it("and the same file under app/ is refused as well", async () => {
    expect(boundary(await lintAs("ImportsDb.tsx", "app/lint-fixture/page.tsx"))).toHaveLength(1);
  });

  it("while a view importing what views may import has no boundary message", async () => {
    expect(boundary(await lintAs("ImportsAllowed.tsx", "components/lint-fixture/ImportsAllowed.tsx"))).toEqual([]);
  });
});

describe("views reach lib/source and lib/local through their doors only", () => {
  it("a component importing @/lib/source/console is refused", async () => {
    const found = boundary(await lintAs("ImportsDeepSource.tsx", "components/lint-fixture/ImportsDeepSource.tsx"));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("'@/lib/source/console' import is restricted");
    expect(found[0]).toContain("through their doors only");
  });

  it("a page under app/ importing @/lib/local/store is refused", async () => {
    const found = boundary(await lintAs("ImportsDeepLocal.tsx", "app/lint-fixture/page.tsx"));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("'@/lib/local/store' import is restricted");
  });

  it("a dynamic import() behind a door, by a relative path, is refused too", async () => {
    const found = boundary(await lintAs("ImportsDeepDynamic.tsx", "components/lint-fixture/ImportsDeepDynamic.tsx"));
    expect(found).toEqual([expect.stringContaining("through their doors only")]);
  });

  it("while importing @/lib/source and @/lib/local themselves has no boundary message", async () => {
    expect(boundary(await lintAs("ImportsDoors.tsx", "components/lint-fixture/ImportsDoors.tsx"))).toEqual([]);
    expect(boundary(await lintAs("ImportsDoors.tsx", "app/lint-fixture/page.tsx"))).toEqual([]);
  });

  it("and a door may not re-export a parse file", async () => {
    const found = boundary(await lintAs("door-reexports-parse-file.txt", "lib/local/index.ts"));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("'./parse-release' import is restricted");
  });
});

describe("the server pages' door", () => {
  it("app/ may import @/lib/source/answers-node", async () => {
    expect(boundary(await lintAs("ImportsServerDoor.tsx", "app/lint-fixture/page.tsx"))).toEqual([]);
  });

  it("a component may not", async () => {
    const found = boundary(await lintAs("ImportsServerDoor.tsx", "components/lint-fixture/View.tsx"));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("'@/lib/source/answers-node' import is restricted");
  });
});

describe("app/ may not import scripts/", () => {
  it("a page importing @/scripts/build/phase-log is refused", async () => {
    const found = boundary(await lintAs("ImportsScripts.tsx", "app/lint-fixture/page.tsx"));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("'@/scripts/build/phase-log' import is restricted");
    expect(found[0]).toContain("app/ never imports scripts/");
  });
});

describe("browser layers may not import node:*", () => {
  it("lib/queries is refused", async () => {
    const found = boundary(await lintAs("query-reads-fs.ts", "lib/queries/lint-fixture/reads-fs.ts"));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("<name>-node.ts");
  });

  it("a lib/queries/…-node.ts file may", async () => {
    expect(boundary(await lintAs("query-reads-fs.ts", "lib/queries/lint-fixture/reads-fs-node.ts"))).toEqual([]);
  });
});
