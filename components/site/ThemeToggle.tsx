"use client";
// Dark mode: the system preference until the visitor chooses, then their choice (localStorage "theme").
// The class itself is set before first paint by THEME_SCRIPT in app/layout.tsx; this button only flips it.
import { useEffect, useState } from "react";

export const THEME_KEY = "theme";

/** Inline in <head>: sets html.dark from the stored choice or the system preference, before painting. */
export const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem("${THEME_KEY}");var d=t?t==="dark":matchMedia("(prefers-color-scheme: dark)").matches;document.documentElement.classList.toggle("dark",d)}catch(e){}})()`;

export function ThemeToggle() {
  const [dark, setDark] = useState<boolean | null>(null);
  useEffect(() => {
    setDark(document.documentElement.classList.contains("dark"));
    // Follow the system while the visitor has not chosen.
    const mq = matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => {
      if (localStorage.getItem(THEME_KEY)) return;
      document.documentElement.classList.toggle("dark", mq.matches);
      setDark(mq.matches);
    };
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, []);
  return (
    <button
      type="button"
      className="btn ml-auto"
      aria-pressed={dark ?? undefined}
      data-testid="theme-toggle"
      onClick={() => {
        const next = !document.documentElement.classList.contains("dark");
        document.documentElement.classList.toggle("dark", next);
        localStorage.setItem(THEME_KEY, next ? "dark" : "light");
        setDark(next);
      }}
    >
      Dark mode
    </button>
  );
}
