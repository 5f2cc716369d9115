"use client";
// Mounts its children only once they scroll near the viewport, so heavy lazy chunks (the chart library)
// stay out of the JavaScript a page loads before anyone looks at them.
import { useEffect, useRef, useState } from "react";

export function WhenVisible({
  children,
  minHeight = 320,
  label,
}: {
  children: React.ReactNode;
  minHeight?: number;
  label: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || shown) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setShown(true);
        io.disconnect();
      }
    });
    io.observe(el);
    return () => io.disconnect();
  }, [shown]);
  return (
    <div
      ref={ref}
      style={shown ? undefined : { minHeight }}
      role={shown ? undefined : "region"}
      aria-label={shown ? undefined : `${label} (loads when scrolled into view)`}
    >
      {shown ? children : null}
    </div>
  );
}
