// Session specifications: for every task, an uninterrupted and a switched session with five checkouts. A switched
// session has four other tasks of the repository; each contributes a prefix of its stages, spread over the gaps
// before the focus task's second stage, before its third, and before the finalization.
import { hashSeed, Rng } from "./rng";
import { REPOS, taskById } from "./tasks/index";
import type { TaskDef } from "./types";

export interface Req {
  task_id: string;
  stage: number | "submit";
  workspace: string;
}

export interface SessionDef {
  session_id: string;
  focus: TaskDef;
  condition: "uninterrupted" | "switched";
  group: "near" | "far";
  seed: number;
  workspaces: Record<string, string>;
  schedule: Req[];
}

const ROOTS = ["/work/w00", "/work/w01", "/work/w02", "/work/w03", "/work/w04"];

/** Other tasks' stages that must come before a focus stage: [task, its stage, the focus stage]. */
function needs(focus: TaskDef): [string, number, number][] {
  const out: [string, number, number][] = [];
  for (const kit of [focus.foreign, focus.imports]) if (kit) out.push([kit.from, kit.fromStage, kit.atStage]);
  if (focus.own) out.push([focus.own.other, focus.own.otherStage, focus.own.stage]);
  return out;
}

function pickOthers(focus: TaskDef, pool: TaskDef[], rng: Rng): TaskDef[] {
  const required = [...new Set(needs(focus).map(([id]) => id))].map(taskById);
  const rest = rng.shuffle(pool.filter((t) => !required.includes(t)));
  return [...required, ...rest].slice(0, 4);
}

/** Gap (0: before focus stage 2, 1: before stage 3, 2: before submit) of each other task's stages, in order. */
function gaps(focus: TaskDef, others: TaskDef[], rng: Rng): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const t of others) {
    const req = needs(focus).filter(([id]) => id === t.id);
    const count = rng.int(Math.max(1, ...req.map(([, stage]) => stage)), t.stages.length);
    const chosen: number[] = [];
    let floor = 0;
    for (let s = 1; s <= count; s++) {
      const cap = Math.min(2, ...req.filter(([, stage]) => s <= stage).map(([, , at]) => at - 2));
      const g = rng.chance(0.5) ? floor : rng.int(floor, cap);
      chosen.push(g);
      floor = g;
    }
    out.set(t.id, chosen);
  }
  out.get(others[0]!.id)![0] = 0;
  if (![...out.values()].some((g) => g.includes(1))) {
    const later = [...out.entries()].find(([, g]) => g.includes(2));
    if (later) later[1][later[1].indexOf(2)] = 1;
    else {
      const free = [...out.entries()].find(
        ([id, g]) =>
          id !== others[0]!.id && !needs(focus).some(([n, stage, at]) => n === id && stage >= g.length && at < 3),
      );
      if (free) free[1][free[1].length - 1] = 1;
    }
  }
  return out;
}

function switchedSchedule(focus: TaskDef, others: TaskDef[], rootOf: (id: string) => string, rng: Rng): Req[] {
  const byGap = gaps(focus, others, rng);
  const gapItems: Req[][] = [[], [], []];
  for (const t of rng.shuffle(others)) {
    byGap.get(t.id)!.forEach((g, i) => gapItems[g]!.push({ task_id: t.id, stage: i + 1, workspace: rootOf(t.id) }));
  }
  const focusReq = (stage: number | "submit"): Req => ({ task_id: focus.id, stage, workspace: rootOf(focus.id) });
  const order = (items: Req[]) => interleave(items, rng);
  const schedule = [
    focusReq(1),
    ...order(gapItems[0]!),
    focusReq(2),
    ...order(gapItems[1]!),
    focusReq(3),
    ...order(gapItems[2]!),
    focusReq("submit"),
  ];
  for (const [id, stage, at] of needs(focus)) {
    const other = schedule.findIndex((r) => r.task_id === id && r.stage === stage);
    const mine = schedule.findIndex((r) => r.task_id === focus.id && r.stage === at);
    if (other < 0 || other > mine)
      throw new Error(`${focus.id}: ${id} stage ${stage} must come before focus stage ${at}`);
  }
  return schedule;
}

/** A random merge of the items that keeps each task's stages in order. */
function interleave(items: Req[], rng: Rng): Req[] {
  const queues = new Map<string, Req[]>();
  for (const r of items) queues.set(r.task_id, [...(queues.get(r.task_id) ?? []), r]);
  const out: Req[] = [];
  while (queues.size > 0) {
    const id = rng.pick([...queues.keys()]);
    const q = queues.get(id)!;
    out.push(q.shift()!);
    if (q.length === 0) queues.delete(id);
  }
  return out;
}

export function buildSessions(): SessionDef[] {
  const sessions: SessionDef[] = [];
  for (const repo of REPOS) {
    for (const focus of repo.tasks) {
      const rng = new Rng(hashSeed("session", focus.id));
      const others = pickOthers(
        focus,
        repo.tasks.filter((t) => t !== focus),
        rng,
      );
      const focusRoot = ROOTS[rng.chance(0.5) ? rng.int(1, 4) : 0]!;
      const rest = rng.shuffle(ROOTS.filter((r) => r !== focusRoot));
      const workspaces: Record<string, string> = {};
      for (const root of ROOTS) workspaces[root] = root === focusRoot ? focus.id : others[rest.indexOf(root)]!.id;
      const rootOf = (id: string) => Object.entries(workspaces).find(([, t]) => t === id)![0];
      const seed = hashSeed("seed", focus.id) % 1_000_000_000;
      const base = { focus, group: repo.group, seed, workspaces };
      const unint: Req[] = [
        ...focus.stages.map((_, i) => ({ task_id: focus.id, stage: i + 1, workspace: focusRoot })),
        { task_id: focus.id, stage: "submit" as const, workspace: focusRoot },
      ];
      sessions.push({ ...base, session_id: `${focus.id}-uninterrupted`, condition: "uninterrupted", schedule: unint });
      sessions.push({
        ...base,
        session_id: `${focus.id}-switched`,
        condition: "switched",
        schedule: switchedSchedule(focus, others, rootOf, rng),
      });
    }
  }
  return sessions;
}
