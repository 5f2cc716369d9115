// The last gate of `npm run build`: the static export holds regular files and folders only, none over the
// per-file cap (scripts/export-size.ts). The data build copies releases' files as regular files and refuses
// links (lib/common/inside-root-node.ts); this check makes sure nothing else put one there (a link in public/,
// a tool that copies links as links), because the export is what a static host publishes; and a static host
// refuses a file over its cap, and an export of more files than it takes (counted with the .br and .gz twins the
// build adds after this check). Exits 1 naming each offending path, or the count.
// Usage: tsx scripts/check-export.ts [dir]
import { scanTree } from "../lib/common/inside-root-node";
import { FILE_CAP_BYTES, FILE_COUNT_CAP, filesWithTwins, oversizeFiles } from "./export-size";

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
const count = filesWithTwins(root, files);
const many = count > FILE_COUNT_CAP;
if (many)
  console.error(
    `✗ the export ${root} would hold ${count} files with its .br and .gz twins, over the ${FILE_COUNT_CAP} a static host takes`,
  );
if (refused.length > 0 || large.length > 0 || many) process.exit(1);
console.log(
  `export check: ${files.length} regular files in ${root} (${count} with their .br and .gz twins, ≤ ${FILE_COUNT_CAP}), no links, none over ${mb(FILE_CAP_BYTES)}`,
);
