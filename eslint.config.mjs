// ESLint (flat config). The layer rules are docs/architecture.md's "Layers and what each may import": a test in
// scripts/lint/boundaries.test.ts runs this config on fixtures that break them.
import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Files that turn bytes or text into records (docs/architecture.md, "Parse files"): never imported by a view. */
export const PARSE_FILES = [
  "lib/trajectory/read-*.ts",
  "lib/trajectory/parse-text.ts",
  "lib/trajectory/swe-agent.ts",
  "lib/data/load-release.ts",
  "lib/data/jsonl-records.ts",
  "lib/data/record-lines.ts",
  "lib/data/import-harbor*.ts",
  "lib/local/parse-*.ts",
  "lib/files/zip.ts",
  "lib/archive/read-*.ts",
  "lib/archive/index-node.ts",
];

const nodeBuiltins = {
  group: ["node:*"],
  message: "Node-only modules stay out of browser layers: put this in scripts/ or a lib/<folder>/<name>-node.ts file.",
};

/** Patterns for no-restricted-imports: `@/x` and relative spellings of the same path. */
function anySpelling(path) {
  return [`@/${path}`, `**/${path}`];
}

const viewImports = {
  patterns: [
    nodeBuiltins,
    {
      group: ["@duckdb/*"],
      message: "Views never touch DuckDB: run queries through the release source (lib/source) or lib/local.",
    },
    {
      group: anySpelling("lib/db/**"),
      message: "Views never import lib/db: its doors are for lib/queries, lib/site and lib/local.",
    },
    {
      group: PARSE_FILES.flatMap((p) => anySpelling(p.replace(/\.ts$/, ""))),
      message: "Views never import parse files (docs/architecture.md): parsing runs in lib/ or its workers.",
    },
  ],
};

/** The doors of lib/source and lib/local (docs/architecture.md, "Layers"): views import these, never a module behind. */
const DOORS = ["lib/source", "lib/local"];

const doorOnly = {
  group: DOORS.flatMap((door) => anySpelling(`${door}/**`)),
  message:
    "Views import lib/source and lib/local through their doors only: `@/lib/source`, `@/lib/local` (their index.ts).",
};

/**
 * The server pages' own door: the build's answer files read from disk (Node only, so never in the browser door).
 * components/ may not import it; app/ may.
 */
const SERVER_DOOR = "lib/source/answers-node";
const appDoorOnly = {
  group: [...doorOnly.group, `!@/${SERVER_DOOR}`, `!**/${SERVER_DOOR}`],
  message: `${doorOnly.message} Server pages read the build's answers through \`@/${SERVER_DOOR}\`.`,
};

/** app/ is the site: what it shows at build time comes through lib, never from the build scripts. */
const noScripts = {
  group: anySpelling("scripts/**"),
  message: "app/ never imports scripts/: what a page reads at build time comes through lib (docs/architecture.md).",
};

/** A dynamic import() into `dirs`, which no-restricted-imports does not see: the same rule, as a syntax rule. */
function deepDynamicImport(dirs, message) {
  const slash = String.raw`\/`;
  const dir = dirs.map((d) => d.split("/").join(slash)).join("|");
  return { selector: `ImportExpression[source.value=/^(@${slash}|(\\.\\.?${slash})+)(${dir})${slash}/]`, message };
}

/**
 * lib's folders from the lowest up (docs/architecture.md, "Layers"): a folder imports only folders before it, so
 * no two folders import each other. Tests and test helpers may reach any layer.
 */
export const LIB_LAYERS = [
  "common",
  "archive",
  "files",
  "trajectory",
  "data",
  "metrics",
  "db",
  "queries",
  "local",
  "source",
  "site",
];

const layerZones = [
  ...LIB_LAYERS.map((layer, i) => ({
    target: `./lib/${layer}`,
    from: [...LIB_LAYERS.slice(i + 1).map((above) => `./lib/${above}`), "./components", "./app", "./scripts", "./e2e"],
    message: `lib/${layer} sits below ${LIB_LAYERS.slice(i + 1).join(", ")}: move the shared piece down to a lower layer instead.`,
  })),
  { target: "./components", from: ["./app", "./scripts", "./e2e"] },
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      "out/**",
      "public/**",
      "dist/**",
      "data/**",
      ".cache/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      "**/fixtures/**",
      "scripts/lint/fixtures/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      // Without a parser for its dependencies, import-x/no-cycle reads no TypeScript module and finds no cycle.
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/extensions": [".ts", ".tsx", ".mjs", ".js"],
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".mjs", ".js", ".json"],
          tsconfig: { configFile: "./tsconfig.json" },
        }),
      ],
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      // An async function without await is how this code turns a refusal into a rejection its callers catch.
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // A function longer than a screen does several things: split it (docs/architecture.md, "Layers").
      "max-lines-per-function": ["error", { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // A test's describe block is a list of cases, not a function that does several things.
    files: ["**/*.test.ts", "e2e/**/*.ts"],
    rules: { "max-lines-per-function": "off" },
  },
  {
    // Tests read JSON (files, Arrow rows, page models) and assert on its fields: there `any` is the point, and a
    // wrong field fails the assertion. Everything else stays under the unsafe-any rules.
    files: ["**/*.test.ts", "e2e/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
    },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["lib/**/*.ts", "components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/testing*.ts", "**/*-fixture.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: layerZones }] },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [...viewImports.patterns, doorOnly] }],
      "no-restricted-syntax": ["error", deepDynamicImport(DOORS, doorOnly.message)],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [...viewImports.patterns, appDoorOnly, noScripts] }],
      "no-restricted-syntax": [
        "error",
        deepDynamicImport(DOORS, doorOnly.message),
        deepDynamicImport(["scripts"], noScripts.message),
      ],
    },
  },
  {
    // A door re-exports its own folder's modules, and never a parse file: views cannot see behind it.
    files: DOORS.map((door) => `${door}/index.ts`),
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["../**", "@/**"], message: "A door re-exports modules of its own folder only." },
            {
              group: ["./parse-*"],
              message: "Views never import parse files (docs/architecture.md), nor through a door.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/queries/**/*.ts", "lib/trajectory/**/*.ts", "lib/metrics/**/*.ts", "lib/site/**/*.ts"],
    // Test helpers (testing*.ts) reach any layer, as for the layer zones above: never bundled.
    ignores: ["**/*.test.ts", "**/*-node.ts", "**/testing*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [nodeBuiltins] }] },
  },
);
