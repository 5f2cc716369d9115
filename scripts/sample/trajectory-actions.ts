// What the agent does inside one request: a plan of tool actions sized to the request's recorded tool-call
// count, rendered as tool calls of the harness's family with observations that agree with the checkout.
import type { Task } from "@/lib/data/schema";
import { plantStageEdit, renderPlantAction } from "./trajectory-plant-actions";
import {
  callId,
  editAction,
  NO_OUTPUT,
  seconds,
  shellCall,
  type ActionKind,
  type RenderedAction,
  type RequestContext,
} from "./trajectory-request";

// plant-selection.ts and trajectory-text.ts read the action vocabulary through this module.

const LOOP_KINDS: ReadonlySet<ActionKind> = new Set(["loop_wc", "loop_stat", "loop_status", "loop_combined"]);
export const isAllWorkspacesAction = (kind: ActionKind) => LOOP_KINDS.has(kind);

function fill(count: number, cycle: readonly ActionKind[]): ActionKind[] {
  return Array.from({ length: count }, (_, i) => cycle[i % cycle.length]!);
}

/** Explore, reproduce, edit, re-test; longer requests add reads, diffs and a changelog entry. */
export function planStageRequest(toolCalls: number): ActionKind[] {
  switch (toolCalls) {
    case 0:
      return [];
    case 1:
      return ["edit"];
    case 2:
      return ["read", "edit"];
    case 3:
      return ["read", "edit", "test_after"];
    case 4:
      return ["grep", "read", "edit", "test_after"];
    case 5:
      return ["grep", "read", "test_before", "edit", "test_after"];
    default: {
      // One changelog entry and one full diff at most; long requests repeat only short read-only checks,
      // which keeps a trajectory of a tool-heavy run small.
      const first: ActionKind[] = ["read_test", "extra_edit", "diff"];
      const extra = Math.max(0, toolCalls - 5 - first.length);
      const middle = [
        ...first.slice(0, toolCalls - 5),
        ...fill(extra, ["grep_attr", "ls", "status", "diff_stat", "read_test"]),
      ];
      return ["grep", "read", "test_before", "edit", ...middle, "test_after"];
    }
  }
}

/**
 * Finalization. Well scoped: inspect and submit the active checkout's diff. With cross-task interference
 * (paper App. E.3) the agent instead gathers diffs from every workspace and submits the combined patch.
 */
export function planSubmitRequest(toolCalls: number, interference: boolean): ActionKind[] {
  if (interference) {
    if (toolCalls === 0) return [];
    if (toolCalls === 1) return ["loop_wc"];
    if (toolCalls === 2) return ["loop_wc", "loop_combined"];
    return ["status", "loop_wc", ...fill(toolCalls - 3, ["loop_stat", "loop_status", "diff_stat"]), "loop_combined"];
  }
  if (toolCalls === 0) return [];
  if (toolCalls === 1) return ["diff"];
  if (toolCalls === 2) return ["status", "diff"];
  return ["status", "test_after", ...fill(toolCalls - 3, ["diff_stat", "grep_attr", "ls", "status"]), "diff"];
}

export function renderAction(ctx: RequestContext, kind: ActionKind): RenderedAction {
  const { state, rng } = ctx;
  const code = state.code;
  const ws = state.workspace;
  const dir = code.srcRel.includes("/") ? code.srcRel.slice(0, code.srcRel.lastIndexOf("/")) : ".";
  const shell = (command: string, content: string, description: string): RenderedAction => ({
    kind,
    call: shellCall(ctx, command, description),
    content: content === "" ? NO_OUTPUT : content,
  });
  const all = ctx.allStates.map((s) => s.workspace).join(" ");

  switch (kind) {
    case "grep": {
      const use = code.line + rng.int(30, 400);
      return shell(
        `grep -rn "${code.fn}" ${ws}/${dir}`,
        `${state.path(code.srcRel)}:${code.line}:${code.signature}\n${state.path(code.srcRel)}:${use}:        value = self.${code.fn}(value, ctx)`,
        `Find ${code.fn}`,
      );
    }
    case "read":
      return readFile(ctx, kind);
    case "read_test": {
      const names = testNamesInFile(ctx.task, code.testRel).slice(0, 5);
      const shown = names.length > 0 ? names : [`test_${code.noun}_roundtrip`];
      let line = 10 + rng.int(0, 40);
      const out = shown.map((n) => `${(line += rng.int(8, 60))}:def ${n}(runner):`).join("\n");
      return shell(`grep -n "def test_" ${ws}/${code.testRel} | head -5`, out, "List tests");
    }
    case "grep_attr": {
      const at = Math.max(12, code.line - rng.int(20, 90));
      return shell(
        `grep -rn "self.${code.attr}" ${ws}/${dir} | head -3`,
        [
          `${state.path(code.srcRel)}:${at}:        self.${code.attr} = ${code.attr}`,
          `${state.path(code.srcRel)}:${code.line + rng.int(5, 25)}:        if self.${code.attr} is not None:`,
        ].join("\n"),
        `Find uses of ${code.attr}`,
      );
    }
    case "ls": {
      const files = new Set(["__init__.py"]);
      for (const f of ctx.task.changed_source_files)
        if (f.startsWith(`${dir}/`)) files.add(f.slice(dir.length + 1).split("/")[0]!);
      files.add(code.srcRel.slice(dir.length + 1));
      return shell(`ls ${ws}/${dir}`, [...files].sort().join("\n"), "List package");
    }
    case "test_before": {
      const ids = stageTests(ctx.task, typeof ctx.stage === "number" ? ctx.stage : ctx.testStage);
      if (ids.length === 0) return renderAction(ctx, "read_test");
      return pytest(ctx, kind, ids.slice(0, 4), true);
    }
    case "test_after": {
      const stage = typeof ctx.stage === "number" ? ctx.stage : ctx.testStage;
      let ids = stageTests(ctx.task, stage).filter((t) => !ctx.hiddenTests.has(t));
      if (ids.length === 0) {
        ids = ctx.task.tests
          .filter(
            (t) => t.kind === "P2P" && t.test_id.startsWith(`${code.testRel}::`) && !ctx.hiddenTests.has(t.test_id),
          )
          .map((t) => t.test_id);
      }
      if (ids.length === 0) {
        const n = rng.int(6, 40);
        return shell(
          `cd ${ws} && python -m pytest ${code.testRel} -q -k ${code.noun}`,
          `${".".repeat(n).padEnd(72)} [100%]\n${n} passed, ${rng.int(20, 300)} deselected in ${seconds(rng)}s`,
          "Run tests",
        );
      }
      return pytest(ctx, kind, ids.slice(0, 4), false);
    }
    case "edit":
      return stageEdit(ctx);
    case "extra_edit":
      return editAction(ctx, kind, state.addChangelogEntry(ctx.summary));
    case "status":
      return shell(`git -C ${ws} status --short`, state.status(), "Working tree status");
    case "diff":
      return shell(`git -C ${ws} diff`, state.diff(), "Show diff");
    case "diff_stat":
      return shell(`git -C ${ws} diff --stat`, state.diffStat(), "Diff summary");
    case "loop_wc": {
      const lines = ctx.allStates.reduce((a, s) => a + (s.diff() === "" ? 0 : s.diff().split("\n").length), 0);
      return shell(
        `for d in ${all}; do\n    git -C "$d" diff\ndone | wc -l`,
        String(lines),
        "Count changes in every workspace",
      );
    }
    case "loop_stat":
      return shell(
        `for d in ${all}; do echo "== $d"; git -C "$d" diff --stat; done`,
        ctx.allStates.map((s) => [`== ${s.workspace}`, s.diffStat()].filter((l) => l !== "").join("\n")).join("\n"),
        "Diff summary of every workspace",
      );
    case "loop_status":
      return shell(
        `for d in ${all}; do echo "== $d"; git -C "$d" status --short; done`,
        ctx.allStates.map((s) => [`== ${s.workspace}`, s.status()].filter((l) => l !== "").join("\n")).join("\n"),
        "Status of every workspace",
      );
    case "loop_combined": {
      const lines = ctx.allStates.reduce((a, s) => a + (s.diff() === "" ? 0 : s.diff().split("\n").length), 0);
      return shell(
        `for d in ${all}; do git -C "$d" diff; done > /tmp/final.patch && wc -l /tmp/final.patch`,
        `${lines} /tmp/final.patch`,
        "Write the final patch",
      );
    }
    default:
      return renderPlantAction(ctx, kind);
  }
}

function stageEdit(ctx: RequestContext): RenderedAction {
  const { state, stage } = ctx;
  if (typeof stage !== "number" || state.hasStage(stage)) {
    return editAction(ctx, "edit", state.addChangelogEntry(ctx.summary));
  }
  const planted = plantStageEdit(ctx);
  if (planted) return planted;
  if (ctx.dropStage !== undefined && state.hasStage(ctx.dropStage)) {
    const { edit, removed } = state.replaceDroppingStage(ctx.dropStage, stage);
    return { ...editAction(ctx, "edit", edit), stageEdit: { added: stage, dropped: ctx.dropStage, removed } };
  }
  return { ...editAction(ctx, "edit", state.addStage(stage)), stageEdit: { added: stage } };
}

function readFile(ctx: RequestContext, kind: ActionKind): RenderedAction {
  const { state } = ctx;
  const lines = state.functionLines();
  const start = state.code.line;
  const path = state.path(state.code.srcRel);
  if (ctx.family === "codex") {
    return {
      kind,
      call: shellCall(ctx, `sed -n '${start},${start + lines.length - 1}p' ${path}`, "Read function"),
      content: lines.join("\n"),
    };
  }
  return {
    kind,
    call: {
      tool_call_id: callId(ctx),
      function_name: ctx.family === "claude" ? "Read" : "read",
      arguments: { file_path: path, offset: start, limit: lines.length },
    },
    content: lines.map((l, i) => `${String(start + i).padStart(6)}\t${l}`).join("\n"),
  };
}

function pytest(ctx: RequestContext, kind: ActionKind, ids: string[], failing: boolean): RenderedAction {
  const { rng, state } = ctx;
  const quoted = ids.map((id) => (/[^\w./:-]/.test(id) ? `'${id}'` : id));
  const command = `cd ${state.workspace} && python -m pytest -q --tb=line ${quoted.join(" ")}`;
  const progress = `${(failing ? "F" : ".").repeat(ids.length).padEnd(72)} [100%]`;
  if (!failing) {
    return {
      kind,
      call: shellCall(ctx, command, "Run tests"),
      content: `${progress}\n${ids.length} passed in ${seconds(rng)}s`,
    };
  }
  const reason = rng.pick([
    `AssertionError: assert None == '${state.code.noun}'`,
    "AssertionError: assert True is False",
    `AttributeError: 'Option' object has no attribute '${state.code.attr}_resolved'`,
    "AssertionError: assert 'raw' == 'parsed'",
  ]);
  const failures = ids.map((id) => `${state.workspace}/${id.split("::")[0]}:${rng.int(20, 900)}: ${reason}`);
  const summary = ids.map((id) => `FAILED ${id} - ${reason}`);
  const content = [
    progress,
    "=================================== FAILURES ===================================",
    ...failures,
    "=========================== short test summary info ============================",
    ...summary,
    `${ids.length} failed in ${seconds(rng)}s`,
  ].join("\n");
  return { kind, call: shellCall(ctx, command, "Run tests"), content };
}

/** The F2P tests a stage's requirement justifies; tasks without stage links fall back to all F2P tests. */
export function stageTests(task: Task, stage: number): string[] {
  const f2p = task.tests.filter((t) => t.kind === "F2P");
  const linked = f2p.filter((t) => t.stage === stage);
  if (linked.length > 0) return linked.map((t) => t.test_id);
  if (f2p.some((t) => t.stage !== undefined)) return [];
  return f2p.map((t) => t.test_id);
}

function testNamesInFile(task: Task, rel: string): string[] {
  const names = task.tests
    .filter((t) => t.test_id.startsWith(`${rel}::`))
    .map((t) =>
      t.test_id
        .slice(rel.length + 2)
        .split("[")[0]!
        .split("::")
        .pop()!,
    );
  return [...new Set(names)];
}
