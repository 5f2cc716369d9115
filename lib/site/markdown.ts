// The small Markdown subset docs/benchmark.md is written in, parsed into a tree the About page renders as
// React elements (no HTML string reaches the DOM). Headings, paragraphs, "- " lists, fenced code, and
// inline **bold**, `code` and [links](url); anything else is kept as plain text.

export type Inline = { kind: "text" | "strong" | "code"; text: string } | { kind: "link"; text: string; href: string };

export type Block =
  | { kind: "heading"; level: number; text: string; id: string }
  | { kind: "paragraph"; inlines: Inline[] }
  | { kind: "list"; items: Inline[][] }
  | { kind: "code"; lang: string; text: string };

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const INLINE = /\*\*([^*]+)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push({ kind: "text", text: text.slice(last, m.index) });
    if (m[1] !== undefined) out.push({ kind: "strong", text: m[1] });
    else if (m[2] !== undefined) out.push({ kind: "code", text: m[2] });
    else out.push({ kind: "link", text: m[3]!, href: m[4]! });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: "text", text: text.slice(last) });
  return out;
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let para: string[] = [];
  let items: string[] | null = null;
  const flush = () => {
    if (para.length) blocks.push({ kind: "paragraph", inlines: parseInline(para.join(" ")) });
    if (items) blocks.push({ kind: "list", items: items.map(parseInline) });
    para = [];
    items = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^```(\w*)\s*$/.exec(line);
    if (fence) {
      flush();
      const body: string[] = [];
      while (++i < lines.length && !/^```\s*$/.test(lines[i]!)) body.push(lines[i]!);
      blocks.push({ kind: "code", lang: fence[1]!, text: body.join("\n") });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: "heading", level: heading[1]!.length, text: heading[2]!, id: slug(heading[2]!) });
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    const item = /^- (.*)$/.exec(line);
    if (item) {
      if (para.length) flush();
      (items ??= []).push(item[1]!);
    } else if (items && /^\s+\S/.test(line)) {
      items[items.length - 1] += ` ${line.trim()}`;
    } else {
      if (items) flush();
      para.push(line.trim());
    }
  }
  flush();
  return blocks;
}
