import { describe, expect, it } from "vitest";
import { markVerified } from "./submission-verify";

describe("markVerified", () => {
  const text = '{"config_id":"a","model":"m","harness":"h","variant":"native","display_name":"A"}\n{"config_id":"b","model":"m","harness":"h","variant":"native","display_name":"B","extra":{"x":1}}\n';

  it("changes only the named configuration's line, extra kept last", () => {
    const out = markVerified(text, "b", { by: "Team", at: "2026-05-09" });
    expect(out.found).toBe(true);
    expect(out.previous).toBeNull();
    const [a, b, end] = out.text.split("\n");
    expect(a).toBe(text.split("\n")[0]);
    expect(b).toBe('{"config_id":"b","model":"m","harness":"h","variant":"native","display_name":"B","verified":{"by":"Team","at":"2026-05-09"},"extra":{"x":1}}');
    expect(end).toBe("");
  });

  it("says when the configuration is not there", () => {
    expect(markVerified(text, "zzz", { by: "T", at: "2026-05-09" })).toMatchObject({ found: false, text });
  });
});
