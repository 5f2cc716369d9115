// What a shell command does to a file, as shell-ops.ts reads it (and script-edits.ts for perl and Python).
export type ShellOp =
  /** `content` null: the file is overwritten with output the trace does not show. */
  | { op: "write"; path: string; content: string | null; how: string }
  | { op: "append"; path: string; content: string; how: string }
  | { op: "sed"; path: string; script: SedCommand[]; how: string }
  /** Back to the checkout's base revision (`git checkout -- f`, `git restore f`). */
  | { op: "reset"; path: string; how: string }
  /** Every file under `path` back to base (`git reset --hard`, `git stash`, `git checkout .`). */
  | { op: "reset_all"; path: string; how: string }
  | { op: "copy"; from: string; to: string; how: string }
  | { op: "move"; from: string; to: string; how: string }
  | { op: "delete"; path: string; how: string }
  /** A diff applied from a heredoc: per-file before/after text as in an apply_patch call. */
  | { op: "patch"; path: string; before: string | null; after: string; how: string };

export type SedCommand =
  | { kind: "delete"; address: RegExp; following: number }
  | { kind: "substitute"; pattern: RegExp; replacement: string; global: boolean };
