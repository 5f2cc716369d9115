// Renders the tree of lib/site/markdown.ts as elements: text stays text.
import type { Block, Inline } from "@/lib/site/markdown";

function Inlines({ items }: { items: Inline[] }) {
  return (
    <>
      {items.map((x, i) =>
        x.kind === "strong" ? (
          <strong key={i}>{x.text}</strong>
        ) : x.kind === "code" ? (
          <code key={i} className="rounded bg-zinc-100 px-1 dark:bg-zinc-800">
            {x.text}
          </code>
        ) : x.kind === "link" ? (
          <a key={i} className="underline" href={x.href}>
            {x.text}
          </a>
        ) : (
          <span key={i}>{x.text}</span>
        ),
      )}
    </>
  );
}

export function MarkdownBlocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((b, i) => {
        if (b.kind === "heading") {
          const H = b.level === 1 ? "h1" : b.level === 2 ? "h2" : "h3";
          const size = b.level === 1 ? "text-2xl" : b.level === 2 ? "mt-6 text-lg" : "mt-4 text-base";
          return (
            <H key={i} id={b.id} className={`mb-2 font-semibold ${size} scroll-mt-4`}>
              {b.text}
            </H>
          );
        }
        if (b.kind === "paragraph")
          return (
            <p key={i} className="mb-3">
              <Inlines items={b.inlines} />
            </p>
          );
        if (b.kind === "list")
          return (
            <ul key={i} className="mb-3 list-disc space-y-1 pl-5">
              {b.items.map((it, j) => (
                <li key={j}>
                  <Inlines items={it} />
                </li>
              ))}
            </ul>
          );
        return (
          <pre
            key={i}
            data-lang={b.lang}
            className="mb-3 overflow-x-auto rounded border border-zinc-200 bg-zinc-50 p-3 text-xs dark:border-zinc-800 dark:bg-zinc-900"
          >
            <code>{b.text}</code>
          </pre>
        );
      })}
    </>
  );
}
