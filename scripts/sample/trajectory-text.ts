// The agent's prose: short step messages, optional reasoning, closing summaries. Plain and invented.
import { isAllWorkspacesAction } from "./trajectory-actions";
import { type ActionKind, type RenderedAction } from "./trajectory-request";
import type { CheckoutState } from "./trajectory-code";
import type { Rng } from "./trajectory-random";

/** `first` is the step's leading action: its stage edit if it has one, else its first call. */
export function stepMessage(rng: Rng, first: RenderedAction, state: CheckoutState): string {
  const { fn, srcRel, attr } = state.code;
  if (first.message !== undefined) return first.message;
  const options: Partial<Record<ActionKind, string[]>> = {
    grep: [`Let me find where ${fn} is handled.`, `Searching for ${fn} in ${state.workspace}.`],
    read: [`Reading ${fn}() in ${srcRel}.`, `Let me look at the current ${fn} implementation.`],
    read_test: ["Looking at the existing tests.", "Checking which tests cover this."],
    grep_attr: [`Checking other uses of ${attr}.`, `Where else is ${attr} read?`],
    ls: ["Checking the package layout.", `Listing ${srcRel.split("/").slice(0, -1).join("/") || "the package"}.`],
    test_before: ["Reproducing the failure first.", "Running the relevant tests before changing anything."],
    edit:
      first.stageEdit?.dropped !== undefined
        ? [`Restructuring ${fn}() around the new requirement.`]
        : [`Updating ${fn}() for this request.`, `Making the change in ${srcRel}.`],
    extra_edit: ["Adding a changelog entry.", "Noting the change in CHANGES.rst."],
    test_after: ["Re-running the tests.", "Checking the tests again."],
    status: [`Checking the working tree in ${state.workspace}.`],
    diff: ["Reviewing the diff.", `Let me look at the full diff of ${state.workspace}.`],
    diff_stat: ["Summarising what changed."],
    loop_wc: ["Let me see how much changed across the checkouts.", "Collecting the changes from every workspace."],
    loop_stat: ["Listing the changes in each workspace."],
    loop_status: ["Checking the status of each workspace."],
    loop_combined: ["Writing all changes into one patch for submission."],
  };
  if (rng.chance(0.12) && first.stageEdit === undefined && !isAllWorkspacesAction(first.kind)) return "";
  return rng.pick(options[first.kind] ?? ["Continuing."]);
}

export function reasoning(rng: Rng, first: RenderedAction, state: CheckoutState, request: string): string {
  const { fn, srcRel } = state.code;
  const ask = clip(request, 80);
  if (isAllWorkspacesAction(first.kind)) {
    return "The final patch should include all the work done in this session, so I'll gather the diffs from each workspace before submitting.";
  }
  if (first.stageEdit?.dropped !== undefined) {
    return `The new request: "${ask}". The cleanest way is to rewrite the branch in ${fn}() so the new case is handled first; the earlier handling looks redundant with it.`;
  }
  return rng.pick([
    `The request: "${ask}". ${fn}() in ${srcRel} is where this is decided, so the change belongs there.`,
    `I need to keep the existing behaviour and only change what the request asks for. ${fn}() is the place to check.`,
    `Before editing, confirm how ${fn}() is reached from the public API.`,
  ]);
}

export function thinkingMessage(state: CheckoutState, index: number): string {
  const options = [
    `The change should stay inside ${state.code.fn}().`,
    "Let me think about the edge cases before editing.",
    "That matches what I expected.",
    `${state.code.srcRel} is the only file this needs.`,
  ];
  return options[index % options.length]!;
}

export function stageSummary(
  taskId: string,
  stage: number,
  state: CheckoutState,
  edited: boolean,
  tested: boolean,
): string {
  if (!edited) {
    return `For ${taskId} stage ${stage}: the change belongs in ${state.code.fn}() in ${state.code.srcRel}. No files edited yet.`;
  }
  const tests = tested ? " The targeted tests pass." : "";
  return `Done with ${taskId} stage ${stage}: updated ${state.code.fn}() in ${state.code.srcRel}.${tests}`;
}

export function submitSummary(taskId: string, state: CheckoutState, interference: boolean, workspaces: number): string {
  if (interference) {
    const n = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"][workspaces] ?? String(workspaces);
    return `Collected the diffs of all ${n} workspaces into /tmp/final.patch and submitted it as the final patch.`;
  }
  const files = state.changedFiles();
  if (files.length === 0) return `No changes in ${state.workspace}; nothing to submit for ${taskId}.`;
  return `The final patch for ${taskId} is the diff of ${state.workspace} (${files.join(", ")}). Submitting it.`;
}

export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
