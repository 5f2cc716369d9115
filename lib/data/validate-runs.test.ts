import { describe, expect, it } from "vitest";
import { errorList, loadMinimal, runOf } from "./fixtures/minimal";
import { validateRelease } from "./validate";
import { validateReleaseWith } from "./validate-core";
import { expectedFailureClass } from "./validate-runs";

const SWITCHED = "orca-opencode.s-101-switched.0"; // applied, finalized, test_pad_left failed; has the trajectory
const RESOLVED = "orca-opencode.s-101-uninterrupted.0";
const SUBMISSION = "orca-opencode.s-102-switched.0"; // finalized, not applied

describe("run.resolved_tests", () => {
  it("resolved although a test failed", async () => {
    const r = await loadMinimal();
    runOf(r, RESOLVED).tests.failed.push("tests/test_render.py::test_pad_left");
    const problems = validateRelease(r);
    expect(errorList(problems)).toEqual([`run.resolved_tests ${RESOLVED}`]);
    expect(problems.find((p) => p.rule === "run.resolved_tests")).toMatchObject({ file: "runs.jsonl", line: 1, message: "resolved is true, but 1 test(s) did not pass" });
  });

  it("resolved although a test was skipped", async () => {
    const r = await loadMinimal();
    runOf(r, RESOLVED).tests.skipped = ["tests/test_render.py::test_plain_cell"];
    expect(errorList(validateRelease(r))).toEqual([`run.resolved_tests ${RESOLVED}`]);
  });

  it("unresolved although the artifact applied and every test passed", async () => {
    const r = await loadMinimal();
    runOf(r, SWITCHED).tests.failed = [];
    expect(errorList(validateRelease(r))).toEqual([`run.resolved_tests ${SWITCHED}`]);
  });

  it("resolved without an applicable artifact (the failure class then also disagrees)", async () => {
    const r = await loadMinimal();
    const run = runOf(r, SUBMISSION);
    run.resolved = true;
    expect(errorList(validateRelease(r))).toEqual([`run.failure_class ${SUBMISSION}`, `run.resolved_tests ${SUBMISSION}`]);
  });
});

describe("run.failure_class", () => {
  it("follows from resolved, finalized and applied", () => {
    expect(expectedFailureClass({ resolved: true, finalized: true, applied: true })).toBeNull();
    expect(expectedFailureClass({ resolved: false, finalized: false, applied: false })).toBe("incomplete");
    expect(expectedFailureClass({ resolved: false, finalized: false, applied: true })).toBe("incomplete");
    expect(expectedFailureClass({ resolved: false, finalized: true, applied: false })).toBe("submission");
    expect(expectedFailureClass({ resolved: false, finalized: true, applied: true })).toBe("implementation");
  });

  it("an inapplicable artifact classed as an implementation failure", async () => {
    const r = await loadMinimal();
    runOf(r, SUBMISSION).failure_class = "implementation";
    const problems = validateRelease(r);
    expect(errorList(problems)).toEqual([`run.failure_class ${SUBMISSION}`]);
    expect(problems.find((p) => p.rule === "run.failure_class")?.message).toBe(
      'failure_class is "implementation", but resolved=false, finalized=true, applied=false mean "submission"',
    );
  });

  it("a resolved run with a failure class", async () => {
    const r = await loadMinimal();
    runOf(r, RESOLVED).failure_class = "incomplete";
    expect(errorList(validateRelease(r))).toEqual([`run.failure_class ${RESOLVED}`]);
  });

  it("an unresolved run without a failure class", async () => {
    const r = await loadMinimal();
    runOf(r, SWITCHED).failure_class = null;
    expect(errorList(validateRelease(r))).toEqual([`run.failure_class ${SWITCHED}`]);
  });
});

describe("run.usage", () => {
  it("two usage entries for one request", async () => {
    const r = await loadMinimal();
    const run = runOf(r, RESOLVED);
    const first = run.usage[0];
    if (first) run.usage.push({ ...first });
    expect(errorList(validateRelease(r))).toEqual([`run.usage ${RESOLVED}`]);
  });

  it("usage for a position past the schedule (4 requests: 0-3)", async () => {
    const r = await loadMinimal();
    const run = runOf(r, RESOLVED);
    const last = run.usage[3];
    if (last) last.position = 4;
    const problems = validateRelease(r);
    expect(errorList(problems)).toEqual([`run.usage ${RESOLVED}`]);
    expect(problems.find((p) => p.rule === "run.usage")?.message).toBe("usage for position 4, but the session has 4 requests (0–3)");
  });

  it("more cached tokens than tokens", async () => {
    const r = await loadMinimal();
    const u = runOf(r, RESOLVED).usage[1];
    if (u) u.cached_tokens = u.tokens + 1;
    expect(errorList(validateRelease(r))).toEqual([`run.usage ${RESOLVED}`]);
  });
});

describe("trajectories", () => {
  it("run.trajectory_missing: a named trajectory file that does not exist is a warning", async () => {
    const r = await loadMinimal();
    runOf(r, SWITCHED).trajectory = "trajectories/nope.json";
    const problems = validateRelease(r);
    expect(errorList(problems)).toEqual([]);
    expect(problems.filter((p) => p.record === SWITCHED).map((p) => [p.level, p.rule, p.line, p.message])).toEqual([
      ["warning", "run.trajectory_missing", 2, 'trajectory file "trajectories/nope.json" does not exist'],
    ]);
  });

  it("run.trajectory_missing: a run without a trajectory is a warning", async () => {
    const r = await loadMinimal();
    delete runOf(r, SWITCHED).trajectory;
    const problems = validateRelease(r);
    expect(errorList(problems)).toEqual([]);
    expect(problems.filter((p) => p.rule === "run.trajectory_missing")).toHaveLength(8);
  });

  it("run.trajectory_path: a trajectory outside the release folder is an error", async () => {
    const r = await loadMinimal();
    runOf(r, SWITCHED).trajectory = "../../../package.json";
    expect(errorList(validateRelease(r))).toEqual([`run.trajectory_path ${SWITCHED}`]);
    runOf(r, SWITCHED).trajectory = "/etc/hostname";
    expect(errorList(validateRelease(r))).toEqual([`run.trajectory_path ${SWITCHED}`]);
  });
});

describe("annotation.position", () => {
  it("a position past the run's schedule (10 requests: 0-9)", async () => {
    const r = await loadMinimal();
    const annotation = r.annotations[0];
    if (annotation) annotation.position = 10;
    const problems = validateRelease(r);
    expect(errorList(problems)).toEqual(["annotation.position"]);
    expect(problems.find((p) => p.rule === "annotation.position")).toMatchObject({ file: "annotations.jsonl", line: 1 });
  });

  it("the last request is a valid position", async () => {
    const r = await loadMinimal();
    const annotation = r.annotations[0];
    if (annotation) annotation.position = 9;
    expect(errorList(validateRelease(r))).toEqual([]);
  });
});

describe("annotation.step_ids (the Node validator reads annotated runs' trajectories)", () => {
  // The minimal example's one annotation names step 20 of a 23-step trajectory (step ids 1-23).
  it("the example's step 20 exists", async () => {
    const r = await loadMinimal();
    expect(validateRelease(r).filter((p) => p.rule.startsWith("annotation") || p.rule === "run.trajectory_unreadable")).toEqual([]);
  });

  it("step ids the trajectory's main file does not have are named", async () => {
    const r = await loadMinimal();
    r.annotations[0]!.step_ids = [20, 24, 99];
    const problems = validateRelease(r);
    expect(errorList(problems)).toEqual(["annotation.step_ids"]);
    expect(problems.find((p) => p.rule === "annotation.step_ids")).toMatchObject({
      file: "annotations.jsonl",
      line: 1,
      message: `annotation on run ${SWITCHED} names step id(s) 24, 99, which the main file of trajectory "trajectories/${SWITCHED}.json" does not have`,
    });
  });

  it("a trajectory that is not JSON is a warning on its run, and its annotations are not checked", async () => {
    const r = await loadMinimal();
    runOf(r, SWITCHED).trajectory = "tasks.jsonl";
    r.annotations[0]!.step_ids = [99];
    const problems = validateRelease(r);
    expect(errorList(problems)).toEqual([]);
    expect(problems.filter((p) => p.rule === "run.trajectory_unreadable").map((p) => [p.file, p.record])).toEqual([["runs.jsonl", SWITCHED]]);
  });

  it("without a trajectory reader (the browser's local results) step ids are not checked", async () => {
    const r = await loadMinimal();
    r.annotations[0]!.step_ids = [99];
    expect(errorList(validateReleaseWith(r, { fileExists: () => true }))).toEqual([]);
  });
});
