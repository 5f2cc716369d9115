// Rewrites of the exported pages, after `next build`, so what a page's HTML already holds is painted before
// any script work (docs/architecture.md, "First view first").
//
// The theme script (app/layout.tsx, id="theme") moves to just after <meta charset>, ahead of the stylesheet link
// React places first in <head>. A parser-inserted script after a stylesheet that is still loading stops the parser
// until the stylesheet arrives (HTML, "script-blocking style sheet"), so where React puts it the whole body waited
// for the CSS. Ahead of the link it runs at once and the body is parsed while the CSS loads; it still runs before
// the first paint, so the theme never flashes. React's hydration of <head> finds a script by matching, not by
// position.
//
// On pages whose first view is all in the HTML (they carry PAINT_FIRST_META, lib/site/paint-first.ts) the chunk
// scripts load after the first frame: Next writes them as async scripts, and an async script that arrives before
// the first frame runs first (each chunk's evaluation is main-thread work; see docs/performance.md), so the
// first paint waited for code that only hydrates what is already on screen. Their stylesheet is inlined too: a
// linked one blocks rendering until it has arrived, one more request on the first visit's critical path (the
// cost Next's `experimental.inlineCss` removes; that option inlines every page's CSS and copies it into the RSC
// payload as well, which made `/` no faster). React, finding no link when it hydrates, adds one after the first
// paint, so the next page finds the CSS cached.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { PAINT_FIRST_META } from "../lib/site/paint-first";

const THEME = /<script id="theme">[\s\S]*?<\/script>/;
const CHARSET = '<meta charSet="utf-8"/>';
const CHUNK = /<script src="(\/_next\/static\/chunks\/[^"]+\.js)" async=""><\/script>/g;
const PRELOAD = /<link rel="preload" as="script"(?: fetchPriority="low")? href="([^"]+)"\/>/g;
const LOADER_ID = "chunks-after-paint";
const STYLESHEET = /<link rel="stylesheet" href="(\/_next\/static\/[^"]+\.css)" data-precedence="([^"]+)"\/>/g;
const STYLESHEET_ANY = new RegExp(STYLESHEET.source);
const INLINED = "<style data-precedence=";
/** Past this, a stylesheet's bytes would cost the first paint more than its request: the rewrite refuses it. */
export const INLINE_CSS_MAX_BYTES = 64 * 1024;

/** The page with its theme script first in <head> after the charset; throws naming `file` when either is missing. */
export function themeScriptFirst(html: string, file: string): string {
  const script = html.match(THEME)?.[0];
  if (!script) throw new Error(`${file}: no <script id="theme"> (app/layout.tsx puts one in every page)`);
  const rest = html.replace(script, "");
  const at = rest.indexOf(CHARSET);
  if (at < 0 || rest.indexOf("<head>") < 0 || at > rest.indexOf("</head>"))
    throw new Error(`${file}: no ${CHARSET} in <head> to put the theme script after`);
  const end = at + CHARSET.length;
  return rest.slice(0, end) + script + rest.slice(end);
}

/** Whether the page asks for its chunk scripts after the first paint (PAINT_FIRST_META). */
export function paintsFirst(html: string): boolean {
  return html.includes(`<meta name="${PAINT_FIRST_META.name}" content="${PAINT_FIRST_META.content}"/>`);
}

/**
 * The page with Next's async chunk scripts (in <head>, and the entry chunk in <body>) and their preloads taken
 * out, and a loader at the end of <body> that adds them, in document order, after the first frame: at the first
 * animation frame's next task, at once when the page is hidden (no frames come), and after a second at the latest.
 * No preload is left: on two cores the downloads and their background compiles slowed the first paint as much as
 * the evaluations did (docs/architecture.md, "First view first").
 */
export function chunksAfterFirstPaint(html: string, file: string): string {
  if (html.includes(`<script id="${LOADER_ID}">`)) return html;
  const bodyEnd = html.lastIndexOf("</body>");
  if (bodyEnd < 0) throw new Error(`${file}: no </body> to put the chunk loader before`);
  const srcs: string[] = [];
  const page = html.slice(0, bodyEnd).replace(CHUNK, (_, src: string) => {
    srcs.push(src);
    return "";
  });
  if (srcs.length === 0) throw new Error(`${file}: no async chunk script to load after the first paint`);
  const unpreloaded = page.replace(PRELOAD, (tag, src: string) => (srcs.includes(src) ? "" : tag));
  const loader =
    `<script id="${LOADER_ID}">(function(){var s=${JSON.stringify(srcs)},d=0;` +
    `function go(){if(d)return;d=1;for(var i=0;i<s.length;i++){var e=document.createElement("script");` +
    `e.src=s[i];e.async=true;document.head.appendChild(e)}}` +
    `if(document.visibilityState==="hidden")go();else{requestAnimationFrame(function(){setTimeout(go,0)});` +
    `setTimeout(go,1000)}})()</script>`;
  return unpreloaded + loader + html.slice(bodyEnd);
}

/**
 * `css` with its relative url()s (a font's or an image's `../media/…`, as Next writes them) made absolute paths:
 * they were relative to the stylesheet at `href`, and inlined they would resolve against the page's own address.
 */
function urlsFromRoot(css: string, href: string): string {
  return css.replace(/url\(\s*(["']?)([^"')]*)\1\s*\)/g, (whole, quote: string, ref: string) => {
    if (/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(ref) || ref === "") return whole;
    const abs = new URL(ref, `http://site${href}`);
    return `url(${quote}${abs.pathname}${abs.search}${abs.hash}${quote})`;
  });
}

/**
 * The page with each of Next's stylesheet links replaced by a <style> holding the file (`read(href)`), marked
 * the way React marks a stylesheet it inlined (data-precedence, data-href). Throws naming `file` when a
 * stylesheet is larger than INLINE_CSS_MAX_BYTES or could end the <style> early, and when the page has no
 * stylesheet link to inline (Next writing it some other way would otherwise undo the gain unnoticed).
 */
export function stylesheetsInline(html: string, file: string, read: (href: string) => string): string {
  if (!STYLESHEET_ANY.test(html) && !html.includes(INLINED))
    throw new Error(`${file}: no <link rel="stylesheet" href="/_next/static/…css" data-precedence> to inline`);
  return html.replace(STYLESHEET, (_, href: string, precedence: string) => {
    const css = read(href);
    const bytes = Buffer.byteLength(css);
    if (bytes > INLINE_CSS_MAX_BYTES)
      throw new Error(`${file}: stylesheet ${href} is ${bytes} bytes, more than ${INLINE_CSS_MAX_BYTES} to inline`);
    if (/<\/style/i.test(css)) throw new Error(`${file}: stylesheet ${href} holds "</style", which would end it early`);
    return `${INLINED}"${precedence}" data-href="${href}">${urlsFromRoot(css, href)}</style>`;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = process.argv[2] ?? "out";
  let held = 0;
  const pages = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".html"));
  for (const path of pages.map((name) => join(root, name))) {
    let html = themeScriptFirst(readFileSync(path, "utf8"), path);
    if (paintsFirst(html)) {
      html = stylesheetsInline(chunksAfterFirstPaint(html, path), path, (href) =>
        readFileSync(join(root, href), "utf8"),
      );
      held++;
    }
    writeFileSync(path, html);
  }
  console.log(
    `first paint: theme script first in ${pages.length} pages of ${root}, chunk scripts after the first paint and stylesheets inline in ${held}`,
  );
}
