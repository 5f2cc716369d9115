import type { Metadata } from "next";
import Link from "next/link";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { releaseIndex } from "@/scripts/build/release-files";

export const metadata: Metadata = {
  title: "Releases",
  description: "Every release of results this site carries, with its benchmark and version.",
};

export default function Releases() {
  return (
    <section>
      <h1 className="mb-3 text-xl font-semibold">Releases</h1>
      <ul className="space-y-1" data-testid="release-list">
        {releaseIndex().map((r) => (
          <li key={r.release_id}>
            <Link className="underline" href={`/r/${r.release_id}/`}>
              {r.title}
            </Link>{" "}
            <span className="text-sm text-zinc-500">
              {r.benchmark} · version {r.version}
              {r.synthetic ? " · synthetic" : ""}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
