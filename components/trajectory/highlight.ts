// One shiki highlighter for the page, fine-grained: the core, the JavaScript regex engine (no wasm), two
// themes and only the four languages the trajectory shows, each imported when first needed. Its HTML is the
// only HTML from trajectory text that reaches the DOM (shiki escapes the code it tokenizes).
import type { HighlighterCore } from "shiki/core";
import type { CodeLang } from "@/lib/trajectory/detail";

export type Lang = Exclude<CodeLang, null>;

/** Longer code is shown as plain text: tokenizing megabytes on the main thread would freeze the page. */
export const HIGHLIGHT_LIMIT = 20_000;

const LANGS: Record<Lang, () => Promise<unknown>> = {
  bash: () => import("shiki/langs/bash.mjs"),
  python: () => import("shiki/langs/python.mjs"),
  diff: () => import("shiki/langs/diff.mjs"),
  json: () => import("shiki/langs/json.mjs"),
};

let core: Promise<HighlighterCore> | null = null;
const loaded = new Map<Lang, Promise<void>>();
const cache = new Map<string, string>();
const CACHE_MAX = 500;

function highlighter(): Promise<HighlighterCore> {
  core ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
      import("shiki/core"),
      import("shiki/engine/javascript"),
    ]);
    return createHighlighterCore({
      themes: [import("shiki/themes/github-light.mjs"), import("shiki/themes/github-dark.mjs")],
      langs: [],
      engine: createJavaScriptRegexEngine(),
    });
  })();
  return core;
}

/**
 * Highlighted HTML (light colours inline, dark ones as CSS variables), or null when the code is too long.
 * `marked` lines (1-based) get the class `marked-line` (the final patch's tainted lines).
 */
export async function highlight(code: string, lang: Lang, marked: readonly number[] = []): Promise<string | null> {
  if (code.length > HIGHLIGHT_LIMIT) return null;
  const key = `${lang}\u0000${marked.join(",")}\u0000${code}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const hl = await highlighter();
  let ready = loaded.get(lang);
  if (!ready) {
    ready = LANGS[lang]().then((m) =>
      hl.loadLanguage((m as { default: Parameters<HighlighterCore["loadLanguage"]>[0] }).default),
    );
    loaded.set(lang, ready);
  }
  await ready;
  const lines = new Set(marked);
  const html = hl.codeToHtml(code, {
    lang,
    themes: { light: "github-light", dark: "github-dark" },
    defaultColor: "light",
    transformers:
      lines.size > 0
        ? [
            {
              line(node, line) {
                if (lines.has(line)) this.addClassToHast(node, "marked-line");
              },
            },
          ]
        : [],
  });
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, html);
  return html;
}
