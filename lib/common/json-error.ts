// Why JSON.parse refused a text, in words that never quote it. V8 writes `Unexpected token 'S', "SECRET-STA"... is
// not valid JSON`: the start of the text, which is untrusted (a line of a release, a submission or an annotation
// file) and would reach a terminal or a pull-request comment as it is, controls and bidi overrides included. Its
// other messages give a position and no text; those are kept.
import { codePointLabel } from "./unicode";

const QUOTING = /^Unexpected token '([\s\S]*?)', [\s\S]* is not valid JSON$/;

export function jsonErrorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const quoted = QUOTING.exec(message);
  if (!quoted) return message;
  const ch = quoted[1]!.codePointAt(0);
  return `unexpected character${ch === undefined ? "" : ` ${codePointLabel(ch)}`} (the text is not shown)`;
}
