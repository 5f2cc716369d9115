// The agent's wording, drawn from small pools so that runs of one form do not read alike.
import type { Rng } from "./rng";

export function startFocus(rng: Rng, file: string): string {
  return rng.pick([
    `Let me look at ${file} first.`,
    `I'll start by reading ${file}.`,
    `Reading ${file} to see the current behaviour.`,
    `First, the current implementation in ${file}.`,
  ]);
}

export function returnFocus(rng: Rng, title: string, root: string): string {
  return rng.pick([
    `Back to the ${title.toLowerCase()} task in ${root}. Let me re-read the file to see where it stands.`,
    `Switching back to ${root} (${title.toLowerCase()}). Checking the current state of the module first.`,
    `Returning to ${root}. I'll look at what is already in place before changing anything.`,
    `This is the ${title.toLowerCase()} task again, checkout ${root}. Re-reading the module.`,
  ]);
}

export function startOther(rng: Rng, title: string, root: string, stage: number): string {
  if (stage > 1) {
    return rng.pick([
      `Next request is for ${root} again (${title.toLowerCase()}).`,
      `Back in ${root} for the follow-up on ${title.toLowerCase()}.`,
      `Follow-up review for the ${title.toLowerCase()} task in ${root}.`,
    ]);
  }
  return rng.pick([
    `This request is for ${root}: ${title.toLowerCase()}. Reading the module.`,
    `Switching to ${root} for the ${title.toLowerCase()} task.`,
    `New task in ${root}. Let me read the relevant file.`,
  ]);
}

export function editing(rng: Rng, summary: string): string {
  return rng.pick([
    `Adding ${summary}.`,
    `Now implementing ${summary}.`,
    `Making the change: ${summary}.`,
    `Implementing ${summary}.`,
  ]);
}

export function nextPart(rng: Rng): string {
  return rng.pick([
    "And the second part.",
    "Now the remaining change.",
    "Next hunk.",
    "One more place to update.",
    "Continuing with the same file.",
  ]);
}

export function testing(rng: Rng): string {
  return rng.pick([
    "Running the module's tests.",
    "Let me run the tests.",
    "Checking that the existing tests still pass.",
    "Running the test file.",
  ]);
}

export function doneFocus(rng: Rng, summary: string, root: string, file: string): string {
  return rng.pick([
    `Done: ${summary} is in place in ${root}/${file}, and the existing tests pass.`,
    `Implemented ${summary}. The change is in ${file} in ${root}.`,
    `${capital(summary)} is implemented in ${root}.`,
    `That completes this request: ${summary}.`,
  ]);
}

export function doneOther(rng: Rng, summary: string, root: string): string {
  return rng.pick([
    `Done in ${root}: ${summary}.`,
    `${capital(summary)} is implemented in ${root}.`,
    `Finished this request (${summary}).`,
  ]);
}

export function submitIntro(rng: Rng, root: string): string {
  return rng.pick([
    `Finalizing: let me check what ${root} contains.`,
    `Let me review the final state of ${root} before submitting.`,
    `Checking the status and the diff of ${root}.`,
  ]);
}

export function submitDone(rng: Rng, root: string): string {
  return rng.pick([
    `The diff above is the final patch for this task (checkout ${root}).`,
    `This is the complete change set for the task in ${root}; the diff above is my submission.`,
    `Final patch: the diff of ${root} shown above.`,
  ]);
}

export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
