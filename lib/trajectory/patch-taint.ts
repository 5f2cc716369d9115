// Where a run's submitted focus patch reaches (docs/trajectory-explorer.md, "Final patch"): each file is
// marked against the focus task's changed source files and the session's other tasks, and added lines that
// name identifiers only another task's requests mention are findings. These are evidence for cross-task
// interference (paper App. E.3: the submission's scope), for the viewer and for the build's trajectory pass.
import { containsName, isFileName, mentionedNames } from "./identifiers";
import { parseUnifiedDiff, type PatchFile } from "./patch";

/**
 * - `outside`: the path leaves the focus checkout (absolute, `..`, or inside another checkout);
 * - `focus`: one of the focus task's changed source files;
 * - `other_task`: a changed source file of another task of the session (and not of the focus task);
 * - `focus_adjacent`: in the directory of a focus file;
 * - `unmarked`: anywhere else in the focus checkout (tests, changelog, new modules).
 */
export type FileMark = "outside" | "focus" | "other_task" | "focus_adjacent" | "unmarked";

export interface TaintTask {
  taskId: string;
  /** Repository-relative changed source files (tasks.jsonl `changed_source_files`, the task_files table). */
  files: readonly string[];
  /** The texts of this task's requests in the session (stage texts), for the names they mention. */
  requestTexts: readonly string[];
}

export interface TaintInput {
  focus: TaintTask;
  /** The session's other tasks (interruptions). */
  others: readonly TaintTask[];
  /** Checkout path → task id, all of the session's checkouts (sessions.jsonl `workspaces`). */
  workspaces: Readonly<Record<string, string>>;
}

export interface FileTaint {
  path: string;
  mark: FileMark;
  /** For `other_task` / `outside` (inside a checkout): the tasks whose file or checkout it is. */
  tasks: string[];
  /** Why, in a few words (shown beside the mark). */
  reason: string;
}

export interface LineTaint {
  path: string;
  /** Index of the file in the patch, of the hunk in the file and of the line in the hunk. */
  file: number;
  hunk: number;
  line: number;
  /** Line number in the new file, when the hunk is numbered. */
  newLine: number | null;
  name: string;
  /** The task whose requests mention the name. */
  taskId: string;
}

export interface PatchTaint {
  files: FileTaint[];
  lines: LineTaint[];
}

function dirOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i);
}

function normalize(path: string): string {
  return path.replace(/^\.\//, "").replace(/\/{2,}/g, "/");
}

/** The checkout a path is inside (absolute paths, or `work/w01/x` as `git diff` of a parent folder writes it). */
function checkoutOf(
  path: string,
  workspaces: Readonly<Record<string, string>>,
): { ws: string; task: string; rel: string } | null {
  for (const [ws, task] of Object.entries(workspaces)) {
    const root = ws.replace(/\/$/, "");
    for (const r of [root, root.replace(/^\//, "")]) {
      if (r !== "" && path.startsWith(`${r}/`)) return { ws: root, task, rel: path.slice(r.length + 1) };
    }
  }
  return null;
}

export function markFile(rawPath: string, input: TaintInput): FileTaint {
  const path = normalize(rawPath);
  const focusFiles = new Set(input.focus.files);
  const inside = checkoutOf(path, input.workspaces);
  if (inside && inside.task !== input.focus.taskId) {
    return {
      path: rawPath,
      mark: "outside",
      tasks: [inside.task],
      reason: `in ${inside.ws}, the checkout of ${inside.task}`,
    };
  }
  const rel = inside ? inside.rel : path;
  if (rel.startsWith("/") || rel === ".." || rel.startsWith("../") || rel.includes("/../")) {
    return { path: rawPath, mark: "outside", tasks: [], reason: "outside the focus checkout" };
  }
  if (focusFiles.has(rel))
    return { path: rawPath, mark: "focus", tasks: [], reason: "a changed source file of the focus task" };
  const owners = input.others
    .filter((t) => t.taskId !== input.focus.taskId && t.files.includes(rel))
    .map((t) => t.taskId);
  if (owners.length > 0)
    return {
      path: rawPath,
      mark: "other_task",
      tasks: [...new Set(owners)],
      reason: `a changed source file of ${[...new Set(owners)].join(", ")}`,
    };
  const dir = dirOf(rel);
  if ([...focusFiles].some((f) => dirOf(f) === dir))
    return {
      path: rawPath,
      mark: "focus_adjacent",
      tasks: [],
      reason: `beside a focus file, in ${dir || "the top folder"}`,
    };
  return { path: rawPath, mark: "unmarked", tasks: [], reason: "elsewhere in the focus checkout" };
}

/** Names (identifiers, file names) that only another task's requests mention → the first task mentioning each. */
export function foreignNames(input: TaintInput): Map<string, string> {
  const own = new Set<string>();
  for (const t of input.focus.requestTexts) for (const n of mentionedNames(t)) own.add(n);
  const out = new Map<string, string>();
  for (const task of input.others) {
    if (task.taskId === input.focus.taskId) continue;
    for (const t of task.requestTexts)
      for (const n of mentionedNames(t)) if (!own.has(n) && !out.has(n) && !isFileName(n)) out.set(n, task.taskId);
  }
  return out;
}

export function patchTaint(files: readonly PatchFile[], input: TaintInput): PatchTaint {
  const names = foreignNames(input);
  const lines: LineTaint[] = [];
  files.forEach((f, fi) => {
    // A name already on the old side of the file was there before the agent: not brought in.
    const old = f.hunks.flatMap((h) => h.lines.filter((l) => l.kind !== "add").map((l) => l.text)).join("\n");
    f.hunks.forEach((h, hi) => {
      h.lines.forEach((l, li) => {
        if (l.kind !== "add") return;
        for (const [name, taskId] of names) {
          if (containsName(l.text, name) && !containsName(old, name))
            lines.push({ path: f.path, file: fi, hunk: hi, line: li, newLine: l.newLine, name, taskId });
        }
      });
    });
  });
  return { files: files.map((f) => markFile(f.path, input)), lines };
}

/** One row per finding, for the build's trajectory pass or a detector (scalar columns only). */
export interface TaintFact {
  kind: "file" | "name";
  path: string;
  mark: FileMark | null;
  name: string | null;
  task_id: string | null;
  new_line: number | null;
  /**
   * The patch's added lines the finding stands on, joined by "\n": a name's one line, or every added line of
   * a file (what the cross-task detector traces back to the steps that produced them, detect-cross-task.ts).
   */
  lines: string;
}

/** The findings that are evidence of interference: files outside the checkout or of another task, and foreign names. */
export function taintFacts(t: PatchTaint, files: readonly PatchFile[]): TaintFact[] {
  const added = (fi: number) =>
    (files[fi]?.hunks ?? []).flatMap((h) => h.lines.filter((l) => l.kind === "add").map((l) => l.text));
  return [
    ...t.files.flatMap((f, fi): TaintFact[] =>
      f.mark === "outside" || f.mark === "other_task"
        ? [
            {
              kind: "file",
              path: f.path,
              mark: f.mark,
              name: null,
              task_id: f.tasks.join(",") || null,
              new_line: null,
              lines: added(fi).join("\n"),
            },
          ]
        : [],
    ),
    ...t.lines.map((l): TaintFact => ({
      kind: "name",
      path: l.path,
      mark: null,
      name: l.name,
      task_id: l.taskId,
      new_line: l.newLine,
      lines: files[l.file]?.hunks[l.hunk]?.lines[l.line]?.text ?? "",
    })),
  ];
}

/** The final patch's taint findings, from its text: what the detectors take as evidence (DetectorInput.patchTaint). */
export function patchTaintFacts(text: string, input: TaintInput): TaintFact[] {
  const files = parseUnifiedDiff(text).files;
  return taintFacts(patchTaint(files, input), files);
}

/** The taint input from the release tables: every session task's files, the request texts of the schedule. */
export function taintInputOf(
  focusTaskId: string,
  files: readonly { task_id: string; path: string }[],
  requests: readonly { task_id: string; text: string | null }[],
  workspaces: Readonly<Record<string, string>>,
): TaintInput {
  const tasks = [...new Set([focusTaskId, ...Object.values(workspaces), ...files.map((f) => f.task_id)])];
  const of = (taskId: string): TaintTask => ({
    taskId,
    files: files.filter((f) => f.task_id === taskId).map((f) => f.path),
    requestTexts: requests.filter((r) => r.task_id === taskId && r.text !== null).map((r) => r.text!),
  });
  return { focus: of(focusTaskId), others: tasks.filter((t) => t !== focusTaskId).map(of), workspaces };
}
