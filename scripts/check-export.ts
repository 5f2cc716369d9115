// The last gate of `npm run build`: the static export holds regular files and folders only. The data build
// copies releases' files as regular files and refuses links (lib/common/inside-root-node.ts); this check
// makes sure nothing else put one there (a link in public/, a tool that copies links as links), because the
// export is what a static host publishes. Exits 1 naming each offending path.
// Usage: tsx scripts/check-export.ts [dir]
import { scanTree } from "../lib/common/inside-root-node";

const root = process.argv[2] ?? "out";
const { files, refused } = scanTree(root);
for (const r of refused) console.error(`✗ ${root}/${r.message} (${r.rule})`);
if (refused.length > 0) {
  console.error(
    `the export ${root} holds ${refused.length} link(s) or special file(s); a static host would publish them`,
  );
  process.exit(1);
}
console.log(`export check: ${files.length} regular files in ${root}, no links`);
