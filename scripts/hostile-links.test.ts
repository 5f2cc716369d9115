// Issue 41, class 1: a release or submission never reaches outside its own folder. Every reader is handed
// symbolic links built here, at test time (to a file and a folder outside the release, to a system folder), with
// a marker file outside that no report, output or response may contain: the validator CLI, the data build,
// the trajectory reader, the submission check, release:add, the Harbor importer, the export check and the
// static server.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArchiveCache, readReleaseFile } from "../lib/archive/read-node";
import { importHarbor } from "../lib/data/import-harbor";
import { loadRelease } from "../lib/data/load-release";
import { addSubmission } from "../lib/data/submission-add";
import { checkSubmissionDir } from "../lib/data/submission-load";
import { buildRelease } from "./build/build-release";

const MINIMAL = "data/examples/minimal";
const MARKER = `marker-outside-the-release-${process.pid}`;
const run = promisify(execFile);

let tmp: string;
let outside: string;

/** The minimal release with links: a run's trajectory, annotations.jsonl, an unnamed folder, a system folder. */
function linkedRelease(name: string): string {
  const dir = join(tmp, name);
  cpSync(MINIMAL, dir, { recursive: true });
  const runs = readFileSync(join(dir, "runs.jsonl"), "utf8").split("\n");
  const second = JSON.parse(runs[1]!) as { trajectory: string };
  symlinkSync(join(outside, "secret.json"), join(dir, second.trajectory.replace(/\.json$/, ".linked.json")));
  runs[1] = JSON.stringify({ ...second, trajectory: second.trajectory.replace(/\.json$/, ".linked.json") });
  writeFileSync(join(dir, "runs.jsonl"), runs.join("\n"));
  rmSync(join(dir, "annotations.jsonl"));
  symlinkSync(join(outside, "secret.json"), join(dir, "annotations.jsonl"));
  symlinkSync(join(outside, "folder"), join(dir, "trajectories", "more"));
  symlinkSync("/proc", join(dir, "system"));
  return dir;
}

/** Every file under `dir` (links not followed) as text, to search for the marker. */
function allText(dir: string): string {
  let text = "";
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const p = join(dir, name);
    if (statSync(p, { throwIfNoEntry: false })?.isFile()) text += readFileSync(p, "latin1");
  }
  return text;
}

async function cli(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run("npx", ["tsx", ...args]);
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "hostile-links-"));
  outside = join(tmp, "outside");
  mkdirSync(join(outside, "folder"), { recursive: true });
  writeFileSync(join(outside, "secret.json"), `not json: ${MARKER}\n`);
  writeFileSync(join(outside, "folder", "secret.txt"), MARKER);
  const atif = JSON.parse(
    readFileSync(join(MINIMAL, "trajectories", "orca-opencode.s-101-switched.0.json"), "utf8"),
  ) as object;
  writeFileSync(join(outside, "trajectory.json"), JSON.stringify({ ...atif, extra: { marker: MARKER } }));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("a release with links", () => {
  it("the loader reports each link as path.link and reads none of them", async () => {
    const { problems } = await loadRelease(linkedRelease("load"));
    const links = problems.filter((p) => p.rule === "path.link").map((p) => `${p.level} ${p.file}`);
    expect(links).toEqual([
      "error annotations.jsonl",
      "error system",
      "error trajectories/more",
      "error trajectories/orca-opencode.s-101-switched.0.linked.json",
    ]);
    expect(JSON.stringify(problems)).not.toContain(MARKER);
  });

  it("the validator CLI exits 1 naming the links, and prints nothing of the files behind them", async () => {
    const { code, out } = await cli(["scripts/validate-release.ts", linkedRelease("cli")]);
    expect(code).toBe(1);
    expect(out).toContain("error annotations.jsonl path.link: is a symbolic link");
    expect(out).toContain("error system path.link");
    expect(out).not.toContain(MARKER);
  });

  it("the build refuses the release and writes nothing of the outside files", async () => {
    const out = join(tmp, "build-out");
    const built = await buildRelease(linkedRelease("build"), out);
    expect(built.entry).toBeNull();
    expect(built.problems.filter((p) => p.rule === "path.link")).toHaveLength(4);
    mkdirSync(out, { recursive: true });
    expect(allText(out)).not.toContain(MARKER);
  });

  it("the trajectory reader refuses a linked file and a linked archive", async () => {
    const dir = linkedRelease("reader");
    symlinkSync(join(outside, "secret.json"), join(dir, "trajectories", "packed.zip"));
    const archives = new ArchiveCache();
    await expect(
      readReleaseFile(dir, "trajectories/orca-opencode.s-101-switched.0.linked.json", archives),
    ).rejects.toThrow(/is a symbolic link.*\(path\.link\)/);
    await expect(readReleaseFile(dir, "trajectories/packed.zip#run.json", archives)).rejects.toThrow(/path\.link/);
    await expect(readReleaseFile(dir, "trajectories/more/secret.txt", archives)).rejects.toThrow(
      /trajectories\/more.*path\.link/,
    );
    await archives.close();
  });
});

/**
 * A release-folder submission that passes the check against `published` (the minimal release's first
 * configuration): the second configuration, its four runs each with a copy of the minimal trajectory. With
 * `linked`, one run's trajectory is a link to a valid trajectory outside that carries the marker.
 */
function submission(name: string, linked: boolean): { dir: string; published: string } {
  const lines = (f: string) => readFileSync(join(MINIMAL, f), "utf8").split("\n").filter(Boolean);
  const published = join(tmp, `${name}-published`);
  cpSync(MINIMAL, published, { recursive: true });
  writeFileSync(join(published, "configs.jsonl"), `${lines("configs.jsonl")[0]}\n`);
  writeFileSync(
    join(published, "runs.jsonl"),
    `${lines("runs.jsonl")
      .filter((l) => l.includes('"orca-opencode.'))
      .join("\n")}\n`,
  );
  const dir = join(tmp, name);
  cpSync(MINIMAL, dir, { recursive: true });
  rmSync(join(dir, "annotations.jsonl"));
  const { base_config_id: _base, ...config } = JSON.parse(lines("configs.jsonl")[1]!) as {
    config_id: string;
    base_config_id?: string;
  };
  const submitted = { ...config, submitted_at: "2026-12-01", submitted_by: "Test Lab (synthetic)" };
  writeFileSync(join(dir, "configs.jsonl"), `${JSON.stringify(submitted)}\n`);
  const trajectory = join(MINIMAL, "trajectories", "orca-opencode.s-101-switched.0.json");
  const runs = lines("runs.jsonl")
    .filter((l) => l.includes('"orca-opencode-router.'))
    .map((l) => JSON.parse(l) as { run_id: string; trajectory?: string });
  for (const [i, r] of runs.entries()) {
    r.trajectory = `trajectories/${r.run_id}.json`;
    if (linked && i === 0) symlinkSync(join(outside, "trajectory.json"), join(dir, r.trajectory));
    else cpSync(trajectory, join(dir, r.trajectory));
  }
  writeFileSync(join(dir, "runs.jsonl"), runs.map((r) => `${JSON.stringify(r)}\n`).join(""));
  const manifest = { submission_version: "1", configs: [{ config_id: submitted.config_id, repeats: 1, missing: [] }] };
  writeFileSync(join(dir, "submission.json"), JSON.stringify(manifest));
  return { dir, published };
}

describe("a submission with links", () => {
  it("without the link, the same submission passes the check and release:add adds it", async () => {
    const { dir, published } = submission("submission-plain", false);
    expect((await checkSubmissionDir(dir, published)).ok).toBe(true);
    expect((await addSubmission({ submission: dir, into: published })).refused).toBeNull();
  });

  it("with a linked trajectory, fails the check at the validator rule, with nothing read behind the link", async () => {
    const { dir, published } = submission("submission-check", true);
    const report = await checkSubmissionDir(dir, published);
    expect(report.ok).toBe(false);
    const validator = report.rules.find((r) => r.code === "submission.validator")!;
    expect(validator.offences.map((o) => `${o.record} ${o.message.split(":")[0]}`)).toEqual([
      ". the submission cannot be read as a release",
      "trajectories/orca-opencode-router.s-101-uninterrupted.0.json path.link",
    ]);
    expect(JSON.stringify(report)).not.toContain(MARKER);
  });

  it("release:add refuses it and copies nothing", async () => {
    const { dir, published } = submission("submission-add", true);
    const before = readdirSync(published, { recursive: true }).sort();
    const result = await addSubmission({ submission: dir, into: published });
    expect(result.refused).toMatch(/submission\.validator/);
    expect(readdirSync(published, { recursive: true }).sort()).toEqual(before);
    expect(allText(published)).not.toContain(MARKER);
  });

  it("the Harbor importer refuses a jobs folder holding a link before reading anything", async () => {
    const jobs = join(tmp, "jobs");
    mkdirSync(join(jobs, "job-1", "trial-1", "agent"), { recursive: true });
    symlinkSync(join(outside, "secret.json"), join(jobs, "job-1", "trial-1", "agent", "trajectory.json"));
    const attempt = importHarbor({ jobs, specs: MINIMAL, configId: "x", out: join(tmp, "imported") });
    await expect(attempt).rejects.toThrow(
      /1 symbolic link\(s\).*job-1\/trial-1\/agent\/trajectory\.json \(path\.link\)/,
    );
  });
});

describe("the export and its server", () => {
  let server: ChildProcess;
  let exportDir: string;
  const port = 3400 + (process.pid % 500);
  const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`);

  beforeAll(async () => {
    exportDir = join(tmp, "out");
    mkdirSync(join(exportDir, "data"), { recursive: true });
    writeFileSync(join(exportDir, "index.html"), "<p>home</p>");
    writeFileSync(join(exportDir, "404.html"), "<p>not here</p>");
    writeFileSync(join(exportDir, "data", "ok.json"), "{}");
    symlinkSync(join(outside, "folder"), join(exportDir, "data", "linked"));
    symlinkSync(join(outside, "secret.json"), join(exportDir, "data", "secret.json"));
    server = spawn("node", ["scripts/serve.mjs", exportDir, "--port", String(port)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve) => server.stdout!.once("data", () => resolve()));
  });
  afterAll(() => server.kill());

  it("the export check fails naming each link", async () => {
    const { code, out } = await cli(["scripts/check-export.ts", exportDir]);
    expect(code).toBe(1);
    expect(out).toContain("data/linked: is a symbolic link");
    expect(out).toContain("data/secret.json: is a symbolic link");
  });

  it("the server answers 404 for anything through a link, and serves regular files", async () => {
    expect((await get("/data/ok.json")).status).toBe(200);
    for (const path of ["/data/linked/secret.txt", "/data/secret.json", "/data/secret", "/data/%6Cinked/secret.txt"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain(MARKER);
    }
  });

  it("a link of 100,000 characters gets a page saying it is too long", async () => {
    const res = await get(`/sql/?q=${"x".repeat(100_000)}`);
    expect(res.status).toBe(431);
    expect(await res.text()).toContain("This link is too long");
  });
});
