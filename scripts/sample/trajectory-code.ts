// A tiny invented model of the code each task changes, so that reads, edits, diffs and pytest output in a
// trajectory agree with each other: every checkout remembers which lines the agent added for which stage.
// Names come from the task id (not the run seed), so one task looks the same in every run.
import type { Task } from "@/lib/data/schema";
import { hashString } from "./trajectory-random";
import { maxOf } from "../../lib/common/arrays";

export interface FileEdit {
  file_path: string;
  old_string: string;
  new_string: string;
}

const NOUNS = ["default", "payload", "option", "setting", "marker", "header", "attribute", "value"] as const;
const ATTRS = ["default", "flag_value", "envvar", "encoding", "timeout", "separator", "prefix", "strict"] as const;
const VERBS = ["resolve", "normalize", "apply", "coerce"] as const;

type Template = (names: { attr: string; other: string; noun: string }) => string[];

// Seven templates: with stage k using template (h + 3k) mod 7, stages 1..7 of one task never repeat one.
const TEMPLATES: readonly Template[] = [
  ({ attr }) => [`if value is None and self.${attr} is not None:`, `    value = self.${attr}`],
  () => [`if callable(value):`, `    value = value()`],
  ({ other }) => [`if isinstance(value, str) and self.${other}:`, `    value = value.strip()`],
  ({ attr, other }) => [`if value is True and not self.${attr}:`, `    value = self.${other}`],
  ({ other, noun }) => [
    `if self.${other} and value in (None, ""):`,
    `    raise ValueError(f"missing ${noun} for {self.name!r}")`,
  ],
  ({ noun }) => [`value = self._coerce_${noun}(value, ctx)`],
  ({ attr }) => [`if ctx is not None and ctx.${attr} is not None:`, `    value = ctx.${attr}`],
];

const pick = <T>(items: readonly T[], h: number): T => items[h % items.length]!;

export class TaskCode {
  readonly srcRel: string;
  readonly testRel: string;
  readonly fn: string;
  readonly noun: string;
  readonly attr: string;
  readonly line: number;
  private readonly h: number;

  constructor(readonly task: Task) {
    this.h = hashString(task.task_id);
    const pkg =
      task.repo
        .split("/")
        .pop()
        ?.replace(/[^A-Za-z0-9_]/g, "_") || "pkg";
    this.srcRel = task.changed_source_files[0] ?? `src/${pkg}/core.py`;
    const firstTest = task.tests.find((t) => t.kind === "F2P") ?? task.tests[0];
    const base = this.srcRel.split("/").pop()!.replace(/\.py$/, "");
    this.testRel = firstTest?.test_id.includes("::") ? firstTest.test_id.split("::")[0]! : `tests/test_${base}.py`;
    this.noun = pick(NOUNS, this.h);
    this.attr = pick(ATTRS, this.h >>> 3);
    this.fn = `_${pick(VERBS, this.h >>> 7)}_${this.noun}`;
    this.line = 120 + (this.h % 1800);
  }

  get signature(): string {
    return `    def ${this.fn}(self, value, ctx=None):`;
  }

  get doc(): string {
    return `        """Return the effective ${this.noun} for this ${this.noun === "option" ? "parameter" : "option"}."""`;
  }

  /** The lines a correct change for this stage adds to the function body. */
  stageBlock(stage: number): string[] {
    const other =
      pick(ATTRS, (this.h >>> 11) + 1 + stage) === this.attr ? "required" : pick(ATTRS, (this.h >>> 11) + 1 + stage);
    const template = TEMPLATES[(this.h + 3 * stage) % TEMPLATES.length]!;
    return template({ attr: this.attr, other, noun: this.noun }).map((l) => `        ${l}`);
  }
}

interface Block {
  stage: number;
  lines: string[];
}

/** One checkout (/work/wNN) and what the agent has changed in it so far. */
export class CheckoutState {
  private blocks: Block[] = [];
  private changelog: string[] = [];
  /** New files the agent wrote (planted refactors, scripts/sample/trajectory-plants.ts), by checkout-relative path. */
  private newFiles = new Map<string, string[]>();

  constructor(
    readonly workspace: string,
    readonly code: TaskCode,
  ) {}

  path(rel: string): string {
    return `${this.workspace}/${rel}`;
  }

  hasStage(stage: number): boolean {
    return this.blocks.some((b) => b.stage === stage);
  }

  /** The function as it currently reads, one line per entry. */
  functionLines(): string[] {
    return [this.code.signature, this.code.doc, ...this.blocks.flatMap((b) => b.lines), "        return value"];
  }

  /** Adds this stage's lines after the ones already there (the well-behaved edit). */
  addStage(stage: number): FileEdit {
    const last = this.blocks[this.blocks.length - 1];
    const anchor = last ? last.lines : [this.code.signature, this.code.doc];
    const lines = this.code.stageBlock(stage);
    this.blocks.push({ stage, lines });
    return this.edit(this.code.srcRel, anchor, [...anchor, ...lines]);
  }

  /**
   * Rewrites the function for `stage` and, in passing, drops the lines an earlier stage added: the
   * requirement-state-loss edit of the paper's Click example (App. E.2).
   */
  replaceDroppingStage(dropped: number, stage: number): { edit: FileEdit; removed: string[] } {
    const before = [this.code.signature, this.code.doc, ...this.blocks.flatMap((b) => b.lines)];
    const removed = this.blocks.find((b) => b.stage === dropped)?.lines ?? [];
    this.blocks = this.blocks.filter((b) => b.stage !== dropped);
    this.blocks.push({ stage, lines: this.code.stageBlock(stage) });
    const after = [this.code.signature, this.code.doc, ...this.blocks.flatMap((b) => b.lines)];
    return { edit: this.edit(this.code.srcRel, before, after), removed };
  }

  /** The lines a stage added, as they stand now. */
  stageLines(stage: number): string[] {
    return this.blocks.find((b) => b.stage === stage)?.lines ?? [];
  }

  /** Replaces an earlier stage's lines in place with this stage's (a requirement dropped by a later edit). */
  substituteStage(dropped: number, stage: number): { edit: FileEdit; removed: string[] } {
    const i = this.blocks.findIndex((b) => b.stage === dropped);
    const removed = this.blocks[i]!.lines;
    const lines = this.code.stageBlock(stage);
    this.blocks[i] = { stage, lines };
    return { edit: this.edit(this.code.srcRel, removed, lines), removed };
  }

  /** Drops a stage's lines without an edit tool (the shell forms); returns them. */
  deleteStage(stage: number): string[] {
    const removed = this.stageLines(stage);
    this.blocks = this.blocks.filter((b) => b.stage !== stage);
    return removed;
  }

  /** The source file back at its base revision (`git checkout --`, a pristine backup copied over it). */
  resetSource(): void {
    this.blocks = [];
  }

  /** Adds this stage's lines plus extra ones after the ones already there. */
  addStageWith(stage: number, extra: string[]): FileEdit {
    return this.appendBlock(stage, [...this.code.stageBlock(stage), ...extra]);
  }

  /** Puts back a stage's lines that an earlier edit dropped, after the ones there now. */
  restoreStage(stage: number, lines: string[]): FileEdit {
    return this.appendBlock(stage, lines);
  }

  private appendBlock(stage: number, lines: string[]): FileEdit {
    const last = this.blocks[this.blocks.length - 1];
    const anchor = last ? last.lines : [this.code.signature, this.code.doc];
    this.blocks.push({ stage, lines });
    return this.edit(this.code.srcRel, anchor, [...anchor, ...lines]);
  }

  /** The whole source file as a rewrite would write it (the excerpt this model knows, module-level). */
  sourceFile(): string {
    const cls = this.code.noun.charAt(0).toUpperCase() + this.code.noun.slice(1);
    return [`"""${this.code.noun} handling."""`, "", `class ${cls}Mixin:`, ...this.functionLines(), ""].join("\n");
  }

  /** Rewrites the whole file for `stage`, leaving out an earlier stage's lines. */
  rewriteDroppingStage(dropped: number, stage: number): { path: string; content: string; removed: string[] } {
    const removed = this.deleteStage(dropped);
    this.blocks.push({ stage, lines: this.code.stageBlock(stage) });
    return { path: this.path(this.code.srcRel), content: this.sourceFile(), removed };
  }

  /**
   * A refactor that keeps behaviour: an earlier stage's lines move into a helper in a new module and the
   * function calls it; this stage's lines are added as usual.
   */
  moveStageToHelper(moved: number, stage: number): { helperPath: string; helperContent: string; edit: FileEdit } {
    const dir = this.code.srcRel.includes("/") ? this.code.srcRel.slice(0, this.code.srcRel.lastIndexOf("/") + 1) : "";
    const helperRel = `${dir}_${this.code.noun}_rules.py`;
    const name = `_stage${moved}_${this.code.noun}`;
    const body = this.stageLines(moved).map((l) => l.replace(/^ {4}/, ""));
    const helper = [`def ${name}(self, value, ctx=None):`, ...body, "    return value"];
    this.newFiles.set(helperRel, helper);
    const before = [this.code.signature, this.code.doc, ...this.blocks.flatMap((b) => b.lines)];
    const i = this.blocks.findIndex((b) => b.stage === moved);
    this.blocks[i] = { stage: moved, lines: [`        value = ${name}(self, value, ctx)`] };
    this.blocks.push({ stage, lines: this.code.stageBlock(stage) });
    const after = [this.code.signature, this.code.doc, ...this.blocks.flatMap((b) => b.lines)];
    return {
      helperPath: this.path(helperRel),
      helperContent: helper.join("\n"),
      edit: this.edit(this.code.srcRel, before, after),
    };
  }

  addChangelogEntry(text: string): FileEdit {
    const entry = `-   ${text}`;
    const anchor =
      this.changelog.length > 0 ? [this.changelog[this.changelog.length - 1]!] : ["Unreleased", "----------"];
    this.changelog.push(entry);
    return this.edit("CHANGES.rst", anchor, [...anchor, entry]);
  }

  changedFiles(): string[] {
    const files: string[] = [];
    if (this.blocks.length > 0) files.push(this.code.srcRel);
    if (this.changelog.length > 0) files.push("CHANGES.rst");
    return [...files, ...this.newFiles.keys()];
  }

  status(): string {
    return this.changedFiles()
      .map((f) => (this.newFiles.has(f) ? `?? ${f}` : ` M ${f}`))
      .join("\n");
  }

  diffStat(): string {
    const rows = this.additions();
    if (rows.length === 0) return "";
    const width = maxOf(rows.map((r) => r.rel.length));
    const total = rows.reduce((a, r) => a + r.lines.length, 0);
    const lines = rows.map((r) => ` ${r.rel.padEnd(width)} | ${r.lines.length} ${"+".repeat(r.lines.length)}`);
    const files = rows.length === 1 ? "1 file changed" : `${rows.length} files changed`;
    return [...lines, ` ${files}, ${total} insertion${total === 1 ? "" : "s"}(+)`].join("\n");
  }

  /** `git diff` of the checkout against its base revision. */
  diff(): string {
    return this.additions()
      .map(({ rel, context, at, lines }) => {
        const h = hashString(`${this.code.task.task_id}:${rel}:${lines.join("\n")}`);
        const header = [
          `diff --git a/${rel} b/${rel}`,
          `index ${hashString(rel).toString(16).padStart(8, "0").slice(0, 7)}..${h.toString(16).padStart(8, "0").slice(0, 7)} 100644`,
          `--- a/${rel}`,
          `+++ b/${rel}`,
          `@@ -${at},${context.length + 1} +${at},${context.length + 1 + lines.length} @@`,
        ];
        const tail = rel === this.code.srcRel ? "        return value" : "";
        return [...header, ...context.map((l) => ` ${l}`), ...lines.map((l) => `+${l}`), ` ${tail}`].join("\n");
      })
      .join("\n");
  }

  private additions(): { rel: string; context: string[]; at: number; lines: string[] }[] {
    const rows = [];
    if (this.blocks.length > 0) {
      rows.push({
        rel: this.code.srcRel,
        context: [this.code.signature, this.code.doc],
        at: this.code.line,
        lines: this.blocks.flatMap((b) => b.lines),
      });
    }
    if (this.changelog.length > 0) {
      rows.push({ rel: "CHANGES.rst", context: ["Unreleased", "----------"], at: 4, lines: this.changelog });
    }
    return rows;
  }

  private edit(rel: string, oldLines: string[], newLines: string[]): FileEdit {
    return { file_path: this.path(rel), old_string: oldLines.join("\n"), new_string: newLines.join("\n") };
  }
}
