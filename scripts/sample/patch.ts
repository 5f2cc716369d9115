// The submitted focus patch of a sample run (docs/data-format.md, "Final patch"), computed from the
// generated trajectory's own edits so that it agrees with whatever edits the trajectory holds: every edit
// tool call is replayed onto a model of the files it touched, and the patch is `git diff` of the checkouts
// the finalization submits. That is the focus checkout, or, when the finalization gathers the diff of every
// workspace (the paper's App. E.3 shape), every checkout's diff one after the other, as the loop prints it.
// A finalized run whose patch did not apply without such a cause submitted a diff cut short (its last hunk
// ends early), as its trajectory says.
import type { Run, Session } from "../../lib/data/schema";
import type { AtifTrajectory } from "./trajectory-atif";
import { editsOf } from "./trajectory-edits";
import { hashString } from "./trajectory-random";

/** One contiguous part of a file the edits touched: what it read at the base revision and what it reads now. */
interface Region {
  base: string;
  current: string;
}

type Files = Map<string, Region[]>;

/** The patch a run submitted, or null for a run that was not finalized. */
export function finalPatch(trajectory: AtifTrajectory, session: Session, run: Run): string | null {
  if (!run.finalized) return null;
  const workspaces = Object.keys(session.workspaces)
    .map((w) => w.replace(/\/$/, ""))
    .sort();
  const focus = workspaces.find(
    (w) => session.workspaces[w] === session.focus_task_id || session.workspaces[`${w}/`] === session.focus_task_id,
  )!;
  const files = new Map<string, Files>(workspaces.map((w) => [w, new Map()]));
  let active = focus;
  let combined = false;
  const submitAt = lastSubmit(trajectory);
  trajectory.steps.forEach((step, i) => {
    if (step.source === "user") {
      active = step.extra.workspace.replace(/\/$/, "");
      return;
    }
    for (const call of step.tool_calls ?? []) {
      if (i > submitAt && gathersEveryCheckout(JSON.stringify(call.arguments))) combined = true;
      for (const e of editsOf(call)) {
        const ws =
          workspaces.find((w) => e.file_path.startsWith(`${w}/`)) ?? (e.file_path.startsWith("/") ? null : active);
        if (ws === null) continue;
        const rel = e.file_path.startsWith(`${ws}/`)
          ? e.file_path.slice(ws.length + 1)
          : e.file_path.replace(/^\.\//, "");
        apply(files.get(ws)!, rel, e.old_string, e.new_string);
      }
    }
  });
  const scope = combined ? workspaces : [focus];
  let text = scope
    .map((ws) => diffOf(files.get(ws)!))
    .filter((d) => d !== "")
    .join("");
  if (!combined && !run.applied && text !== "") text = cutLastHunk(text);
  return text;
}

function lastSubmit(t: AtifTrajectory): number {
  for (let i = t.steps.length - 1; i >= 0; i--) {
    const s = t.steps[i]!;
    if (s.source === "user" && s.extra.stage === "submit") return i;
  }
  return t.steps.length;
}

/** The finalization's loop over every checkout that writes their diffs to one file (trajectory-actions.ts). */
function gathersEveryCheckout(args: string): boolean {
  return /for d in /.test(args) && /git -C \\?"\$d\\?" diff/.test(args) && /final\.patch/.test(args);
}

function apply(files: Files, rel: string, before: string, after: string): void {
  const regions = files.get(rel) ?? files.set(rel, []).get(rel)!;
  const hit = before === "" ? undefined : regions.find((r) => r.current.includes(before));
  if (hit) hit.current = hit.current.replace(before, after);
  else regions.push({ base: before, current: after });
}

function diffOf(files: Files): string {
  let out = "";
  for (const [rel, regions] of [...files].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const hunks: string[] = [];
    // Where the file's first touched line is: invented, but the same for one path in every run.
    let oldAt = 10 + (hashString(rel) % 400);
    let delta = 0;
    for (const r of regions) {
      const a = r.base === "" ? [] : r.base.split("\n");
      const b = r.current === "" ? [] : r.current.split("\n");
      if (a.join("\n") === b.join("\n")) continue;
      let head = 0;
      while (head < a.length && head < b.length && a[head] === b[head]) head++;
      let tail = 0;
      while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail])
        tail++;
      const body = [
        ...a.slice(0, head).map((l) => ` ${l}`),
        ...a.slice(head, a.length - tail).map((l) => `-${l}`),
        ...b.slice(head, b.length - tail).map((l) => `+${l}`),
        ...a.slice(a.length - tail).map((l) => ` ${l}`),
      ];
      const newAt = oldAt + delta;
      hunks.push(
        [
          `@@ -${a.length === 0 ? oldAt - 1 : oldAt},${a.length} +${b.length === 0 ? newAt - 1 : newAt},${b.length} @@`,
          ...body,
        ].join("\n"),
      );
      delta += b.length - a.length;
      oldAt += a.length + 30;
    }
    if (hunks.length === 0) continue;
    const index = `${hashString(`base:${rel}`).toString(16).padStart(8, "0").slice(0, 7)}..${hashString(
      `${rel}:${hunks.join("\n")}`,
    )
      .toString(16)
      .padStart(8, "0")
      .slice(0, 7)}`;
    out +=
      [`diff --git a/${rel} b/${rel}`, `index ${index} 100644`, `--- a/${rel}`, `+++ b/${rel}`, ...hunks].join("\n") +
      "\n";
  }
  return out;
}

/** The last hunk loses its last two lines (at least one stays): the diff as a capped tool output printed it. */
function cutLastHunk(text: string): string {
  const lines = text.replace(/\n$/, "").split("\n");
  const lastHeader = lines
    .map((l, i) => (l.startsWith("@@") ? i : -1))
    .filter((i) => i >= 0)
    .pop()!;
  const keep = Math.max(lastHeader + 2, lines.length - 2);
  return lines.slice(0, keep).join("\n") + "\n";
}

/** `trajectories/<config>.<condition>.zip` → `patches/<config>.<condition>.zip`: the run's patch sits in the sibling archive. */
export const samplePatchArchiveOf = (trajectoryArchive: string) =>
  trajectoryArchive.replace(/^trajectories\//, "patches/");

/** The `patch` reference of a sample run (set on finalized runs only): `patches/<config>.<condition>.zip#<run_id>.diff`. */
export const samplePatchRef = (trajectoryArchive: string, runId: string) =>
  `${samplePatchArchiveOf(trajectoryArchive)}#${runId}.diff`;
