// Every browser test fails on a console error, a page error, or a request to another origin.
import { test as base, expect } from "@playwright/test";

export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        // A "Failed to load resource" message names its URL only in its location.
        const at = msg.location().url;
        if (msg.type() === "error") errors.push(`console: ${msg.text()}${at ? ` (${new URL(at).pathname})` : ""}`);
      });
      page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
      page.on("request", (req) => {
        const url = new URL(req.url());
        if (!["localhost", "127.0.0.1"].includes(url.hostname) && !["data:", "blob:"].includes(url.protocol)) {
          errors.push(`foreign request: ${req.url()}`);
        }
      });
      await use(errors);
      expect(errors, "console errors, page errors or foreign requests").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
