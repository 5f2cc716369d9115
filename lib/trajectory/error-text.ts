// Apart from parse-text.ts so a view can word an error without importing a parse file (docs/architecture.md).
/** An error's own words, never "Error: Error: …" however many times it was caught and passed on. */
export function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.replace(/^(?:[A-Za-z]*Error: )+/, "");
}
