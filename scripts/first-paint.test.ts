// scripts/first-paint.ts on the head Next writes (charset, viewport, the stylesheet link React hoists first, async
// chunk scripts, then the layout's own children): the theme script ends up right after the charset, once; on a
// page with PAINT_FIRST_META the chunk scripts and their preloads give way to one loader at the end of <body>.
// The loader itself runs in Chromium in e2e/first-paint.spec.ts.
import { describe, expect, it } from "vitest";
import { PAINT_FIRST_META } from "../lib/site/paint-first";
import {
  INLINE_CSS_MAX_BYTES,
  chunksAfterFirstPaint,
  paintsFirst,
  stylesheetsInline,
  themeScriptFirst,
} from "./first-paint";

const THEME = `<script id="theme">(function(){document.documentElement.classList.toggle("dark",true)})()</script>`;
const META = `<meta name="${PAINT_FIRST_META.name}" content="${PAINT_FIRST_META.content}"/>`;
const PAGE =
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width"/>` +
  `<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>` +
  `<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>` +
  `<script src="/_next/static/chunks/c1.js" async=""></script><script src="/_next/static/chunks/c2.js" async=""></script>` +
  `<title>t</title>${META}${THEME}<script src="/_next/static/chunks/p.js" noModule=""></script></head>` +
  `<body><p>46.5</p><script>self.__next_f.push([0])</script>` +
  `<script src="/_next/static/chunks/main.js" async=""></script></body></html>`;

describe("themeScriptFirst", () => {
  it("puts the theme script between the charset and the stylesheet, and nowhere else", () => {
    const out = themeScriptFirst(PAGE, "index.html");
    expect(
      out.startsWith(`<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${THEME}<meta name="viewport"`),
    ).toBe(true);
    expect(out.split(THEME)).toHaveLength(2);
    expect(out.indexOf(THEME)).toBeLessThan(out.indexOf('<link rel="stylesheet"'));
    expect(out.replace(THEME, "")).toBe(PAGE.replace(THEME, ""));
  });

  it("leaves a page it already moved as it is (the bench rebuilds the export)", () => {
    const once = themeScriptFirst(PAGE, "index.html");
    expect(themeScriptFirst(once, "index.html")).toBe(once);
  });

  it("names the file when a page has no theme script or no charset", () => {
    expect(() => themeScriptFirst(PAGE.replace(THEME, ""), "out/x/index.html")).toThrow(
      'out/x/index.html: no <script id="theme">',
    );
    expect(() => themeScriptFirst(PAGE.replace('<meta charSet="utf-8"/>', ""), "out/y.html")).toThrow(
      'out/y.html: no <meta charSet="utf-8"/> in <head>',
    );
  });
});

describe("chunksAfterFirstPaint", () => {
  const out = chunksAfterFirstPaint(PAGE, "index.html");

  it("is asked for by the page's meta only", () => {
    expect(paintsFirst(PAGE)).toBe(true);
    expect(paintsFirst(PAGE.replace(META, ""))).toBe(false);
  });

  it("takes out every async chunk script and its preload, and leaves the other scripts and links", () => {
    expect(out).not.toContain('async=""');
    expect(out).not.toContain('rel="preload"');
    expect(out).toContain(`<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>`);
    expect(out).toContain(`<script src="/_next/static/chunks/p.js" noModule=""></script>`);
    expect(out).toContain(`<script>self.__next_f.push([0])</script>`);
    const other = `<link rel="preload" as="script" href="/elsewhere.js"/>`;
    expect(chunksAfterFirstPaint(PAGE.replace("<title>", other + "<title>"), "index.html")).toContain(other);
  });

  it("adds one loader, last in <body>, that lists every chunk in document order", () => {
    const loader = out.match(/<script id="chunks-after-paint">([\s\S]*?)<\/script><\/body><\/html>$/);
    expect(loader).not.toBeNull();
    expect(loader![1]).toContain(
      `var s=["/_next/static/chunks/c1.js","/_next/static/chunks/c2.js","/_next/static/chunks/main.js"]`,
    );
    expect(out.split('id="chunks-after-paint"')).toHaveLength(2);
    expect(chunksAfterFirstPaint(out, "index.html")).toBe(out);
  });

  it("names the file when there is nothing to hold", () => {
    expect(() =>
      chunksAfterFirstPaint(PAGE.replace(/<script src="[^"]+" async=""><\/script>/g, ""), "out/z.html"),
    ).toThrow("out/z.html: no async chunk script");
  });
});

describe("stylesheetsInline", () => {
  const CSS = "td{font-variant-numeric:tabular-nums}";
  const read = (href: string) => {
    if (href !== "/_next/static/chunks/a.css") throw new Error(`read ${href}`);
    return CSS;
  };

  it("replaces the stylesheet link with a <style> holding the file, marked as React marks one it inlined", () => {
    const out = stylesheetsInline(PAGE, "index.html", read);
    expect(out).not.toContain('rel="stylesheet"');
    expect(out).toBe(
      PAGE.replace(
        `<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>`,
        `<style data-precedence="next" data-href="/_next/static/chunks/a.css">${CSS}</style>`,
      ),
    );
    expect(stylesheetsInline(out, "index.html", read)).toBe(out);
  });

  it("makes the stylesheet's relative url()s absolute, since the page's address is not the stylesheet's", () => {
    const css = `@font-face{src:url(../media/f-s.p.1.woff2)format("woff2")}a{background:url("./x.png?v=2#i")}`;
    const kept = `b{background:url(/_next/static/media/y.png)}c{mask:url('data:image/svg+xml,<svg/>')}d{fill:url(#g)}`;
    const out = stylesheetsInline(PAGE, "index.html", () => css + kept);
    expect(out).toContain(
      `@font-face{src:url(/_next/static/media/f-s.p.1.woff2)format("woff2")}a{background:url("/_next/static/chunks/x.png?v=2#i")}` +
        kept,
    );
  });

  it("leaves a stylesheet that is not the build's alone", () => {
    const foreign = `<link rel="stylesheet" href="/elsewhere.css" data-precedence="next"/>`;
    const other = PAGE.replace("<title>", foreign + "<title>");
    expect(stylesheetsInline(other, "index.html", read)).toBe(
      stylesheetsInline(PAGE, "index.html", read).replace("<title>", foreign + "<title>"),
    );
  });

  it("names the file and the stylesheet when it is too large or could end the <style> early", () => {
    const big = "a{}".repeat(Math.ceil(INLINE_CSS_MAX_BYTES / 3) + 1);
    expect(() => stylesheetsInline(PAGE, "out/b.html", () => big)).toThrow(
      `out/b.html: stylesheet /_next/static/chunks/a.css is ${big.length} bytes, more than ${INLINE_CSS_MAX_BYTES}`,
    );
    expect(() => stylesheetsInline(PAGE, "out/c.html", () => "a{}</STYLE><script>x()</script>")).toThrow(
      'out/c.html: stylesheet /_next/static/chunks/a.css holds "</style"',
    );
  });

  it("names the file when there is no stylesheet link to inline", () => {
    const unlinked = PAGE.replace(/<link rel="stylesheet"[^>]*>/, "");
    expect(() => stylesheetsInline(unlinked, "out/d.html", read)).toThrow('out/d.html: no <link rel="stylesheet"');
  });
});
