// Commands that look across checkouts (listings, status and diff loops, applying another checkout's diff) and
// the commands whose output is computed: pytest runs and one-line Python checks.
import { abs, shq, type ShellCmd } from "./shell";
import type { Vfs } from "./vfs";

function ok(out = ""): { out: string; code: number } {
  return { out, code: 0 };
}

export function lsWork(roots: readonly string[], flavor: "ls" | "find"): ShellCmd {
  const parent = roots[0]!.replace(/\/[^/]+$/, "");
  return {
    cmd: flavor === "ls" ? `ls -d ${parent}/w*` : `find ${parent} -maxdepth 1 -mindepth 1 -type d | sort`,
    description: "List the checkouts",
    run: () => ok(`${[...roots].sort().join("\n")}\n`),
  };
}

/** A loop over checkouts printing each one's `git status --short` (or a count of changed files). */
export function statusLoop(roots: readonly string[], count: boolean): ShellCmd {
  const list = [...roots].sort();
  const body = count
    ? `echo "$d: $(git -C "$d" status --short | wc -l) changed"`
    : `echo "== $d"; git -C "$d" status --short`;
  return {
    cmd: `for d in ${list.join(" ")}; do\n    ${body}\ndone`,
    description: "Status of every checkout",
    run: (vfs) =>
      ok(
        list
          .map((d) => {
            const status = vfs.gitStatus(d);
            return count
              ? `${d}: ${status === "" ? 0 : status.trimEnd().split("\n").length} changed\n`
              : `== ${d}\n${status}`;
          })
          .join(""),
      ),
  };
}

/** The finalization loop of Switch-SWE App. E.3: every checkout's diff, counted, summarised or printed whole. */
export function diffLoop(
  roots: readonly string[],
  flavor: "wc" | "stat" | "plain" | "file",
  outFile = "/tmp/session.patch",
): ShellCmd {
  const list = [...roots].sort();
  const inner = flavor === "stat" ? `git -C "$d" diff --stat` : `git -C "$d" diff`;
  const tail = { wc: " | wc -l", stat: "", plain: "", file: ` > ${outFile} && cat ${outFile}` }[flavor];
  return {
    cmd: `for d in ${list.join(" ")}; do\n    ${inner}\ndone${tail}`,
    description: "Diff of every checkout",
    run: (vfs) => {
      const diffs = list.map((d) => vfs.gitDiff(d)).join("");
      if (flavor === "wc") return ok(`${diffs === "" ? 0 : diffs.trimEnd().split("\n").length}\n`);
      if (flavor === "stat") return ok(list.map((d) => statBlock(vfs, d)).join(""));
      if (flavor === "file") vfs.write(outFile, diffs);
      return ok(diffs);
    },
  };
}

function statBlock(vfs: Vfs, root: string): string {
  const changes = vfs.changes(root).filter((c) => c.before !== null);
  if (changes.length === 0) return "";
  const n = changes.length;
  return `${changes.map((c) => ` ${c.rel} | changed`).join("\n")}\n ${n} file${n === 1 ? "" : "s"} changed\n`;
}

/** Another checkout's diff applied to this one (git apply, or patch -p1 through a file). */
export function applyFrom(other: string, flavor: "git" | "patch"): ShellCmd {
  const cmd =
    flavor === "git"
      ? `git -C ${other} diff | git apply`
      : `git -C ${other} diff > /tmp/pending.diff && patch -p1 < /tmp/pending.diff`;
  return {
    cmd,
    description: `Apply the diff of ${other}`,
    run: (vfs, cwd) => {
      const changed = vfs.changes(other).filter((c) => c.before !== null && c.after !== null);
      for (const c of changed) vfs.write(`${cwd}/${c.rel}`, c.after!);
      if (flavor === "patch") vfs.write("/tmp/pending.diff", vfs.gitDiff(other));
      return ok(flavor === "patch" ? changed.map((c) => `patching file ${c.rel}\n`).join("") : "");
    },
  };
}

/** Every other checkout's diff applied to this one, in a loop. */
export function applyAll(others: readonly string[], target: string): ShellCmd {
  const list = [...others].sort();
  return {
    cmd: `for d in ${list.join(" ")}; do\n    git -C "$d" diff | git -C ${target} apply -\ndone`,
    description: "Apply every checkout's diff",
    run: (vfs) => {
      for (const d of list) {
        for (const c of vfs.changes(d).filter((x) => x.before !== null && x.after !== null))
          vfs.write(`${target}/${c.rel}`, c.after!);
      }
      return ok();
    },
  };
}

export interface TestRun {
  /** Test file paths (relative to cwd or absolute) to run; empty runs the checkout's suite. */
  targets: string[];
  /** The checkout whose code is imported (PYTHONPATH), when it is not cwd. */
  codeRoot?: string;
  /** Test names that fail, and a module whose import fails. */
  failing: ReadonlySet<string>;
  importError?: string;
}

function testNames(vfs: Vfs, path: string): string[] {
  return [...vfs.read(path).matchAll(/^def (test_\w+)/gm)].map((m) => m[1]!);
}

export function pytest(run: TestRun, srcDir: string): ShellCmd {
  const env = run.codeRoot ? `PYTHONPATH=${run.codeRoot}/${srcDir} ` : "";
  return {
    cmd: `${env}python -m pytest -q ${run.targets.join(" ")}`.trimEnd(),
    description: "Run the tests",
    run: (vfs, cwd) => {
      const files =
        run.targets.length > 0
          ? run.targets.map((t) => abs(cwd, t))
          : vfs
              .listFiles(cwd)
              .filter((f) => /^tests\/test_\w+\.py$/.test(f))
              .map((f) => `${cwd}/${f}`);
      return pytestOutput(vfs, files, run, cwd);
    },
  };
}

function pytestOutput(vfs: Vfs, files: string[], run: TestRun, cwd: string): { out: string; code: number } {
  const shown = (f: string) => (f.startsWith(`${cwd}/`) ? f.slice(cwd.length + 1) : f);
  if (run.importError) {
    const f = shown(files[0]!);
    const out = [
      "",
      "==================================== ERRORS ====================================",
      `_______________________ ERROR collecting ${f} _______________________`,
      `ImportError while importing test module '${files[0]}'.`,
      run.importError,
      "=========================== short test summary info ============================",
      `ERROR ${f}`,
      "!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!!",
      "1 error in 0.21s",
    ];
    return { out: `${out.join("\n")}\n`, code: 2 };
  }
  let passed = 0;
  const failed: string[] = [];
  const dots: string[] = [];
  for (const f of files) {
    const marks = testNames(vfs, f).map((n) =>
      run.failing.has(n) ? (failed.push(`${shown(f)}::${n}`), "F") : (passed++, "."),
    );
    dots.push(marks.join(""));
  }
  const summary = [failed.length > 0 ? `${failed.length} failed` : "", passed > 0 ? `${passed} passed` : ""]
    .filter(Boolean)
    .join(", ");
  const lines = [`${dots.join("")}${" ".repeat(Math.max(1, 72 - dots.join("").length))}[100%]`];
  if (failed.length > 0) {
    lines.push("=================================== FAILURES ===================================");
    for (const f of failed)
      lines.push(`${"_".repeat(20)} ${f.split("::")[1]} ${"_".repeat(20)}`, "E       AssertionError");
    lines.push("=========================== short test summary info ============================");
    for (const f of failed) lines.push(`FAILED ${f} - AssertionError`);
  }
  lines.push(`${summary} in 0.${String(10 + ((passed * 7 + failed.length * 13) % 80)).padStart(2, "0")}s`);
  return { out: `${lines.join("\n")}\n`, code: failed.length > 0 ? 1 : 0 };
}

/** A one-line Python check with a given output. */
export function pyCheck(code: string, output: string, failed: boolean): ShellCmd {
  return {
    cmd: `python -c ${shq(code)}`,
    description: "Quick check",
    run: () => ({ out: `${output}\n`, code: failed && output.includes("Traceback") ? 1 : 0 }),
  };
}
