// A bordered panel with its title, named for a screen reader: the boxes beside a run's steps (verdict, ledger,
// schedule and usage) and the compare page's patch difference.
import type { ComponentProps, ReactNode } from "react";
import { cx } from "./Table";

const BOX = "rounded border border-zinc-200 p-2 text-sm dark:border-zinc-800";

export function Panel({
  title,
  label,
  heading: Heading = "h2",
  titleClassName = "mb-1 font-semibold",
  className,
  children,
  ...rest
}: Omit<ComponentProps<"section">, "title"> & {
  title: ReactNode;
  /** The section's accessible name (usually the title in lower case). */
  label: string;
  heading?: "h2" | "h3";
  titleClassName?: string;
  "data-testid"?: string;
}) {
  return (
    <section aria-label={label} className={cx(className, BOX)} {...rest}>
      <Heading className={titleClassName}>{title}</Heading>
      {children}
    </section>
  );
}
