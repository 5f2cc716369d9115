import { describe, expect, it } from "vitest";
import { parseUnifiedDiff } from "../../lib/trajectory/patch";
import { markFile } from "../../lib/trajectory/patch-taint";
import { planSample } from "./generate";
import { finalPatch } from "./patch";
import { SUBMIT_TEXT } from "./texts";
import { makeTrajectory } from "./trajectory";
import { TaskCode } from "./trajectory-code";

// The real sample plan: the planted runs (E.2, E.3 shapes and their uninterrupted pairs) and every 40th
// other run, each trajectory generated and its patch computed from it.
const plan = planSample();
const planted = new Set(plan.annotations.map((a) => a.run_id));
const jobs = plan.jobs.filter((j, i) => planted.has(j.run.run_id) || i % 40 === 0);
const made = jobs.map((job) => {
  const { trajectory } = makeTrajectory({ ...job, tasks: plan.tasksById, submitText: SUBMIT_TEXT });
  return { job, patch: finalPatch(trajectory, job.session, job.run) };
});
const added = (text: string) =>
  parseUnifiedDiff(text).files.flatMap((f) =>
    f.hunks.flatMap((h) => h.lines.filter((l) => l.kind === "add").map((l) => l.text)),
  );

describe("the sample's final patches", () => {
  it("exist exactly for finalized runs, and each parses as a unified diff", () => {
    expect(made.length).toBeGreaterThan(100);
    for (const { job, patch } of made) {
      expect(patch === null, job.run.run_id).toBe(!job.run.finalized);
      expect(job.run.patch === undefined, job.run.run_id).toBe(!job.run.finalized);
      if (patch !== null) expect(parseUnifiedDiff(patch).problems, job.run.run_id).toEqual([]);
    }
  });

  it("a run whose patch applied submits every stage it was asked, in the focus task's files only", () => {
    const applied = made.filter(({ job }) => job.run.applied && job.scenario === "normal");
    expect(applied.length).toBeGreaterThan(50);
    for (const { job, patch } of applied) {
      const focus = plan.tasksById.get(job.session.focus_task_id)!;
      const code = new TaskCode(focus);
      const lines = added(patch!);
      const files = parseUnifiedDiff(patch!).files;
      expect(
        files.every((f) => f.path === code.srcRel || f.path === "CHANGES.rst"),
        job.run.run_id,
      ).toBe(true);
      expect(
        files.some((f) => f.hunks.some((h) => h.truncated)),
        job.run.run_id,
      ).toBe(false);
      const asked = new Set(
        job.session.schedule
          .filter(
            (r, p) =>
              r.task_id === focus.task_id &&
              typeof r.stage === "number" &&
              job.run.usage.some((u) => u.position === p && u.tool_calls > 0),
          )
          .map((r) => r.stage as number),
      );
      for (const stage of asked) {
        // A request whose plan has no edit (few tool calls) adds nothing; a stage edited adds its whole block.
        const block = code.stageBlock(stage).map((l) => l);
        if (lines.includes(block[0]!))
          expect(
            block.every((l) => lines.includes(l)),
            `${job.run.run_id} stage ${stage}`,
          ).toBe(true);
      }
    }
  });

  it("a finalized run whose patch did not apply (no planted cause) submits a diff cut short", () => {
    const cut = made.filter(
      ({ job, patch }) => job.run.finalized && !job.run.applied && job.scenario === "normal" && patch !== "",
    );
    expect(cut.length).toBeGreaterThan(0);
    for (const { job, patch } of cut)
      expect(
        parseUnifiedDiff(patch!).files.some((f) => f.hunks.some((h) => h.truncated)),
        job.run.run_id,
      ).toBe(true);
  });

  it("E.2: the state-loss run's patch lacks the lost stage-1 lines its trajectory added, and its tests fail", () => {
    const losses = made.filter(({ job }) => job.scenario === "requirement_state_loss");
    expect(losses.length).toBeGreaterThan(0);
    for (const { job, patch } of losses) {
      const focus = plan.tasksById.get(job.session.focus_task_id)!;
      const stage1 = new TaskCode(focus).stageBlock(1);
      expect(
        stage1.some((l) => added(patch!).includes(l)),
        job.run.run_id,
      ).toBe(false);
      expect(job.run.tests.failed.length).toBeGreaterThan(0);
    }
  });

  it("E.3: the interference run's patch carries other checkouts' files", () => {
    const cti = made.filter(({ job }) => job.scenario === "cross_task_interference");
    expect(cti.length).toBeGreaterThan(0);
    for (const { job, patch } of cti) {
      const session = job.session;
      const task = (id: string) => plan.tasksById.get(id)!;
      const focus = task(session.focus_task_id);
      const others = Object.values(session.workspaces)
        .filter((t) => t !== focus.task_id)
        .map((id) => ({ taskId: id, files: task(id).changed_source_files, requestTexts: [] }));
      const marks = parseUnifiedDiff(patch!).files.map(
        (f) =>
          markFile(f.path, {
            focus: { taskId: focus.task_id, files: focus.changed_source_files, requestTexts: [] },
            others,
            workspaces: session.workspaces,
          }).mark,
      );
      expect(marks.filter((m) => m === "other_task").length, job.run.run_id).toBeGreaterThan(0);
    }
  });
});
