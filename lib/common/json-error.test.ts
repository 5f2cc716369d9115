import { describe, expect, it } from "vitest";
import { jsonErrorText } from "./json-error";

const refusal = (text: string) => {
  try {
    JSON.parse(text);
  } catch (err) {
    return jsonErrorText(err);
  }
  throw new Error("parsed");
};

describe("jsonErrorText", () => {
  it("never quotes the text V8 quotes, and names the character by its code point", () => {
    expect(refusal("SECRET-START-OF-LINE {")).toBe("unexpected character U+0053 (the text is not shown)");
    expect(refusal('{"a": \u202eSECRET}')).toBe("unexpected character U+202E (the text is not shown)");
    expect(refusal("[1,]")).toBe("unexpected character U+005D (the text is not shown)");
  });

  it("keeps V8's messages that give a position and no text", () => {
    expect(refusal('{"a": "SECRET')).toBe("Unterminated string in JSON at position 13");
    expect(refusal('{"a":1} SECRET')).toBe("Unexpected non-whitespace character after JSON at position 8");
    expect(refusal("")).toBe("Unexpected end of JSON input");
  });
});
