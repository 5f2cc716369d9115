// What a module does when it is imported, read from its top-level statements: package.json's `sideEffects`
// declares the modules of the doors (lib/source, lib/local) free of effects, so the bundler leaves out of a page
// every module of a door the page does not name (docs/architecture.md, "Layers"). A statement other than an
// import, an export or a declaration (a call such as zip.js's `configure(…)`, an assignment, a loop) is an effect.
import ts from "typescript";

const DECLARATIONS = new Set([
  ts.SyntaxKind.ImportDeclaration,
  ts.SyntaxKind.ImportEqualsDeclaration,
  ts.SyntaxKind.ExportDeclaration,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.VariableStatement,
  ts.SyntaxKind.EmptyStatement,
]);

/** The top-level statements of `text` that act when the module is imported, as "line: text". */
export function importEffects(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return file.statements
    .filter((s) => !DECLARATIONS.has(s.kind))
    .map((s) => `${file.getLineAndCharacterOfPosition(s.getStart()).line + 1}: ${s.getText().split("\n")[0]}`);
}
