// The signatures page's state in the URL (?config=&condition=&repo=&group=&signature=&strength=&outcome=&cell=),
// so every filter and an opened cell are a permalink. Kept in this one file so that a shared URL-state hook
// can replace it without touching the view.
import { SIGNATURES } from "../../trajectory/tags";

export interface SignaturesUrlState {
  config: string | null;
  condition: string | null;
  repo: string | null;
  /** "overall" or a locality group; null: every group. */
  group: string | null;
  signature: string | null;
  strength: "strong" | "weak";
  outcome: "resolved" | "unresolved" | null;
  /** The opened cell. */
  cell: { config: string; condition: string; grp: string; signature: string } | null;
}

export interface SignaturesUrlContext {
  configs: string[];
  conditions: string[];
  /** "overall" and the release's groups. */
  groups: string[];
  repos: string[];
}

export const DEFAULT_SIGNATURES_STATE: SignaturesUrlState = {
  config: null,
  condition: null,
  repo: null,
  group: null,
  signature: null,
  strength: "strong",
  outcome: null,
  cell: null,
};

const oneOf = (v: string | null, allowed: readonly string[]) => (v !== null && allowed.includes(v) ? v : null);

/** Reads the state; a value the release does not have is dropped (the view then shows everything). */
export function parseSignaturesUrl(search: string, ctx: SignaturesUrlContext): SignaturesUrlState {
  const p = new URLSearchParams(search);
  const cellParts = (p.get("cell") ?? "").split("~");
  const cell =
    cellParts.length === 4 &&
    ctx.configs.includes(cellParts[0]!) &&
    ctx.conditions.includes(cellParts[1]!) &&
    ctx.groups.includes(cellParts[2]!) &&
    SIGNATURES.includes(cellParts[3] as never)
      ? { config: cellParts[0]!, condition: cellParts[1]!, grp: cellParts[2]!, signature: cellParts[3]! }
      : null;
  return {
    config: oneOf(p.get("config"), ctx.configs),
    condition: oneOf(p.get("condition"), ctx.conditions),
    repo: oneOf(p.get("repo"), ctx.repos),
    group: oneOf(p.get("group"), ctx.groups),
    signature: oneOf(p.get("signature"), SIGNATURES),
    strength: p.get("strength") === "weak" ? "weak" : "strong",
    outcome: (oneOf(p.get("outcome"), ["resolved", "unresolved"]) as SignaturesUrlState["outcome"]) ?? null,
    cell,
  };
}

export function serializeSignaturesUrl(s: SignaturesUrlState): string {
  const p = new URLSearchParams();
  if (s.config) p.set("config", s.config);
  if (s.condition) p.set("condition", s.condition);
  if (s.repo) p.set("repo", s.repo);
  if (s.group) p.set("group", s.group);
  if (s.signature) p.set("signature", s.signature);
  if (s.strength !== "strong") p.set("strength", s.strength);
  if (s.outcome) p.set("outcome", s.outcome);
  if (s.cell) p.set("cell", [s.cell.config, s.cell.condition, s.cell.grp, s.cell.signature].join("~"));
  const q = p.toString();
  return q ? `?${q}` : "";
}
