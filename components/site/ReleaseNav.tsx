import Link from "next/link";
import { RELEASE_NAV, releaseHref } from "@/lib/site/nav";

export function ReleaseNav({ releaseId, current }: { releaseId: string; current: string }) {
  return (
    <nav
      aria-label="release pages"
      className="mb-3 flex flex-wrap gap-3 border-b border-zinc-200 pb-2 text-sm dark:border-zinc-800"
    >
      {RELEASE_NAV.map((e) => (
        <Link
          key={e.path}
          href={releaseHref(releaseId, e.path)}
          prefetch={false}
          aria-current={e.path === current ? "page" : undefined}
          className={e.path === current ? "font-semibold" : "text-zinc-600 hover:underline dark:text-zinc-400"}
        >
          {e.label}
        </Link>
      ))}
    </nav>
  );
}
