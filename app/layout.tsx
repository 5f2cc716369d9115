import type { Metadata } from "next";
import Link from "next/link";
import { HydratedMark } from "@/components/site/HydratedMark";
import { THEME_SCRIPT, ThemeToggle } from "@/components/site/ThemeToggle";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Switch-SWE leaderboard", template: "%s · Switch-SWE" },
  description: "Can coding agents resume an unfinished task after working on other unfinished tasks?",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    // The theme script changes html's class before hydration, hence suppressHydrationWarning.
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* Moved ahead of the stylesheet link after the export by scripts/first-paint.ts. */}
        <script id="theme" dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-white text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <header className="border-b border-zinc-200 print:hidden dark:border-zinc-800">
          <nav
            aria-label="site"
            className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-sm"
          >
            <Link href="/" prefetch={false} className="font-semibold">
              Switch-SWE
            </Link>
            <Link href="/" prefetch={false} className="hover:underline">
              Leaderboard
            </Link>
            <Link href="/releases/" prefetch={false} className="hover:underline">
              Releases
            </Link>
            <Link href="/submit/" prefetch={false} className="hover:underline">
              Submit
            </Link>
            <Link href="/about/" prefetch={false} className="hover:underline">
              About · how to read
            </Link>
            <ThemeToggle />
          </nav>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-4 outline-none">
          {children}
        </main>
        <HydratedMark />
      </body>
    </html>
  );
}
