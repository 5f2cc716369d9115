// The last gate of `npm run build`: the static export holds regular files and folders only, none over the
// per-file cap (scripts/export-size.ts). The data build copies releases' files as regular files and refuses
// links (lib/common/inside-root-node.ts); this check makes sure nothing else put one there (a link in public/,
// a tool that copies links as links), because the export is what a static host publishes; and a static host
// refuses a file over its cap. Exits 1 naming each offending path.
// Usage: tsx scripts/check-export.ts [dir]
import { scanTree } from "../lib/common/inside-root-node";
import { FILE_CAP_BYTES, oversizeFiles } from "./export-size";

const root = process.argv[2] ?? "out";
const { files, refused } = scanTree(root);
for (const r of refused) console.error(`✗ ${root}/${r.message} (${r.rule})`);
const large = oversizeFiles(root, files);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
for (const f of large)
  console.error(
    `✗ ${root}/${f.path}: ${mb(f.bytes)}, over the ${mb(FILE_CAP_BYTES)} a file of the export may have (static hosts refuse larger files; split it)`,
  );
if (refused.length > 0)
  console.error(
    `the export ${root} holds ${refused.length} link(s) or special file(s); a static host would publish them`,
  );
if (large.length > 0) console.error(`the export ${root} holds ${large.length} file(s) over ${mb(FILE_CAP_BYTES)}`);
if (refused.length > 0 || large.length > 0) process.exit(1);
console.log(`export check: ${files.length} regular files in ${root}, no links, none over ${mb(FILE_CAP_BYTES)}`);
