"use client";
// The session as lanes (one per checkout, focus first) and blocks (one per request, sized by steps or
// tokens). Workspace switches and focus returns are marked; a click jumps to the request's first step.
// A long session's blocks (a 1,000,000-step log has 1,000) are drawn a chunk per task, so the page's thread is
// never held by all of them at once; a chunk is drawn again only when it gains or loses the current block.
import { memo, useEffect, useMemo, useState } from "react";
import { batches } from "@/lib/trajectory/batches";
import type { Block, Lane } from "@/lib/trajectory/timeline";

const SIG_DOT: Record<string, string> = {
  requirement_state_loss: "bg-rose-500",
  cross_task_interference: "bg-indigo-500",
};
const LANE_H = 22;
/** Blocks drawn in one task. */
const BLOCKS_PER_CHUNK = 100;

export function SessionTimeline({
  lanes,
  blocks,
  current,
  onJump,
}: {
  lanes: Lane[];
  blocks: Block[];
  current: number | null;
  onJump: (n: number) => void;
}) {
  return (
    <figure className="min-w-0" data-testid="session-timeline" aria-label="session timeline">
      <div className="flex text-xs">
        <div className="w-44 shrink-0 pr-2">
          {lanes.map((l) => (
            <div
              key={l.key}
              style={{ height: LANE_H }}
              className={`flex items-center truncate ${l.focus ? "font-semibold" : "text-zinc-600 dark:text-zinc-400"}`}
              title={l.workspace ?? l.key}
            >
              {l.focus ? "★ " : ""}
              {l.taskId ?? l.key}
              {l.workspace ? (
                <span className="ml-1 font-normal text-zinc-500 dark:text-zinc-400">
                  {l.workspace.split("/").pop()}
                </span>
              ) : null}
            </div>
          ))}
        </div>
        <div
          className="relative min-w-0 flex-1 rounded bg-zinc-50 dark:bg-zinc-900"
          style={{ height: lanes.length * LANE_H }}
        >
          {lanes.map((l, i) =>
            l.focus ? (
              <div
                key={l.key}
                className="absolute inset-x-0 bg-amber-50 dark:bg-amber-950/40"
                style={{ top: i * LANE_H, height: LANE_H }}
              />
            ) : null,
          )}
          <Blocks blocks={blocks} current={current} onJump={onJump} />
        </div>
      </div>
      <figcaption className="mt-1 text-xs text-zinc-500">
        ★ focus task · ▲ focus return · ▏workspace switch · dashed: never ran · red outline: mismatch with the
        trajectory · dots: signature tags
      </figcaption>
    </figure>
  );
}

const isHere = (b: Block, current: number | null) =>
  current !== null && b.first !== null && current >= b.first && current < b.first + b.steps;

/** The blocks, a chunk more each task until all are drawn (all again from the first chunk when they change). */
function Blocks({ blocks, current, onJump }: { blocks: Block[]; current: number | null; onJump: (n: number) => void }) {
  const chunks = useMemo(() => batches(blocks, BLOCKS_PER_CHUNK), [blocks]);
  const [drawn, setDrawn] = useState({ chunks, count: 1 });
  const count = drawn.chunks === chunks ? drawn.count : 1;
  useEffect(() => {
    if (count >= chunks.length) return;
    const t = setTimeout(() => setDrawn({ chunks, count: count + 1 }), 0);
    return () => clearTimeout(t);
  }, [chunks, count]);
  return chunks
    .slice(0, count)
    .map((c, i) => (
      <BlockChunk key={i} blocks={c} current={c.some((b) => isHere(b, current)) ? current : null} onJump={onJump} />
    ));
}

const BlockChunk = memo(function BlockChunk({
  blocks,
  current,
  onJump,
}: {
  blocks: Block[];
  current: number | null;
  onJump: (n: number) => void;
}) {
  return blocks.map((b, i) => <BlockButton key={i} b={b} current={current} onJump={onJump} />);
});

function BlockButton({ b, current, onJump }: { b: Block; current: number | null; onJump: (n: number) => void }) {
  const here = isHere(b, current);
  const color = b.focus
    ? b.submit
      ? "bg-amber-600"
      : "bg-amber-400"
    : b.position === null
      ? "bg-zinc-300 dark:bg-zinc-700"
      : "bg-sky-400 dark:bg-sky-600";
  return (
    <button
      type="button"
      aria-label={`${b.label}, ${b.steps} steps, ${b.tokens.toLocaleString("en-US")} tokens`}
      title={`${b.label} · ${b.steps} steps · ${b.tokens.toLocaleString("en-US")} tokens`}
      data-position={b.position ?? undefined}
      data-print="show"
      data-focus={b.focus || undefined}
      data-switch={b.workspaceSwitch || undefined}
      data-focus-return={b.focusReturn || undefined}
      data-ran={b.ran}
      data-mismatch={b.mismatch || undefined}
      data-current={here || undefined}
      data-signatures={b.signatures.join(" ") || undefined}
      disabled={b.first === null}
      onClick={() => b.first !== null && onJump(b.first)}
      className={`absolute rounded-sm ${b.ran ? color : "border border-dashed border-zinc-400 bg-transparent"} ${here ? "ring-2 ring-zinc-900 dark:ring-white" : ""} ${
        b.mismatch ? "outline-2 outline-red-600" : ""
      }`}
      style={{ left: `${b.left}%`, width: `max(${b.width}%, 2px)`, top: b.lane * LANE_H + 3, height: LANE_H - 6 }}
    >
      {b.workspaceSwitch ? (
        <span className="absolute -left-px -top-1 h-[calc(100%+8px)] w-px bg-zinc-700 dark:bg-zinc-300" />
      ) : null}
      {b.focusReturn ? <span className="absolute -top-3 left-0 text-[9px] leading-none text-amber-700">▲</span> : null}
      {b.signatures.length ? (
        <span className="absolute inset-0 flex items-center justify-center gap-0.5">
          {b.signatures.map((s) => (
            <span key={s} className={`h-2 w-2 rounded-full ${SIG_DOT[s] ?? "bg-black"}`} />
          ))}
        </span>
      ) : null}
    </button>
  );
}
