// Synthetic tasks: 200 focus tasks over the 19 repositories, plus interruption-only tasks created when a focus task
// lacks enough same-repository tasks of its locality (near or far, docs/benchmark.md, "Sessions, requests and
// schedules").
import { locality, parentDir } from "../../lib/data/locality";
import type { Task, TaskTest } from "../../lib/data/schema";
import type { Rng } from "./prng";
import { REPOS, sourceFiles, testModuleFor, type RepoDef, type SourceFile } from "./repos";
import { ANYIO_PARAMS, TestNamer } from "./test-ids";
import { clickShowDefaultTexts, taskTexts } from "./texts";
import { minOf } from "../../lib/common/arrays";

export type Group = "near" | "far";

export interface FocusInfo {
  group: Group;
  /** Verifier sizes copied from the paper's Table 7 (only one focus task per listed repository). */
  table7: boolean;
}

/** Stage counts of the 200 focus tasks: mostly 3–5, median 4 (so switched sessions have 3 focus returns). */
export const FOCUS_STAGE_COUNTS: Record<number, number> = { 2: 8, 3: 50, 4: 84, 5: 48, 6: 10 };

export class TaskPool {
  readonly tasks: Task[] = [];
  readonly byId = new Map<string, Task>();
  readonly focus = new Map<string, FocusInfo>();
  readonly repoOf = new Map<string, RepoDef>();
  private readonly nextIssue = new Map<string, number>();

  constructor(private readonly rng: Rng) {}

  add(task: Task, def: RepoDef, focus?: FocusInfo): Task {
    this.tasks.push(task);
    this.byId.set(task.task_id, task);
    this.repoOf.set(task.task_id, def);
    if (focus) this.focus.set(task.task_id, focus);
    return task;
  }

  issueNumber(def: RepoDef): number {
    const n = (this.nextIssue.get(def.repo) ?? def.firstIssue) + this.rng.int(3, 41);
    this.nextIssue.set(def.repo, n);
    return n;
  }

  inRepo(repo: string): Task[] {
    return this.tasks.filter((t) => t.repo === repo);
  }
}

function filesByDir(def: RepoDef): Map<string, SourceFile[]> {
  const dirs = new Map<string, SourceFile[]>();
  for (const file of sourceFiles(def)) {
    const dir = parentDir(file.path);
    dirs.set(dir, [...(dirs.get(dir) ?? []), file]);
  }
  return dirs;
}

/** Source files for a new focus task. Near tasks live in directories with room for disjoint near neighbours. */
function focusFiles(rng: Rng, def: RepoDef, group: Group): SourceFile[] {
  const dirs = [...filesByDir(def).entries()];
  const roomy = dirs.filter(([, files]) => files.length >= 3);
  const [, files] = group === "near" ? rng.pick(roomy) : rng.pick(dirs);
  const n = Math.min(files.length - (group === "near" ? 1 : 0), rng.chance(0.5) ? 1 : rng.chance(0.8) ? 2 : 3);
  const chosen = rng.shuffle(files).slice(0, Math.max(1, n));
  // Some far fixes also touch a second package; keep at least two other directories free for interruptions.
  if (group === "far" && dirs.length >= 4 && rng.chance(0.15)) {
    const own = parentDir(chosen[0]!.path);
    const [, other] = rng.pick(dirs.filter(([dir]) => dir !== own));
    chosen.push(rng.pick(other));
  }
  return chosen;
}

/** Source files for an interruption task of the given locality relative to `focus`. */
function interruptionFiles(rng: Rng, def: RepoDef, focus: Task, group: Group): SourceFile[] {
  const taken = new Set(focus.changed_source_files);
  const focusDirs = new Set(focus.changed_source_files.map(parentDir));
  const dirs = [...filesByDir(def).entries()];
  const pool =
    group === "near"
      ? dirs.filter(([dir]) => focusDirs.has(dir)).map(([, files]) => files.filter((f) => !taken.has(f.path)))
      : dirs.filter(([dir]) => !focusDirs.has(dir)).map(([, files]) => files);
  const usable = pool.filter((files) => files.length > 0);
  if (usable.length === 0) throw new Error(`no ${group} room for an interruption of ${focus.task_id}`);
  const files = rng.pick(usable);
  return rng.shuffle(files).slice(0, Math.min(files.length, rng.chance(0.6) ? 1 : 2));
}

function makeTests(
  rng: Rng,
  def: RepoDef,
  files: SourceFile[],
  k: number,
  f2p: number,
  p2p: number,
  wide: boolean,
): TaskTest[] {
  const namer = new TestNamer(rng, def.repo === "agronholm/anyio" ? ANYIO_PARAMS : undefined);
  const own = [...new Set(files.map((f) => testModuleFor(def, f.path)))];
  const symbols = files.flatMap((f) => f.symbols.map((s) => s.split(".").pop() ?? s));
  // P2P tests also cover the neighbours of the changed files: the rest of their packages.
  const dirs = new Set(files.map((f) => parentDir(f.path)));
  const neighbours = sourceFiles(def).filter((f) => dirs.has(parentDir(f.path)));
  const neighbourSymbols = neighbours.flatMap((f) => f.symbols);
  const allSymbols = sourceFiles(def).flatMap((f) => f.symbols);
  const tests: TaskTest[] = [];
  for (let i = 0; i < f2p; i++) {
    // Every stage justifies at least one F2P test; extra tests go to the issue stage, which carries most of the fix.
    const stage = i < k ? i + 1 : rng.chance(0.6) ? 1 : rng.int(1, k);
    tests.push({ test_id: namer.next(own, symbols), kind: "F2P", stage });
  }
  const modules = [...new Set([...own, ...neighbours.map((f) => testModuleFor(def, f.path)), ...def.extraTests])];
  for (let i = 0; i < p2p; i++)
    tests.push({ test_id: namer.next(modules, wide ? allSymbols : neighbourSymbols), kind: "P2P" });
  tests.sort((a, b) => (a.kind === b.kind ? (a.stage ?? 0) - (b.stage ?? 0) : a.kind === "F2P" ? -1 : 1));
  return tests;
}

function textSlots(rng: Rng, def: RepoDef, files: SourceFile[], ref: string) {
  // The second symbol comes from the changed files too: review texts that name it ask for changes there.
  const first = files[0]!;
  const second = files[1] ?? first;
  const sym = rng.pick(first.symbols);
  const others = second.symbols.filter((s) => s !== sym);
  return { ref, sym, sym2: others.length > 0 ? rng.pick(others) : sym, file: first.path, file2: second.path };
}

function newTask(
  pool: TaskPool,
  rng: Rng,
  def: RepoDef,
  files: SourceFile[],
  k: number,
  sizes: { f2p: number; p2p: number },
  wide = false,
): Task {
  const number = pool.issueNumber(def);
  const ref = `${def.repo}#${number}`;
  const texts = taskTexts(rng, textSlots(rng, def, files, ref), k);
  return {
    task_id: `${def.repo.replace("/", "__")}-${number}`,
    repo: def.repo,
    base_revision: rng.hex(40),
    title: texts.title,
    stages: texts.stages.map((s, i) => ({ stage: i + 1, ...s })),
    changed_source_files: files.map((f) => f.path).sort(),
    tests: makeTests(rng, def, files, k, sizes.f2p, sizes.p2p, wide),
  };
}

/** The Click task of the paper's Appendix E.2: 7 F2P (4 for the literal-default rule of stage 1) and 732 P2P. */
function clickShowDefault(pool: TaskPool, rng: Rng, def: RepoDef): Task {
  const number = pool.issueNumber(def);
  const ref = `${def.repo}#${number}`;
  const texts = clickShowDefaultTexts(ref);
  const namer = new TestNamer(rng);
  const f2p: Array<[string, number]> = [
    ["tests/test_options.py::test_show_default_literal[0]", 1],
    ["tests/test_options.py::test_show_default_literal[empty-string]", 1],
    ["tests/test_options.py::test_show_default_literal[false]", 1],
    ["tests/test_options.py::test_default_literal", 1],
    ["tests/test_options.py::test_show_default_multiple_tuple", 2],
    ["tests/test_options.py::test_show_default_callable_dynamic", 3],
    ["tests/test_options.py::test_show_default_string_overrides_envvar", 4],
  ];
  const tests: TaskTest[] = [];
  for (const [test_id, stage] of f2p) {
    namer.claim(test_id);
    tests.push({ test_id, kind: "F2P", stage });
  }
  const files = sourceFiles(def).filter((f) => f.path === "src/click/core.py");
  const allSymbols = sourceFiles(def).flatMap((f) => f.symbols);
  const modules = [
    ...def.extraTests,
    "tests/test_core.py",
    "tests/test_formatting.py",
    "tests/test_termui.py",
    "tests/test_types.py",
  ];
  for (let i = 0; i < 732; i++) tests.push({ test_id: namer.next(modules, allSymbols), kind: "P2P" });
  return {
    task_id: `${def.repo.replace("/", "__")}-${number}`,
    repo: def.repo,
    base_revision: rng.hex(40),
    title: texts.title,
    stages: texts.stages.map((s, i) => ({ stage: i + 1, ...s })),
    changed_source_files: files.map((f) => f.path),
    tests,
  };
}

/** 200 focus tasks in repository order; within a repository near and far tasks are interleaved. */
export function buildFocusTasks(rng: Rng, pool: TaskPool): Task[] {
  const stageCounts = rng.shuffle(
    Object.entries(FOCUS_STAGE_COUNTS).flatMap(([k, n]) => Array<number>(n).fill(Number(k))),
  );
  let cursor = 0;
  const focus: Task[] = [];
  for (const def of REPOS) {
    const r = rng.fork(def.repo);
    const groups = r.shuffle([
      ...Array<Group>(def.near).fill("near"),
      ...Array<Group>(def.focus - def.near).fill("far"),
    ]);
    groups.forEach((group, i) => {
      let k = stageCounts[cursor++] ?? 4;
      const special = i === 0 ? def.table7 : undefined;
      let task: Task;
      if (special && def.repo === "pallets/click") {
        task = clickShowDefault(pool, r, def);
      } else {
        // Table-7 tasks need two stages with F2P tests so an earlier-stage failure can be shown.
        if (special) k = Math.max(k, 3);
        const sizes = special ?? { f2p: k + r.int(0, 3), p2p: r.chance(0.75) ? r.int(4, 20) : r.int(20, 48) };
        task = newTask(pool, r, def, focusFiles(r, def, group), k, sizes);
      }
      pool.add(task, def, { group, table7: special !== undefined });
      focus.push(task);
    });
  }
  return focus;
}

const MAX_INTERRUPTION_USES = 5;

/**
 * Four interruption tasks for `focus`, all of its locality and none sharing a changed file with it, whose
 * stage counts can host `requests` interruption requests split into chunks of at least `minPerTask` requests each.
 * Existing tasks of the repository are reused while they have room; otherwise a new interruption-only task is made.
 */
export function chooseInterruptions(
  rng: Rng,
  pool: TaskPool,
  focus: Task,
  requests: number,
  minPerTask: number,
  uses: Map<string, number>,
): Task[] {
  const info = pool.focus.get(focus.task_id);
  const def = pool.repoOf.get(focus.task_id);
  if (!info || !def) throw new Error(`${focus.task_id} is not a focus task`);
  const eligible = (t: Task) =>
    t.task_id !== focus.task_id &&
    t.stages.length >= minPerTask &&
    (uses.get(t.task_id) ?? 0) < MAX_INTERRUPTION_USES &&
    locality(focus.changed_source_files, t.changed_source_files) === info.group;
  const candidates = rng
    .shuffle(pool.inRepo(focus.repo).filter(eligible))
    .sort((a, b) => (uses.get(a.task_id) ?? 0) - (uses.get(b.task_id) ?? 0));
  const chosen = candidates.slice(0, 4);
  const capacity = () => chosen.reduce((sum, t) => sum + t.stages.length, 0);
  const smallestChosen = () => chosen.reduce((min, t) => (t.stages.length < min.stages.length ? t : min));
  // Swap in longer existing tasks before inventing new ones.
  for (const longer of [...candidates.slice(4)].sort((a, b) => b.stages.length - a.stages.length)) {
    if (chosen.length < 4 || capacity() >= requests) break;
    const smallest = smallestChosen();
    if (longer.stages.length <= smallest.stages.length) break;
    chosen.splice(chosen.indexOf(smallest), 1, longer);
  }
  while (chosen.length < 4 || capacity() < requests) {
    const missing = requests - capacity() + (chosen.length < 4 ? 0 : minOf(chosen.map((t) => t.stages.length)));
    // New interruption-only tasks get a few stages to spare so later sessions can reuse them.
    const k = Math.min(
      8,
      Math.max(rng.int(5, 7), minPerTask, chosen.length < 4 ? Math.ceil(missing / (4 - chosen.length)) : missing),
    );
    const files = interruptionFiles(rng, def, focus, info.group);
    const extra = pool.add(newTask(pool, rng, def, files, k, { f2p: k + rng.int(0, 1), p2p: rng.int(3, 12) }), def);
    if (chosen.length < 4) {
      chosen.push(extra);
    } else {
      chosen.splice(chosen.indexOf(smallestChosen()), 1, extra);
    }
  }
  for (const t of chosen) uses.set(t.task_id, (uses.get(t.task_id) ?? 0) + 1);
  return chosen;
}
