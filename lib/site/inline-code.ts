// Splits description text on `code` spans, so the submit page can render them as <code> with React's own
// escaping: the text is never parsed as HTML or Markdown beyond this one mark.
export interface TextPart {
  code: boolean;
  text: string;
}

export function inlineCodeParts(text: string): TextPart[] {
  return text
    .split("`")
    .map((t, i) => ({ code: i % 2 === 1, text: t }))
    .filter((p) => p.text !== "");
}
