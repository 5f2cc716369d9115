// Issue 58, class 2: the nginx recipe (deploy/nginx.conf) never serves a dotfile. nginx is not installed where
// the unit tests run (`npm run deploy:check` asks the real one, scripts/deploy-check.ts "dotfiles answer 404"),
// so this reads the site's server block as nginx picks a location: the regex locations in the order written,
// the first that matches wins over the prefix `location /`.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const conf = readFileSync("deploy/nginx.conf", "utf8");
const site = conf.slice(conf.indexOf("    server {"), conf.indexOf("    server {", conf.indexOf("    server {") + 1));

/** The site's regex locations in order: [pattern, case-insensitive, body]. */
const regexLocations = [...site.matchAll(/^\s*location (~\*?) (\S+)\s*\{([^}]*)\}/gm)].map(
  (m) => [new RegExp(m[2]!, m[1] === "~*" ? "i" : ""), m[3]!.trim()] as const,
);

/** The body of the location nginx chooses for `uri`, or null for the prefix location `/`. */
function chosen(uri: string): string | null {
  return regexLocations.find(([pattern]) => pattern.test(uri))?.[1] ?? null;
}

describe("deploy/nginx.conf", () => {
  it("has the site's regex locations, the dotfile rule first", () => {
    expect(regexLocations.length).toBeGreaterThan(5);
    expect(regexLocations[0]![1]).toBe("return 404;");
  });

  it("answers dotfiles and anything under a dot folder with 404, whatever their type", () => {
    for (const uri of ["/.env", "/.git/config", "/data/.hidden.json", "/r/.well-known/x.html", "/.x/y.wasm"])
      expect(chosen(uri), uri).toBe("return 404;");
  });

  it("leaves the export's own files to their locations", () => {
    expect(chosen("/r/sample/index.html")).toMatch(/default_type text\/html;.*try_files/);
    expect(chosen("/_next/static/chunks/a.b-c.js")).toMatch(/default_type text\/javascript;/);
    expect(chosen("/data/sample/trajectories/a.zip")).toBeNull();
    expect(chosen("/data/sample/steps/grams/dir.bin")).toBeNull();
  });
});
