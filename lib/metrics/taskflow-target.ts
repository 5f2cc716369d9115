// A target Task Flow file (docs/data-format.md, "taskflow/<name>.json"), checked and brought to the same
// footing as the observed flow: labels spelled one way, GREETING / META-QUESTION / OTHER removed from
// types and transitions (TFAS compares 13 labels), each distribution renormalized.
import { taskflowSchema } from "../data/schema";
import {
  DROPPED_LABELS,
  END,
  LENGTH_BINS,
  normalize,
  normalizeLabel,
  START,
  type Dist,
  type TaskFlowDists,
} from "./taskflow";

export interface TaskFlowTargetDists extends TaskFlowDists {
  name: string;
}

export interface ParsedTarget {
  target: TaskFlowTargetDists | null;
  problems: string[];
}

/** Published targets are rounded to a few decimals. */
const SUM_TOLERANCE = 1e-3;

function endpoint(raw: string): string {
  const label = normalizeLabel(raw);
  if (label === "start") return START;
  if (label === "end") return END;
  return label;
}

export function parseTaskFlowTarget(json: unknown, file: string): ParsedTarget {
  const parsed = taskflowSchema.safeParse(json);
  if (!parsed.success) {
    return {
      target: null,
      problems: parsed.error.issues.map((i) => `${file}: ${i.path.join(".") || "(root)"}: ${i.message}`),
    };
  }
  const t = parsed.data;
  const problems: string[] = [];
  for (const [name, dist] of [
    ["length", t.length],
    ["types", t.types],
    ["transitions", t.transitions],
  ] as const) {
    const sum = Object.values(dist).reduce((s, v) => s + v, 0);
    if (Math.abs(sum - 1) > SUM_TOLERANCE) problems.push(`${file}: ${name} sums to ${sum.toFixed(4)}, not 1`);
  }
  for (const bin of Object.keys(t.length)) {
    if (!(LENGTH_BINS as readonly string[]).includes(bin))
      problems.push(`${file}: length bin "${bin}" is not one of ${LENGTH_BINS.join(", ")}`);
  }

  const types: Dist = {};
  for (const [label, p] of Object.entries(t.types)) {
    const l = normalizeLabel(label);
    if (!DROPPED_LABELS.includes(l)) types[l] = (types[l] ?? 0) + p;
  }
  const transitions: Dist = {};
  for (const [key, p] of Object.entries(t.transitions)) {
    const parts = key.split(">");
    if (parts.length !== 2) {
      problems.push(`${file}: transition "${key}" is not "FROM>TO"`);
      continue;
    }
    const from = endpoint(parts[0]!);
    const to = endpoint(parts[1]!);
    if (from === END || to === START) {
      problems.push(`${file}: transition "${key}" leaves END or enters START`);
      continue;
    }
    if (DROPPED_LABELS.includes(from) || DROPPED_LABELS.includes(to)) continue;
    const k = `${from}>${to}`;
    transitions[k] = (transitions[k] ?? 0) + p;
  }
  if (problems.length > 0) return { target: null, problems };
  return {
    target: { name: t.name, length: normalize(t.length), types: normalize(types), transitions: normalize(transitions) },
    problems,
  };
}
