// The registry of formats read (formats.ts): a throwaway format added as one entry is detected, converted with
// its account, listed in the refusal and offered its files, with nothing else edited; and the registry's own
// entries keep the rules the door relies on.
import { describe, expect, it } from "vitest";
import { readTrajectory } from "../chain";
import { parseLogText } from "../parse-text";
import { isRecord } from "../values";
import { convertedFormat, formatName, isLogFileName, LOG_READERS, readFormats, type LogReader } from "./formats";
import { asAtif, detectLogFormat, READ_FORMATS, TrajectoryFormatError } from "./read-log";
import { AGENT_LOG_ENDINGS } from "../../files/zip";

/**
 * A made-up agent that writes `{"toy_log": ["request", "answer", …]}`: the first line is the request (a user
 * step), each later one an agent step; a line that is not a string is a note naming its index.
 */
const TOY: LogReader = {
  format: "toy",
  name: "Toy log",
  listed: "Toy .toylog files",
  files: [".toylog"],
  detect: (log) => log.kind === "json" && isRecord(log.value) && Array.isArray(log.value.toy_log),
  convert: (log, name) => {
    const lines =
      log.kind === "json" && isRecord(log.value) && Array.isArray(log.value.toy_log) ? log.value.toy_log : [];
    const texts = lines.flatMap((l, i) => (typeof l === "string" ? [{ text: l, at: i + 1 }] : []));
    return {
      atif: {
        schema_version: "ATIF-v1.6",
        session_id: name,
        agent: { name: "toy", version: "1" },
        steps: texts.map((t, i) => ({ step_id: i + 1, source: i === 0 ? "user" : "agent", message: t.text })),
      },
      notes: lines.flatMap((l, i) =>
        typeof l === "string" ? [] : [{ code: "toy.line", message: "not a string; skipped", line: i + 1 }],
      ),
      skipped: {},
    };
  },
};
const WITH_TOY = [...LOG_READERS, TOY];
const toyText = JSON.stringify({ toy_log: ["add a flag", 7, "done"] });

describe("a format added as one registry entry", () => {
  it("is told by its content and converted, with its account in extra.converted_from", () => {
    const log = parseLogText(toyText, "run.txt");
    expect(detectLogFormat(log, WITH_TOY)).toBe("toy");
    const doc = asAtif(log, "run.txt", WITH_TOY);
    expect(doc).toMatchObject({
      extra: { converted_from: { format: "toy", notes: [{ code: "toy.line", line: 2 }], skipped: {} } },
    });
    // Lines 1 and 3 are strings: the request, then one agent step; line 2 is the note.
    const t = readTrajectory(doc, "run.txt");
    expect(t.steps.map((s) => [s.source, s.message])).toEqual([
      ["user", "add a flag"],
      ["agent", "done"],
    ]);
    expect(t.warnings.find((w) => w.code === "convert.toy.line")?.message).toBe(
      "run.txt, line 2: not a string; skipped",
    );
  });

  it("is listed in the refusal of a file in no format, and its files are offered to the door", () => {
    const other = parseLogText(JSON.stringify({ something: 1 }), "x.json");
    expect(() => asAtif(other, "x.json", WITH_TOY)).toThrow(
      "x.json is not a trajectory format this viewer reads (it is an object with keys something). Read are: " +
        "ATIF v1.0–v1.8 (Harbor's agent/trajectory.json), SWE-agent .traj, mini-swe-agent .traj.json, Claude Code " +
        "session JSONL, Codex CLI rollout JSONL, OpenHands event streams (a JSON list of events), Inspect .eval logs " +
        "and Toy .toylog files.",
    );
    expect(isLogFileName("logs/RUN.TOYLOG", WITH_TOY)).toBe(true);
  });

  it("is not read without its entry", () => {
    const log = parseLogText(toyText, "run.txt");
    expect(detectLogFormat(log)).toBe(null);
    expect(() => asAtif(log, "run.txt")).toThrow(TrajectoryFormatError);
    expect(READ_FORMATS).not.toContain("Toy");
    expect(isLogFileName("logs/run.toylog")).toBe(false);
  });
});

describe("the registry", () => {
  it("names each format once, and ATIF, whose test is the loosest, is the one fallback", () => {
    const formats = LOG_READERS.map((r) => r.format);
    expect(new Set(formats).size).toBe(formats.length);
    expect(LOG_READERS.filter((r: LogReader) => r.fallback).map((r) => r.format)).toEqual(["atif"]);
  });

  it("tries the fallback last, whatever its place in the list", () => {
    // Both tests accept this object: the specific one wins although ATIF is listed first.
    const both = parseLogText(JSON.stringify({ toy_log: ["hi"], steps: [] }), "b.json");
    expect(detectLogFormat(both, WITH_TOY)).toBe("toy");
    expect(detectLogFormat(both)).toBe("atif");
  });

  it("gives the refusal's list in its own order", () => {
    expect(READ_FORMATS).toBe(readFormats(LOG_READERS));
    expect(readFormats([TOY])).toBe("Toy .toylog files");
  });

  it("offers a picked folder's logs and passes over the rest", () => {
    expect(["a/trajectory.json", "s.jsonl", "x.traj", "y.traj.json", "l.eval"].map((p) => isLogFileName(p))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["README.md", "patch.diff", "eval.txt"].map((p) => isLogFileName(p))).toEqual([false, false, false]);
  });

  it("matches the endings the zip refusal names (lib/files sits below lib/trajectory and cannot import it)", () => {
    const endings = new Set<string>(LOG_READERS.flatMap((r) => r.files));
    expect([...endings].every((e) => AGENT_LOG_ENDINGS.some((z) => e.endsWith(z)))).toBe(true);
    expect(AGENT_LOG_ENDINGS.every((z) => endings.has(z))).toBe(true);
  });

  it("names the format a document was converted from, for the pages", () => {
    expect(convertedFormat({ converted_from: { format: "codex", notes: [] } })).toEqual({
      format: "codex",
      name: "Codex CLI rollout",
    });
    expect(convertedFormat({ converted_from: { format: "gemini" } })).toBe(null);
    expect(convertedFormat({})).toBe(null);
    expect(formatName("openhands")).toBe("OpenHands event stream");
    expect(formatName("gemini")).toBe("gemini");
  });
});
