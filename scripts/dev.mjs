// `npm run dev`: the site with hot reload (`next dev`) over the data already built into public/data, for work on
// pages and components. It builds no data: after changing a release, lib/data or lib/queries' build side, run
// `npm run data` again. Without built data it stops and says so rather than serving empty pages.
// Usage: npm run dev [-- --port N]   (the port defaults to $PORT, then 3000)
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const DATA = join("public", "data", "releases.json");

if (!existsSync(DATA)) {
  console.error(
    `npm run dev: ${DATA} is missing; build the data once with \`npm run data\`, then run npm run dev again`,
  );
  process.exit(1);
}

const args = process.argv.slice(2);
const portAt = args.indexOf("--port");
const port = portAt >= 0 ? args[portAt + 1] : (process.env.PORT ?? "3000");
const next = spawn("npx", ["next", "dev", "--port", String(port)], { stdio: "inherit" });
next.on("close", (code) => process.exit(code ?? 1));
