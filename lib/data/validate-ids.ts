// Ids that can pass for other ids, or that the build cannot make a file name of (docs/data-format.md, "Ids and
// names"): invisible characters, other normalization forms, look-alikes, names past the file system's limit.
import { caseFold, LookAlikes, PRINTABLE_ASCII } from "../common/confusable";
import { hasLoneSurrogate, invisibleCharacters, markInvisible } from "../common/unicode";
import { lineOf } from "./record-lines";
import type { Task } from "./schema";
import type { Context, RecordOf } from "./validate-context";

/** What is wrong with an id's characters (rule and message), or null: shared by every kind of id. */
export function idTextProblem(label: string, id: string): { rule: string; message: string } | null {
  const shown = `${label} "${markInvisible(id)}"`;
  if (PRINTABLE_ASCII.test(id)) return id === "." || id === ".." ? { rule: "id.file_name", message: `${shown} cannot name a file or folder` } : null;
  const invisible = invisibleCharacters(id);
  if (invisible.length > 0) {
    return { rule: "id.invisible", message: `${shown} holds ${invisible.join(", ")}: an id shows every character it holds` };
  }
  if (id === "." || id === "..") return { rule: "id.file_name", message: `${shown} cannot name a file or folder` };
  if (hasLoneSurrogate(id)) {
    return { rule: "id.file_name", message: `${shown} holds a lone UTF-16 surrogate, which has no UTF-8 form: its file names and table cells would hold U+FFFD instead` };
  }
  if (id.normalize("NFC") !== id) {
    return { rule: "id.nfc", message: `${shown} is not in Unicode normalization form C: write it as "${id.normalize("NFC")}" (NFC), or it is a second key for the same visible id` };
  }
  return null;
}

/** Why `later` can pass for `first`: "differs … only by case" or "looks like …". */
export function confusableReason(later: string, first: string): string {
  return caseFold(later) === caseFold(first)
    ? `differs from "${markInvisible(first)}" only by case`
    : `looks like "${markInvisible(first)}" (equal after case folding and Unicode's confusable mapping, TS #39)`;
}

type IdKind = Exclude<keyof RecordOf, "annotation">;

const lineNote = (record: object): string => (lineOf(record) === undefined ? "" : ` (line ${lineOf(record)})`);

/** One kind of record: each id's characters, and each id against the earlier ones (lib/common/confusable.ts). */
function checkKind<K extends IdKind>(ctx: Context, kind: K, records: readonly RecordOf[K][], idOf: (r: RecordOf[K]) => string): void {
  const label = `${kind} id`;
  const seen = new LookAlikes<RecordOf[K]>();
  for (const record of records) {
    const id = idOf(record);
    const text = idTextProblem(label, id);
    if (text) ctx.error(kind, record, text.rule, text.message);
    const first = seen.find(id);
    seen.add(id, record);
    if (first && idOf(first) !== id) {
      ctx.error(kind, record, "id.confusable", `${label} "${markInvisible(id)}" ${confusableReason(id, idOf(first))}${lineNote(first)}`);
    }
  }
}

export function checkIdText(ctx: Context): void {
  const { tasks, sessions, configs, runs, meta } = ctx.release;
  checkKind(ctx, "task", tasks, (t) => t.task_id);
  checkKind(ctx, "session", sessions, (s) => s.session_id);
  checkKind(ctx, "config", configs, (c) => c.config_id);
  checkKind(ctx, "run", runs, (r) => r.run_id);
  for (const task of tasks) checkTestIds(ctx, task);
  checkDeclaredNames(ctx, "conditions", meta.conditions);
  checkDeclaredNames(ctx, "groups", meta.groups);
}

/** Test ids come from a task's test suite, where parameters may differ by case only: look-alikes are warnings. */
function checkTestIds(ctx: Context, task: Task): void {
  const seen = new LookAlikes<string>();
  for (const test of task.tests) {
    const text = idTextProblem("test id", test.test_id);
    if (text) ctx.error("task", task, text.rule, text.message);
    const first = seen.find(test.test_id);
    seen.add(test.test_id, test.test_id);
    if (first !== undefined && first !== test.test_id) {
      ctx.warning("task", task, "id.confusable", `test id "${markInvisible(test.test_id)}" ${confusableReason(test.test_id, first)}`);
    }
  }
}

function checkDeclaredNames(ctx: Context, field: "conditions" | "groups", names: readonly string[]): void {
  const seen = new LookAlikes<string>();
  for (const name of names) {
    const text = idTextProblem(`${field} entry`, name);
    if (text) ctx.releaseError(text.rule, text.message);
    const first = seen.find(name);
    seen.add(name, name);
    if (first !== undefined && first !== name) ctx.releaseError("id.confusable", `${field} entry "${markInvisible(name)}" ${confusableReason(name, first)}`);
  }
}
