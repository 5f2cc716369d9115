import { describe, expect, it } from "vitest";
import { analyzeShell, parseSedScript, readOnlyScript, resolvePath } from "./shell-ops";

const ops = (script: string, cwd: string | null = "/work/w00") => analyzeShell(script, cwd).ops;

describe("analyzeShell", () => {
  it("follows cd through && and ; and resolves relative paths against it", () => {
    const a = analyzeShell("cd ../w01 && python -m pytest -q; sed -i 's/a_b/c_d/' src/x.py", "/work/w00");
    expect(a.dirs).toEqual(["/work/w01"]);
    expect(a.endCwd).toBe("/work/w01");
    expect(a.ops).toMatchObject([{ op: "sed", path: "/work/w01/src/x.py" }]);
  });

  it("reads heredoc rewrites, appends and tee, keeping the body", () => {
    expect(ops("cat > src/a.py <<'EOF'\nx = 1\ny = 2\nEOF\necho done")).toEqual([
      { op: "write", path: "/work/w00/src/a.py", content: "x = 1\ny = 2", how: "shell" },
    ]);
    expect(ops("cat <<EOF >> /tmp/n.txt\nhello\nEOF")).toEqual([
      { op: "append", path: "/tmp/n.txt", content: "hello", how: "shell" },
    ]);
    expect(ops("tee src/b.py <<-EOF\n\tz = 3\n\tEOF")).toEqual([
      { op: "write", path: "/work/w00/src/b.py", content: "z = 3", how: "shell" },
    ]);
  });

  it("treats output of unknown text as an overwrite with unknown content, and ignores /dev/null and 2>&1", () => {
    expect(ops("python gen.py > src/c.py 2>&1")).toEqual([
      { op: "write", path: "/work/w00/src/c.py", content: null, how: "shell" },
    ]);
    expect(ops("pytest -q > /dev/null 2>&1")).toEqual([]);
  });

  it("reads git checkout/restore/reset/stash, cp, mv, rm and patch heredocs", () => {
    expect(ops("git -C /work/w02 checkout -- src/a.py")).toMatchObject([{ op: "reset", path: "/work/w02/src/a.py" }]);
    expect(ops("git restore src/a.py")).toMatchObject([{ op: "reset", path: "/work/w00/src/a.py" }]);
    expect(ops("git restore --staged src/a.py")).toEqual([]);
    expect(ops("git reset --hard")).toMatchObject([{ op: "reset_all", path: "/work/w00" }]);
    expect(ops("git stash")).toMatchObject([{ op: "reset_all", path: "/work/w00" }]);
    expect(ops("cp -f /tmp/a.orig src/a.py && mv src/b.py src/pkg/")).toMatchObject([
      { op: "copy", from: "/tmp/a.orig", to: "/work/w00/src/a.py" },
      { op: "move", from: "/work/w00/src/b.py", to: "/work/w00/src/pkg/b.py" },
    ]);
    expect(ops("cat /tmp/a.orig > src/a.py")).toMatchObject([
      { op: "copy", from: "/tmp/a.orig", to: "/work/w00/src/a.py" },
    ]);
    expect(ops("rm -f src/old.py")).toMatchObject([{ op: "delete", path: "/work/w00/src/old.py" }]);
    expect(ops("patch -p1 <<'EOF'\n--- a/src/a.py\n+++ b/src/a.py\n@@ -1,2 +1,1 @@\n-x = 1\n y = 2\nEOF")).toEqual([
      { op: "patch", path: "/work/w00/src/a.py", before: "x = 1\ny = 2", after: "y = 2", how: "shell" },
    ]);
  });

  it("reads a NUL of the trace's own text as a word break, also next to heredoc markers (no hang)", () => {
    expect(ops("echo a\u0000b > out.txt")).toEqual([
      { op: "write", path: "/work/w00/out.txt", content: "a b", how: "shell" },
    ]);
    expect(ops("cat > f.py <<EOF\nx\u0000\nEOF\nrm g\u0000")).toEqual([
      { op: "write", path: "/work/w00/f.py", content: "x ", how: "shell" },
      { op: "delete", path: "/work/w00/g", how: "shell" },
    ]);
  });

  it("keeps quoted text, escapes and comments as a shell does", () => {
    const a = analyzeShell(`echo "a \\"b\\" \\$c \\n" 'd "e' f\\ g # h > x\nprintf x#y > "o u t"`, "/w");
    expect(a.commands.map((c) => c.words)).toEqual([
      ["echo", 'a "b" $c \\n', 'd "e', "f g"],
      ["printf", "x#y"],
    ]);
    expect(a.ops).toEqual([{ op: "write", path: "/w/o u t", content: "x#y", how: "shell" }]);
  });

  it("says which scripts only read", () => {
    expect(readOnlyScript(analyzeShell("sed -n '1,20p' /work/w01/a.py | head -5", null))).toBe(true);
    expect(readOnlyScript(analyzeShell("diff -u /work/w01/a.py /work/w00/a.py; git -C /work/w01 log -3", null))).toBe(
      true,
    );
    expect(readOnlyScript(analyzeShell("cd /work/w01 && python -m pytest -q", null))).toBe(false);
    expect(readOnlyScript(analyzeShell("sed -i 's/a/b/' /work/w01/a.py", null))).toBe(false);
  });

  it("counts a directory only for commands that work in it (no absolute path, not piped)", () => {
    expect(analyzeShell("grep -n x /work/w00/a.py | head -5", "/work/w01").dirs).toEqual([]);
    expect(analyzeShell("git -C /work/w00 diff", "/work/w01").dirs).toEqual([]);
    expect(analyzeShell("python -m pytest -q tests/t.py", "/work/w01").dirs).toEqual(["/work/w01"]);
  });
});

describe("parseSedScript", () => {
  it("translates BRE addresses and substitutions, with + and ( literal", () => {
    const [del] = parseSedScript("/if value is None and self\\.default(x)/,+1d", false)!;
    expect(del).toMatchObject({ kind: "delete", following: 1 });
    expect((del as { address: RegExp }).address.test("if value is None and self.default(x):")).toBe(true);
    const [sub] = parseSedScript("s/self\\.\\(literal\\)_default/self.\\1/g", false)!;
    expect(
      "value = self.literal_default".replace(
        (sub as { pattern: RegExp }).pattern,
        (sub as { replacement: string }).replacement,
      ),
    ).toBe("value = self.literal");
    expect(parseSedScript("3,5d", false)).toBeNull();
  });

  it("resolves paths with .. and ~", () => {
    expect(resolvePath("/work/w00/src", "../../w01/./a.py")).toBe("/work/w01/a.py");
    expect(resolvePath(null, "~/x")).toBe("/root/x");
  });
});
