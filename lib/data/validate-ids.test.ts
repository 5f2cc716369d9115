// Ids that can pass for other ids, and names that hide characters (docs/data-format.md, "Ids and names"): each
// rule on the minimal example edited here and written as files, so problems name real lines.
import { afterAll, describe, expect, it } from "vitest";
import { removeEditedReleases, writeEditedRelease, type ReleaseRecords } from "./fixtures/edited-release";
import { loadRelease } from "./load-release";
import type { Problem } from "./schema";
import { validateRelease } from "./validate";

afterAll(removeEditedReleases);

/** The id.* and name.* problems of the edited release (id.duplicate aside), as "level file:line record rule". */
async function idProblems(
  edit: (r: ReleaseRecords) => void,
  also: readonly string[] = [],
): Promise<{ list: string[]; problems: Problem[] }> {
  const { release, problems } = await loadRelease(writeEditedRelease(edit));
  const all = [...problems, ...validateRelease(release!)];
  const mine = all.filter(
    (p) => (p.rule.startsWith("id.") && p.rule !== "id.duplicate") || p.rule.startsWith("name.") || also.includes(p.rule),
  );
  const others = all.filter((p) => p.level === "error" && !mine.includes(p));
  expect(others).toEqual([]);
  return { list: mine.map((p) => `${p.level} ${p.file}:${p.line ?? "-"} ${p.record ?? "-"} ${p.rule}`), problems: mine };
}

const ORCA = "orca-opencode";

describe("id.invisible: bidi controls, zero-width, control and other invisible characters", () => {
  it("in a config id, a task id, a test id and a group, each named with the character", async () => {
    const { list, problems } = await idProblems((r) => {
      r.configs.push({ ...r.configs[0]!, config_id: "gpt\u202e5", display_name: "G" });
      r.tasks.push({ ...r.tasks[5]!, task_id: "widgets-1\u200b07" });
      r.tasks[0]!.tests[3]!.test_id = "tests/test_render.py::test\u0007plain";
      r.release.groups = [...r.release.groups, "mid\u2066"];
    });
    expect(list).toEqual([
      "error tasks.jsonl:7 widgets-1\u200b07 id.invisible",
      "error configs.jsonl:3 gpt\u202e5 id.invisible",
      "error tasks.jsonl:1 widgets-101 id.invisible",
      "error release.json:- - id.invisible",
    ]);
    expect(problems.map((p) => p.message)).toEqual([
      'task id "widgets-1⟦U+200B⟧07" holds U+200B (zero-width character): an id shows every character it holds',
      'config id "gpt⟦U+202E⟧5" holds U+202E (bidi control): an id shows every character it holds',
      'test id "tests/test_render.py::test⟦U+0007⟧plain" holds U+0007 (control character): an id shows every character it holds',
      'groups entry "mid⟦U+2066⟧" holds U+2066 (bidi control): an id shows every character it holds',
    ]);
  });

  it("a zero-width character in a copy of an id is both invisible and a look-alike of the id", async () => {
    const { list } = await idProblems((r) => r.configs.push({ ...r.configs[0]!, config_id: `orca\u200d-opencode`, display_name: "Z" }));
    expect(list).toEqual(["error configs.jsonl:3 orca\u200d-opencode id.invisible", "error configs.jsonl:3 orca\u200d-opencode id.confusable"]);
  });
});

describe("id.nfc and id.file_name", () => {
  it("an id in NFD is refused with its NFC spelling", async () => {
    const { list, problems } = await idProblems((r) => r.tasks.push({ ...r.tasks[5]!, task_id: "widgets-cafe\u0301" }));
    expect(list).toEqual(["error tasks.jsonl:7 widgets-cafe\u0301 id.nfc"]);
    expect(problems[0]!.message).toContain('write it as "widgets-caf\u00e9" (NFC)');
  });

  it("`..` and a lone surrogate cannot name a file", async () => {
    const { list } = await idProblems(
      (r) => {
        r.configs.push({ ...r.configs[0]!, config_id: "..", display_name: "D" });
        r.configs.push({ ...r.configs[0]!, config_id: "x\ud800", display_name: "S" });
      },
      ["text.lone_surrogate"],
    );
    // The loader refuses a lone surrogate in any text (lib/data/lone-surrogates.ts); the id rule says why an id cannot hold one.
    expect(list).toEqual([
      "error configs.jsonl:4 x\ud800 text.lone_surrogate",
      "error configs.jsonl:3 .. id.file_name",
      "error configs.jsonl:4 x\ud800 id.file_name",
    ]);
  });
});

describe("id.confusable: equal after case folding and the TS #39 skeleton", () => {
  it("a Cyrillic о, a Greek capital and a case-only copy of a config id, each naming the first record and its line", async () => {
    const { list, problems } = await idProblems((r) => {
      r.configs.push({ ...r.configs[0]!, config_id: "\u043erca-opencode", display_name: "C" });
      r.configs.push({ ...r.configs[0]!, config_id: "ORCA-\u039fPENCODE", display_name: "G" });
      r.configs.push({ ...r.configs[0]!, config_id: "Orca-OpenCode", display_name: "U" });
    });
    expect(list).toEqual([
      "error configs.jsonl:3 \u043erca-opencode id.confusable",
      "error configs.jsonl:4 ORCA-\u039fPENCODE id.confusable",
      "error configs.jsonl:5 Orca-OpenCode id.confusable",
    ]);
    expect(problems.map((p) => p.message)).toEqual([
      `config id "\u043erca-opencode" looks like "${ORCA}" (equal after case folding and Unicode's confusable mapping, TS #39) (line 1)`,
      `config id "ORCA-\u039fPENCODE" looks like "${ORCA}" (equal after case folding and Unicode's confusable mapping, TS #39) (line 1)`,
      `config id "Orca-OpenCode" differs from "${ORCA}" only by case (line 1)`,
    ]);
  });

  it("run ids that differ only by case (their trajectory files would be one file on macOS)", async () => {
    const { list, problems } = await idProblems((r) => r.runs.push({ ...r.runs[0]!, run_id: "Orca-OpenCode.s-101-uninterrupted.0", repeat: 1 }));
    expect(list).toEqual(["error runs.jsonl:9 Orca-OpenCode.s-101-uninterrupted.0 id.confusable"]);
    expect(problems[0]!.message).toBe('run id "Orca-OpenCode.s-101-uninterrupted.0" differs from "orca-opencode.s-101-uninterrupted.0" only by case (line 1)');
  });

  it("test ids of one task that differ by case are a warning (test suites' parameters may)", async () => {
    const { list, problems } = await idProblems((r) => r.tasks[0]!.tests.push({ test_id: "tests/test_render.py::test_Pad_left", kind: "P2P" }));
    expect(list).toEqual(["warning tasks.jsonl:1 widgets-101 id.confusable"]);
    expect(problems[0]!.message).toBe('test id "tests/test_render.py::test_Pad_left" differs from "tests/test_render.py::test_pad_left" only by case');
  });

  it("groups that differ only by case", async () => {
    const { list } = await idProblems((r) => {
      r.release.groups = [...r.release.groups, "Far"];
    });
    expect(list).toEqual(["error release.json:- - id.confusable"]);
  });
});

describe("name.invisible and name.confusable: warnings, the names shown visibly", () => {
  it("a display name with a bidi override, a task title with a zero-width space", async () => {
    const { list, problems } = await idProblems((r) => {
      r.configs[0]!.display_name = "Orca-2 / OpenCode \u202eretuoR+";
      r.tasks[1]!.title = "Quiet\u200b mode";
    });
    expect(list).toEqual([`warning configs.jsonl:1 ${ORCA} name.invisible`, "warning tasks.jsonl:2 widgets-102 name.invisible"]);
    expect(problems[1]!.message).toBe('title "Quiet⟦U+200B⟧ mode" holds U+200B (zero-width character); the site shows each as ⟦U+…⟧');
    expect(problems[0]!.message).toBe('display_name "Orca-2 / OpenCode ⟦U+202E⟧retuoR+" holds U+202E (bidi control); the site shows each as ⟦U+…⟧');
  });

  it("two display names that look alike (a zero for an O, doubled spaces)", async () => {
    const { list, problems } = await idProblems((r) => {
      r.configs[1]!.display_name = "Orca-2  /  0penCode";
    });
    expect(list).toEqual(["warning configs.jsonl:2 orca-opencode-router name.confusable"]);
    expect(problems[0]!.message).toBe(
      'display_name "Orca-2  /  0penCode" looks like "Orca-2 / OpenCode" of config orca-opencode (line 1); the site shows both with their config id',
    );
  });
});
