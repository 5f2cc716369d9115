// Links and escapes built at test time in a temporary folder, with a marker file outside it that no read may
// return.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyInside, openInside, OutsideRootError, readInsideSync, resolveInside, scanTree } from "./inside-root-node";

let tmp: string;
let root: string;
let socket: Server;
const MARKER = `outside-marker-${process.pid}`;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "inside-root-"));
  mkdirSync(join(tmp, "outside", "dir"), { recursive: true });
  writeFileSync(join(tmp, "outside", "secret.txt"), MARKER);
  writeFileSync(join(tmp, "outside", "dir", "secret.txt"), MARKER);
  root = join(tmp, "release");
  mkdirSync(join(root, "trajectories", "deep"), { recursive: true });
  writeFileSync(join(root, "release.json"), "{}");
  writeFileSync(join(root, "trajectories", "deep", "a.json"), "[1]");
  symlinkSync(join(tmp, "outside", "secret.txt"), join(root, "trajectories", "file-link.json"));
  symlinkSync(join(tmp, "outside", "dir"), join(root, "trajectories", "dir-link"));
  symlinkSync("/proc", join(root, "system"));
  // A socket stands for every special file (devices, pipes): a reader would hang on one or read a device.
  socket = createServer();
  await new Promise<void>((resolve) => socket.listen(join(root, "trajectories", "socket"), resolve));
});
afterAll(() => {
  socket.close();
  rmSync(tmp, { recursive: true, force: true });
});

const rule = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof OutsideRootError ? `${err.rule} ${err.path}` : String(err);
  }
  return "no error";
};

describe("resolveInside", () => {
  it("returns the path of a regular file or folder inside the root", () => {
    expect(resolveInside(root, "trajectories/deep/a.json")).toMatch(/release\/trajectories\/deep\/a\.json$/);
    expect(resolveInside(root, "./trajectories//deep")).toMatch(/release\/trajectories\/deep$/);
  });

  it("lets a missing path through for the read to report", () => {
    expect(resolveInside(root, "trajectories/none/x.json")).toMatch(/trajectories\/none\/x\.json$/);
  });

  it("refuses a link as the last part, a link in the middle, '..' and absolute paths, naming the rule and part", () => {
    expect(rule(() => resolveInside(root, "trajectories/file-link.json"))).toBe(
      "path.link trajectories/file-link.json",
    );
    expect(rule(() => resolveInside(root, "trajectories/dir-link/secret.txt"))).toBe("path.link trajectories/dir-link");
    expect(rule(() => resolveInside(root, "system/self/environ"))).toBe("path.link system");
    expect(rule(() => resolveInside(root, "../outside/secret.txt"))).toBe("path.outside ../outside/secret.txt");
    expect(rule(() => resolveInside(root, "trajectories/../../outside/secret.txt"))).toBe(
      "path.outside trajectories/../../outside/secret.txt",
    );
    expect(rule(() => resolveInside(root, join(tmp, "outside", "secret.txt")))).toMatch(/^path\.outside /);
  });

  it("refuses a socket, pipe or device, which a reader would hang on", () => {
    expect(rule(() => resolveInside(root, "trajectories/socket"))).toBe("path.special trajectories/socket");
  });
});

describe("reading", () => {
  it("openInside and readInsideSync read a regular file and refuse a link without reading it", async () => {
    const handle = await openInside(root, "trajectories/deep/a.json");
    expect((await handle.readFile()).toString()).toBe("[1]");
    await handle.close();
    expect(readInsideSync(root, "release.json").toString()).toBe("{}");
    await expect(openInside(root, "trajectories/file-link.json")).rejects.toThrow(/symbolic link/);
    expect(rule(() => readInsideSync(root, "trajectories/dir-link/secret.txt"))).toBe(
      "path.link trajectories/dir-link",
    );
  });
});

describe("scanTree", () => {
  it("lists regular files and refuses links and special files without entering them", () => {
    const scan = scanTree(root);
    expect(scan.files).toEqual(["release.json", "trajectories/deep/a.json"]);
    expect(scan.refused.map((r) => `${r.rule} ${r.path}`)).toEqual([
      "path.link system",
      "path.link trajectories/dir-link",
      "path.link trajectories/file-link.json",
      "path.special trajectories/socket",
    ]);
    expect(JSON.stringify(scan)).not.toContain(MARKER);
  });
});

describe("copyInside", () => {
  it("copies a folder's regular files and refuses a folder holding a link before writing anything", () => {
    const to = join(tmp, "copy-ok");
    expect(copyInside(root, "trajectories/deep", to)).toEqual(["trajectories/deep/a.json"]);
    expect(readFileSync(join(to, "trajectories/deep/a.json"), "utf8")).toBe("[1]");

    const bad = join(tmp, "copy-bad");
    expect(rule(() => copyInside(root, "trajectories", bad))).toBe("path.link trajectories/dir-link");
    expect(existsSync(bad)).toBe(false);
  });

  it("with exclusive, refuses to replace a file that is there", () => {
    const to = join(tmp, "copy-excl");
    copyInside(root, "release.json", to, true);
    expect(() => copyInside(root, "release.json", to, true)).toThrow(/EEXIST/);
  });
});
