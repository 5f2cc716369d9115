import type { Metadata } from "next";
import Link from "next/link";
import "./globals.css";

export const metadata: Metadata = {
  title: "Switch-SWE leaderboard",
  description: "Can coding agents resume an unfinished task after working on other unfinished tasks?",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-white text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        <header className="border-b border-zinc-200 dark:border-zinc-800">
          <nav className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-2 text-sm">
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
          </nav>
        </header>
        <main className="mx-auto max-w-7xl px-4 py-4">{children}</main>
      </body>
    </html>
  );
}
