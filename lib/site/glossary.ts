// One-sentence definitions behind the site's column headers and terms (components/site/Term.tsx). The
// long form of each lives in docs/benchmark.md, which the About page renders; the anchor points there.
import { MIN_RANK_INTERVAL_TASKS } from "../queries/leaderboard/rank-rules";
export interface GlossaryEntry {
  text: string;
  /** Section of the About page (a heading id of docs/benchmark.md). */
  anchor: string;
}

export const GLOSSARY = {
  focus: {
    text: "The task that is scored; the other tasks of a switched session only interrupt it.",
    anchor: "focus-task-and-conditions",
  },
  unint: {
    text: "Uninterrupted: the focus task's requests alone, in order, then submit.",
    anchor: "focus-task-and-conditions",
  },
  switch: {
    text: "Switched: the same focus requests with chunks of four other unfinished tasks of the same repository in between.",
    anchor: "focus-task-and-conditions",
  },
  overall: { text: "All focus tasks (200 in the paper's split).", anchor: "near-and-far" },
  near: {
    text: "Interruptions whose reference fix touches a directory the focus task's fix touches (no file in common).",
    anchor: "near-and-far",
  },
  far: {
    text: "Interruptions whose reference fix touches neither a file nor a directory of the focus task's fix.",
    anchor: "near-and-far",
  },
  resolution: {
    text: "Resolved focus tasks divided by the group's size; a missing run counts as unresolved.",
    anchor: "resolution-and-gap",
  },
  gap: {
    text: "Uninterrupted minus switched resolution, in percentage points; lower is better.",
    anchor: "resolution-and-gap",
  },
  wilson: { text: "Wilson 95% interval of a resolution rate.", anchor: "the-statistics-shown" },
  rank: {
    text: `Rank (#2): 1 + the number of configurations with a strictly better value, so equal values share a rank. 95% rank interval ([1–10]): the ranks it takes in 95% of resamples of the focus tasks, one resample for every configuration; none below ${MIN_RANK_INTERVAL_TASKS} tasks.`,
    anchor: "ranks-and-ties",
  },
  tie: {
    text: "Tie group (T1): not distinguished from the best by an exact paired (McNemar) test after Holm's correction; not a claim that they are equal. T2: not distinguished from the best of the rest.",
    anchor: "ranks-and-ties",
  },
  bootstrap: {
    text: "Paired bootstrap 95% interval: focus tasks resampled with both outcomes together, 10,000 times, fixed seed.",
    anchor: "the-statistics-shown",
  },
  mcnemar: {
    text: "Exact McNemar p-value from the discordant tasks (resolved under one condition only).",
    anchor: "the-statistics-shown",
  },
  repeats: {
    text: "Several runs of one cell: the mean is shown, with the minimum–maximum over repeats.",
    anchor: "the-statistics-shown",
  },
  design_effect: {
    text: "Design effect: the variance of an estimate when whole repositories are resampled over its variance when tasks are resampled one by one. About 1: a repository's tasks behave independently; above 1: they move together, so the clustered interval is the wider, honest one; below 1: they differ more than tasks drawn at random, and the clustered interval is the narrower.",
    anchor: "intervals-that-respect-clustering",
  },
  far_near: {
    text: "Far − near: the far group's gap minus the near group's gap of one configuration, with a paired interval (repositories resampled once for both groups).",
    anchor: "intervals-that-respect-clustering",
  },
  pass_at_k: {
    text: "pass@k: the chance that at least one of k runs of a task, drawn from its repeats, resolves it, averaged over tasks.",
    anchor: "repeats",
  },
  pass_hat_k: {
    text: "pass^k: the chance that all k runs of a task, drawn from its repeats, resolve it, averaged over tasks.",
    anchor: "repeats",
  },
  flip_rate: {
    text: "Flip rate: the share of tasks whose repeats disagree (some resolve, some do not).",
    anchor: "repeats",
  },
  consistency: {
    text: "Consistency (HAL): the mean over tasks of (2p − 1)², p the task's resolved share of its repeats: 100% when every task's repeats agree, 0 when every task splits evenly.",
    anchor: "repeats",
  },
  unint_scope: { text: "Usage of the whole uninterrupted session.", anchor: "usage-scopes" },
  switch_all: {
    text: "Usage of the whole switched session, interruptions and finalization included.",
    anchor: "usage-scopes",
  },
  switch_focus: {
    text: "Usage of the focus requests after other work only: the cost of coming back.",
    anchor: "usage-scopes",
  },
  requirement_state_loss: {
    text: "A later focus edit or plan contradicts an earlier focus requirement or ignores work already done.",
    anchor: "the-two-trace-signatures",
  },
  cross_task_interference: {
    text: "Requirements, files or submission scope of another task leak into the focus task's work.",
    anchor: "the-two-trace-signatures",
  },
  model_calls: { text: "Inference steps: calls to the model, per run.", anchor: "terms-on-the-other-pages" },
  tool_calls: { text: "Tool invocations the agent executed, per run.", anchor: "terms-on-the-other-pages" },
  failure_implementation: {
    text: "Unresolved: the patch applies, but verifier tests fail.",
    anchor: "failure-classes",
  },
  failure_submission: { text: "Unresolved: no applicable focus patch was submitted.", anchor: "failure-classes" },
  failure_incomplete: { text: "Unresolved: the run ended early or timed out.", anchor: "failure-classes" },
  failure_no_run: {
    text: "No run of this cell is in the release; it counts as unresolved.",
    anchor: "failure-classes",
  },
  switch_cost: {
    text: "One focus task's switched usage minus its uninterrupted usage, in million tokens.",
    anchor: "terms-on-the-other-pages",
  },
  disagreeing: {
    text: "Focus tasks resolved by exactly one of the two configurations; McNemar uses only these.",
    anchor: "terms-on-the-other-pages",
  },
  gain: {
    text: "A variant's resolution minus its native configuration's on the same tasks, in percentage points.",
    anchor: "terms-on-the-other-pages",
  },
  workspace_switches: {
    text: "Requests in another workspace than the request before them.",
    anchor: "terms-on-the-other-pages",
  },
  focus_returns: {
    text: "Focus requests (not the final submit) right after a request in another workspace.",
    anchor: "terms-on-the-other-pages",
  },
  interruption_tasks: {
    text: "Distinct other tasks a session interleaves with the focus task.",
    anchor: "terms-on-the-other-pages",
  },
  f2p_p2p: {
    text: "Fail-to-pass tests (must pass after the fix) / pass-to-pass tests (must keep passing).",
    anchor: "terms-on-the-other-pages",
  },
  stages: {
    text: "The focus task's requests, each from an issue (i), a review (r) or an extension (e).",
    anchor: "terms-on-the-other-pages",
  },
  tfas: {
    text: "TaskFlow Alignment Score: 100 × ∛(S_L·S_T·S_R); 100 is the target's flow exactly.",
    anchor: "terms-on-the-other-pages",
  },
  s_l: {
    text: "1 − Jensen–Shannon divergence of request-label shares against the target.",
    anchor: "terms-on-the-other-pages",
  },
  s_t: {
    text: "1 − Jensen–Shannon divergence of label-to-label transitions against the target.",
    anchor: "terms-on-the-other-pages",
  },
  s_r: {
    text: "1 − Jensen–Shannon divergence of session lengths (requests) against the target.",
    anchor: "terms-on-the-other-pages",
  },
  annotations: {
    text: "Trace-signature tags of the run (detector, judge or person), each pointing at steps.",
    anchor: "terms-on-the-other-pages",
  },
  outcome: {
    text: "Resolved when the focus patch applies and every F2P and P2P test passes.",
    anchor: "resolution-and-gap",
  },
} satisfies Record<string, GlossaryEntry>;

export type GlossaryKey = keyof typeof GLOSSARY;

const BY_LABEL: Record<string, GlossaryKey> = {
  unint: "unint",
  uninterrupted: "unint",
  switch: "switch",
  switched: "switch",
  gap: "gap",
  overall: "overall",
  near: "near",
  far: "far",
  "switch-all": "switch_all",
  "switch-focus": "switch_focus",
};

/** The entry a column label names ("Unint", "Gap", "Near" …), or undefined. */
export function glossaryFor(label: string): GlossaryKey | undefined {
  return BY_LABEL[label.trim().toLowerCase()];
}
