// Session specifications: for every focus task an uninterrupted session (its stages, then finalization)
// and a switched session that interleaves ordered prefixes of four interruption tasks in chunks
// (Switch-SWE §3.1, C.5). Switched-session shapes are drawn from planned value lists whose medians are the
// paper's Table 6 profile, so the profile holds by construction rather than by luck.
import { SUBMIT, type ScheduledRequest, type Session, type Task } from "../../lib/data/schema";
import type { Rng } from "./prng";
import { chooseInterruptions, type TaskPool } from "./tasks";

export const WORKSPACES = ["/work/w00", "/work/w01", "/work/w02", "/work/w03", "/work/w04"];

/** Planned totals over the 200 switched sessions. Medians: 22 requests, 15 workspace switches. */
export const PLANNED_REQUESTS: Record<number, number> = {
  15: 3,
  16: 5,
  17: 8,
  18: 11,
  19: 14,
  20: 16,
  21: 18,
  22: 30,
  23: 20,
  24: 18,
  25: 16,
  26: 14,
  27: 11,
  28: 8,
  29: 5,
  30: 3,
};
export const PLANNED_SWITCHES: Record<number, number> = {
  10: 3,
  11: 6,
  12: 11,
  13: 17,
  14: 24,
  15: 44,
  16: 28,
  17: 22,
  18: 18,
  19: 13,
  20: 8,
  21: 6,
};

function expand(counts: Record<number, number>): number[] {
  return Object.entries(counts).flatMap(([value, n]) => Array<number>(n).fill(Number(value)));
}

interface Shape {
  requests: number;
  switches: number;
}

/** Interruption blocks: one between consecutive focus stages; two-stage tasks also get one before finalization. */
function blockCount(k: number): number {
  return k === 2 ? 2 : k - 1;
}

function feasible(k: number, shape: Shape): boolean {
  const blocks = blockCount(k);
  const chunks = shape.switches - blocks;
  const interruptions = shape.requests - k - 1;
  return chunks >= Math.max(4, blocks) && interruptions >= chunks;
}

/**
 * Pairs each focus task with a (requests, switches) shape. Longer tasks get longer sessions (rank pairing
 * with noise), then infeasible pairs swap values with feasible partners, which keeps both planned lists intact.
 */
export function planShapes(rng: Rng, focus: Task[]): Shape[] {
  const n = focus.length;
  const requests = expand(PLANNED_REQUESTS).sort((a, b) => a - b);
  const switches = expand(PLANNED_SWITCHES).sort((a, b) => a - b);
  if (requests.length !== n || switches.length !== n) throw new Error(`planned lists must have ${n} entries`);
  const latentR = focus.map((t) => t.stages.length + 0.9 * rng.normal());
  const byR = [...latentR.keys()].sort((a, b) => latentR[a]! - latentR[b]! || a - b);
  const shapes: Shape[] = focus.map(() => ({ requests: 0, switches: 0 }));
  byR.forEach((i, rank) => (shapes[i]!.requests = requests[rank]!));
  const latentW = shapes.map((s) => (s.requests - 22) / 3.5 + 0.8 * rng.normal());
  const byW = [...latentW.keys()].sort((a, b) => latentW[a]! - latentW[b]! || a - b);
  byW.forEach((i, rank) => (shapes[i]!.switches = switches[rank]!));
  for (let i = 0; i < n; i++) {
    const k = focus[i]!.stages.length;
    if (feasible(k, shapes[i]!)) continue;
    const partner = [...Array(n).keys()].find((j) => {
      const kj = focus[j]!.stages.length;
      const a = { ...shapes[i]!, switches: shapes[j]!.switches };
      const b = { ...shapes[j]!, switches: shapes[i]!.switches };
      return j !== i && feasible(k, a) && feasible(kj, b);
    });
    if (partner === undefined) throw new Error(`no feasible switch count for ${focus[i]!.task_id}`);
    [shapes[i]!.switches, shapes[partner]!.switches] = [shapes[partner]!.switches, shapes[i]!.switches];
  }
  return shapes;
}

/** Splits `total` into `parts` positive integers at random. */
function composition(rng: Rng, total: number, parts: number): number[] {
  const out = Array<number>(parts).fill(1);
  for (let i = parts; i < total; i++) out[rng.int(0, parts - 1)]! += 1;
  return out;
}

export interface SessionPair {
  uninterrupted: Session;
  switched: Session;
  interruptions: Task[];
}

export function buildSessionPair(
  rng: Rng,
  pool: TaskPool,
  focus: Task,
  shape: Shape,
  uses: Map<string, number>,
): SessionPair {
  const group = pool.focus.get(focus.task_id)?.group;
  if (!group) throw new Error(`${focus.task_id} is not a focus task`);
  const k = focus.stages.length;
  const blocks = blockCount(k);
  const chunks = shape.switches - blocks;
  const interruptionRequests = shape.requests - k - 1;
  const perTaskChunks = Math.ceil(chunks / 4);
  const others = chooseInterruptions(rng, pool, focus, interruptionRequests, perTaskChunks, uses);

  // Chunk owners follow a rotation over the four tasks (reshuffled after each full cycle), so consecutive
  // chunks inside a block always belong to different checkouts and every task appears.
  const blockSizes = composition(rng, chunks, blocks);
  const owners: number[] = [];
  let order = rng.shuffle([0, 1, 2, 3]);
  for (let c = 0; c < chunks; c++) {
    if (c > 0 && c % 4 === 0) {
      const last = order[3]!;
      do order = rng.shuffle([0, 1, 2, 3]);
      while (order[0] === last);
    }
    owners.push(order[c % 4]!);
  }
  const chunkCount = [0, 1, 2, 3].map((t) => owners.filter((o) => o === t).length);
  // Requests per task: one per chunk, then the remainder where stage counts leave room.
  const perTask = [...chunkCount];
  for (let extra = interruptionRequests - chunks; extra > 0; extra--) {
    const room = [0, 1, 2, 3].filter((t) => perTask[t]! < others[t]!.stages.length);
    if (room.length === 0) throw new Error(`interruption tasks of ${focus.task_id} have too few stages`);
    perTask[rng.pick(room)]! += 1;
  }
  const chunkLengths = [0, 1, 2, 3].map((t) => composition(rng, perTask[t]!, chunkCount[t]!));

  const slots = rng.shuffle(WORKSPACES);
  const focusWs = slots[0]!;
  const workspaceOf = new Map<string, string>([[focus.task_id, focusWs]]);
  others.forEach((t, i) => workspaceOf.set(t.task_id, slots[i + 1]!));
  const workspaces = Object.fromEntries(WORKSPACES.map((w) => [w, [...workspaceOf].find(([, ws]) => ws === w)![0]]));

  const nextStage = [1, 1, 1, 1];
  const chunkCursor = [0, 0, 0, 0];
  const switched: ScheduledRequest[] = [];
  let c = 0;
  const block = (size: number) => {
    for (let j = 0; j < size; j++, c++) {
      const t = owners[c]!;
      const task = others[t]!;
      const len = chunkLengths[t]![chunkCursor[t]!++]!;
      for (let r = 0; r < len; r++)
        switched.push({ task_id: task.task_id, stage: nextStage[t]!++, workspace: workspaceOf.get(task.task_id)! });
    }
  };
  for (let stage = 1; stage <= k; stage++) {
    switched.push({ task_id: focus.task_id, stage, workspace: focusWs });
    if (stage <= blocks) block(blockSizes[stage - 1]!);
  }
  switched.push({ task_id: focus.task_id, stage: SUBMIT, workspace: focusWs });
  if (switched.length !== shape.requests)
    throw new Error(`schedule of ${focus.task_id} has ${switched.length} requests, planned ${shape.requests}`);

  const base: ScheduledRequest[] = [
    ...focus.stages.map((s) => ({ task_id: focus.task_id, stage: s.stage, workspace: focusWs })),
    { task_id: focus.task_id, stage: SUBMIT, workspace: focusWs },
  ];
  const seed = rng.int(1, 2 ** 31 - 1);
  const session = (condition: string, schedule: ScheduledRequest[]): Session => ({
    session_id: `${focus.task_id}.${condition}`,
    focus_task_id: focus.task_id,
    condition,
    group,
    seed,
    workspaces,
    schedule,
  });
  return {
    uninterrupted: session("uninterrupted", base),
    switched: session("switched", switched),
    interruptions: others,
  };
}
