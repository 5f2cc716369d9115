import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown } from "./markdown";

describe("parseInline", () => {
  it("splits bold, code and links from the text around them", () => {
    expect(parseInline("a **b** `c` [d](https://e.org/f) g")).toEqual([
      { kind: "text", text: "a " },
      { kind: "strong", text: "b" },
      { kind: "text", text: " " },
      { kind: "code", text: "c" },
      { kind: "text", text: " " },
      { kind: "link", text: "d", href: "https://e.org/f" },
      { kind: "text", text: " g" },
    ]);
  });
  it("keeps an unclosed marker as text", () => {
    expect(parseInline("x **y")).toEqual([{ kind: "text", text: "x **y" }]);
  });
});

describe("parseMarkdown", () => {
  it("reads headings, joined paragraphs, lists with continuation lines and fenced code", () => {
    const md =
      "# Title\n\nOne\ntwo.\n\n- first\n  more\n- second\n\n```bibtex\n@a{b,\n  c = {d}\n}\n```\n## Near and far\nEnd";
    expect(parseMarkdown(md)).toEqual([
      { kind: "heading", level: 1, text: "Title", id: "title" },
      { kind: "paragraph", inlines: [{ kind: "text", text: "One two." }] },
      { kind: "list", items: [[{ kind: "text", text: "first more" }], [{ kind: "text", text: "second" }]] },
      { kind: "code", lang: "bibtex", text: "@a{b,\n  c = {d}\n}" },
      { kind: "heading", level: 2, text: "Near and far", id: "near-and-far" },
      { kind: "paragraph", inlines: [{ kind: "text", text: "End" }] },
    ]);
  });
});
