// The schedule rules the profile reports on (Switch-SWE §3.1 and C.5, "validation rules before execution"),
// by their stable codes in docs/data-format.md. The build writes how often each rule fired into
// release.json (`validation.rules`); a rule absent there passed for every session.

export interface RuleDoc {
  rule: string;
  says: string;
}

export const SCHEDULE_RULES: readonly RuleDoc[] = [
  { rule: "schedule.pair", says: "one session per condition for every focus task" },
  {
    rule: "schedule.projection",
    says: "focus requests identical to the baseline session, in order, finalization included",
  },
  { rule: "schedule.task_order", says: "every task keeps its own request order" },
  { rule: "schedule.interruptions", says: "the required number of distinct same-repository interruption tasks" },
  { rule: "schedule.disjoint", says: "interruptions change no source file of the focus fix" },
  { rule: "schedule.locality", says: "interruption locality matches the session's group" },
  { rule: "schedule.group_consistent", says: "one group per focus task" },
  { rule: "schedule.workspace", says: "every request runs in its own task's checkout" },
  { rule: "schedule.finalization_last", says: "focus finalization is the last request" },
];

export interface RuleResult extends RuleDoc {
  /** How many problems of this rule the validator reported (0: passed). */
  count: number;
}

/** The schedule rules with their counts, then every other rule that fired (warnings: errors stop the build). */
export function ruleResults(fired: Record<string, number>): {
  schedule: RuleResult[];
  other: { rule: string; count: number }[];
} {
  const known = new Set(SCHEDULE_RULES.map((r) => r.rule));
  return {
    schedule: SCHEDULE_RULES.map((r) => ({ ...r, count: fired[r.rule] ?? 0 })),
    other: Object.entries(fired)
      .filter(([rule]) => !known.has(rule))
      .map(([rule, count]) => ({ rule, count }))
      .sort((a, b) => a.rule.localeCompare(b.rule)),
  };
}
