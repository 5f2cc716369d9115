"use client";
// The reviewer's name, kept in this browser (localStorage) and shared by the run page's review mode and the review
// page: it goes into each review made, and into the exported records' author.
import { useCallback, useEffect, useState } from "react";

const KEY = "switch-swe-reviewer";
const CHANGED = "switch-swe-reviewer-changed";

function stored(): string {
  try {
    return localStorage.getItem(KEY) ?? "";
  } catch {
    return "";
  }
}

export function useReviewerName(): [string, (name: string) => void] {
  const [name, setName] = useState("");
  useEffect(() => {
    const read = () => setName(stored());
    read();
    // Another field of the page (or another tab) changed it.
    window.addEventListener(CHANGED, read);
    window.addEventListener("storage", read);
    return () => {
      window.removeEventListener(CHANGED, read);
      window.removeEventListener("storage", read);
    };
  }, []);
  const update = useCallback((next: string) => {
    setName(next);
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // A browser that keeps no storage still reviews; the name lasts until the page closes.
    }
    window.dispatchEvent(new Event(CHANGED));
  }, []);
  return [name, update];
}
