// The steps index (docs/data-format.md, "Derived tables"): one flat row per step of a run's trajectory, so a
// whole release can be searched by command, path and text without opening a single trajectory. Pure; the
// build's trajectory pass calls it for every run. Texts are bounded excerpts (STEP_LIMITS), never whole
// observations: the index must stay small enough for the browser to load. Run-level columns (configuration,
// condition, outcome) are not repeated per step: queries join `runs` and `sessions` on run_id.
import type { Step, Trajectory } from "./model";
import { segmentRun, type RequestInfo } from "./segment";
import { argumentText, fileEdits, shellCommand } from "./tools";

/** Characters kept per column; documented in docs/data-format.md ("Derived tables"). */
export const STEP_LIMITS = { command: 1000, paths: 500, message: 240, observation: 240 } as const;

export type RequestKind = "focus" | "interruption" | "finalization";

/** What the index needs of the build's PassContext (scripts/build/trajectory-pass/). */
export interface StepsIndexContext {
  runId: string;
  analysis: { schedule: RequestInfo[] | null; focusTaskId: string | null; workspaces: Record<string, string> };
}

// A type, not an interface: it must fit the pass's row type (an index signature).
export type StepIndexRow = {
  run_id: string;
  /** 1-based, the viewer's ?step=. */
  step: number;
  /** Scheduled request position; null before the first request or beyond the schedule. */
  position: number | null;
  request_kind: RequestKind | null;
  /** The request's task. */
  task_id: string | null;
  /** Checkouts the step's tool calls name (comma-joined, in the order of the session's checkouts); else the request's. */
  checkout: string | null;
  /** The tool calls reach a checkout of another task than the request's. */
  other_checkout: boolean;
  source: string;
  /** Distinct tool names, in call order, comma-joined; null without tool calls. */
  tools: string | null;
  tool_calls: number;
  /** Shell commands, one per line, clipped to STEP_LIMITS.command. */
  command: string | null;
  /** Edited paths, comma-joined, clipped to STEP_LIMITS.paths. */
  paths: string | null;
  message: string | null;
  message_chars: number;
  observation: string | null;
  observation_chars: number;
};

export const STEPS_INDEX_COLUMNS = {
  run_id: "VARCHAR",
  step: "INTEGER",
  position: "INTEGER",
  request_kind: "VARCHAR",
  task_id: "VARCHAR",
  checkout: "VARCHAR",
  other_checkout: "BOOLEAN",
  source: "VARCHAR",
  tools: "VARCHAR",
  tool_calls: "INTEGER",
  command: "VARCHAR",
  paths: "VARCHAR",
  message: "VARCHAR",
  message_chars: "INTEGER",
  observation: "VARCHAR",
  observation_chars: "INTEGER",
} as const satisfies Record<keyof StepIndexRow, "VARCHAR" | "INTEGER" | "BOOLEAN">;

/** The first `max` characters (a clipped text ends with "…", counted in `max`); null for empty text. */
export function clipText(text: string, max: number): string | null {
  if (text === "") return null;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A checkout path as a whole path component, as lib/trajectory/detect-cross-task.ts matches it. */
function checkoutPattern(ws: string): RegExp {
  return new RegExp(`(^|[^\\w./-])${escapeRegExp(ws.replace(/\/$/, ""))}(?=$|[/\\s"'\`;:)|&>])`);
}

export function requestKind(r: RequestInfo): RequestKind {
  return r.isSubmit ? "finalization" : r.isFocus ? "focus" : "interruption";
}

export function stepsIndexRows(t: Trajectory, ctx: StepsIndexContext): StepIndexRow[] {
  const { schedule, workspaces } = ctx.analysis;
  const seg = segmentRun(t, schedule);
  const checkouts = Object.keys(workspaces).map((ws) => ({
    ws,
    task: workspaces[ws]!,
    path: ws.replace(/\/$/, ""),
    re: checkoutPattern(ws),
  }));
  return t.steps.map((s) => {
    const request = seg.segments[seg.segmentOf[s.n - 1]!]?.request ?? null;
    const position = seg.segments[seg.segmentOf[s.n - 1]!]?.position ?? null;
    const acted = actedIn(s, checkouts);
    const commands = s.toolCalls.map(shellCommand).filter((c): c is string => c !== null);
    const paths = [...new Set(s.toolCalls.flatMap((c) => fileEdits(c).map((e) => e.path)))];
    const observation = joinedExcerpt(
      s.results.map((r) => r.content),
      STEP_LIMITS.observation,
    );
    const checkout = acted.length > 0 ? acted.map((c) => c.ws).join(",") : (request?.workspace ?? null);
    return {
      run_id: ctx.runId,
      step: s.n,
      position,
      request_kind: request ? requestKind(request) : null,
      task_id: request?.taskId ?? null,
      checkout,
      other_checkout: request !== null && acted.some((c) => c.task !== request.taskId),
      source: s.source,
      tools: s.toolCalls.length ? [...new Set(s.toolCalls.map((c) => c.name))].join(",") : null,
      tool_calls: s.toolCalls.length,
      command: clipText(commands.join("\n"), STEP_LIMITS.command),
      paths: clipText(paths.join(","), STEP_LIMITS.paths),
      message: clipText(s.message, STEP_LIMITS.message),
      message_chars: s.message.length,
      observation: observation.excerpt,
      observation_chars: observation.chars,
    };
  });
}

/**
 * clipText of the non-empty texts joined by newlines, and that join's length, without building the join:
 * observations run to megabytes, of which the index keeps `max` characters.
 */
export function joinedExcerpt(texts: readonly string[], max: number): { excerpt: string | null; chars: number } {
  let chars = 0;
  let head = "";
  for (const t of texts) {
    if (t === "") continue;
    const sep = chars > 0 ? 1 : 0;
    if (head.length <= max) head += (sep ? "\n" : "") + t.slice(0, max + 1);
    chars += sep + t.length;
  }
  return { excerpt: clipText(head.length > max ? head.slice(0, max + 1) : head, max), chars };
}

/** The checkouts a step's tool calls name (their commands, or every argument string of other tools). */
/** A checkout with what finds it in a text: its path (no trailing slash) first, then the whole-component pattern. */
interface CheckoutMatcher {
  ws: string;
  task: string;
  path: string;
  re: RegExp;
}

function actedIn(s: Step, checkouts: CheckoutMatcher[]): { ws: string; task: string }[] {
  if (s.toolCalls.length === 0 || checkouts.length === 0) return [];
  const text = s.toolCalls.map((c) => shellCommand(c) ?? argumentText(c)).join("\n");
  return checkouts.filter((c) => text.includes(c.path) && c.re.test(text));
}
