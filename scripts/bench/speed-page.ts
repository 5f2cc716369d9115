// Timings read inside the page for the speed bench (speed.ts): both ends of each measure come from the page's
// own clock (navigation start, an event's timestamp, a DOM mutation), so Playwright's round trips and polling
// are in none of them. The callbacks run in the page: no named functions inside them, since tsx would wrap
// those in a helper the page does not have.
import type { BrowserContext, Page } from "@playwright/test";

/** Polls (one check a frame) until `selector` has text matching `pattern` in every match; ms since navigation start. */
export async function visibleAt(page: Page, selector: string, pattern: string, min = 1): Promise<number> {
  return page.evaluate(
    async ([sel, pat, least]) => {
      const re = new RegExp(pat);
      for (;;) {
        const els = [...document.querySelectorAll(sel)];
        if (els.length >= least && els.every((e) => re.test(e.textContent ?? ""))) return performance.now();
        await new Promise((r) => requestAnimationFrame(r));
      }
    },
    [selector, pattern, min] as const,
  );
}

/**
 * The same check as `visibleAt`, installed before the document exists (an init script of `ctx`), so its first
 * look is the page's first animation frame rather than whenever an evaluate sent on commit reaches the page
 * (some time after commit). That arrival is a floor under the bare page's time and lets `/` be caught with its
 * numbers parsed but not yet laid out; this check has neither. Read it with `seenFromStart`.
 */
export async function watchFromStart(ctx: BrowserContext, selector: string, pattern: string): Promise<void> {
  await ctx.addInitScript(
    ([sel, pat]) => {
      const re = new RegExp(pat);
      const w = window as unknown as { __seenFromStart?: Promise<number> };
      // No named functions inside: tsx would wrap them in a helper the page does not have.
      w.__seenFromStart = (async () => {
        for (;;) {
          await new Promise((r) => requestAnimationFrame(r));
          const els = [...document.querySelectorAll(sel)];
          if (els.length > 0 && els.every((e) => re.test(e.textContent ?? ""))) return performance.now();
        }
      })();
    },
    [selector, pattern] as const,
  );
}

export async function seenFromStart(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __seenFromStart: Promise<number> }).__seenFromStart);
}

/**
 * When what `visibleAt` found in the DOM at `inDom` was first painted, as far as the page can tell: its first
 * contentful paint when that came after (the numbers are in the HTML, parsed before the first frame), else
 * `inDom`. The check above runs at animation frames, which come before a frame's layout and paint.
 */
export async function paintedAt(page: Page, inDom: number): Promise<number> {
  const fcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const e = list.getEntries().find((x) => x.name === "first-contentful-paint");
          if (e) resolve(e.startTime);
        }).observe({ type: "paint", buffered: true });
      }),
  );
  return Math.max(inDom, fcp);
}

/**
 * Interaction → result, both ends read in the page: the event's own timestamp (`event`, captured on the
 * document) and the DOM mutation after which `selector` matches `pattern`.
 */
export async function armInteraction(page: Page, event: string, selector: string, pattern: string) {
  await page.evaluate(
    ([ev, sel, pat]) => {
      const w = window as unknown as { __t0?: number; __t1?: Promise<number> };
      w.__t0 = undefined;
      document.addEventListener(ev, (e) => (w.__t0 = e.timeStamp), { capture: true, once: true });
      const re = new RegExp(pat);
      w.__t1 = new Promise((resolve) => {
        const obs = new MutationObserver(() => {
          const el = document.querySelector(sel);
          if (el && re.test(el.textContent ?? "")) {
            obs.disconnect();
            resolve(performance.now());
          }
        });
        obs.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      });
    },
    [event, selector, pattern] as const,
  );
}

export async function interactionMs(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const w = window as unknown as { __t0: number; __t1: Promise<number> };
    const t1 = await w.__t1;
    return t1 - w.__t0;
  });
}

/** The compare page's 2×2 came from where the row says (components/compare/CompareView.tsx, data-origin). */
export async function expectOrigin(page: Page, want: "static" | "duckdb", what: string) {
  const origin = await page.getByTestId("compare").getAttribute("data-origin");
  if (origin !== want) throw new Error(`speed bench: ${what}'s 2×2 came from ${origin}, not ${want}`);
}
