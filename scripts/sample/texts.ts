// Request texts of synthetic tasks. Stage 1 reads like the GitHub issue it stands for; later stages read
// like pre-merge review comments or benchmark-authored extensions. Requirements are cumulative, so later
// texts refine the earlier request rather than replace it (Switch-SWE §3.2).
import type { Rng } from "./prng";

export interface TextSlots {
  ref: string;
  sym: string;
  sym2: string;
  file: string;
  file2: string;
}

const INPUTS = [
  "an empty string",
  "None",
  "a tuple of values",
  "a path containing spaces",
  "a zero value",
  "a negative number",
  "a nested mapping",
  "a non-ASCII string",
  "an empty list",
  "a subclass instance",
  "a value with trailing whitespace",
  "a generator",
  "a bytes object",
  "a very large integer",
];
const CONDITIONS = [
  "the value comes from an environment variable",
  "it is passed positionally",
  "the object was copied first",
  "it is called from a subclass",
  "running under Python 3.13",
  "a default is configured as well",
  "it is combined with strict mode",
  "the input is already normalised",
];
// Flags only: several texts say "`param=False` restores the previous output".
const PARAMS = [
  "strict",
  "copy",
  "sort_keys",
  "allow_none",
  "normalize",
  "lenient",
  "include_private",
  "follow_symlinks",
  "raise_on_error",
];
const FEATURES = [
  "a `strict` mode that rejects unknown keys",
  "lazily evaluated defaults",
  "a custom key function",
  "returning the result as a plain dict",
  "an explicit `encoding` argument",
  "a per-call `timeout` override",
  "a `max_depth` limit for recursive inputs",
];
const EXCEPTIONS = ["TypeError", "ValueError", "AttributeError", "KeyError"];
const SINCE = ["the last minor release", "the previous release", "the move to the new parser", "the typing clean-up"];

type Filled = TextSlots & {
  input: string;
  input2: string;
  cond: string;
  param: string;
  feature: string;
  exc: string;
  validationExc: string;
  since: string;
};

const ISSUES: Array<[(s: Filled) => string, (s: Filled) => string]> = [
  [
    (s) => `\`${s.sym}\` raises an unhelpful \`${s.exc}\` for ${s.input}`,
    (s) =>
      `${s.ref}: \`${s.sym}\` raises an unhelpful \`${s.exc}\` when it is given ${s.input}. It should accept the value, or fail with an error that names the parameter and the value received. Please fix it in this checkout (\`${s.file}\`) and add regression tests.`,
  ],
  [
    (s) => `\`${s.sym}\` ignores \`${s.param}\` when ${s.cond}`,
    (s) =>
      `${s.ref}: \`${s.sym}\` silently ignores \`${s.param}\` when ${s.cond}. Make it honour \`${s.param}\` in that case too without changing the default behaviour, and cover the case with tests.`,
  ],
  [
    (s) => `Regression in \`${s.sym}\` for ${s.input}`,
    (s) =>
      `${s.ref}: regression since ${s.since}: \`${s.sym}\` returns a different result for ${s.input} than it used to. Restore the previous result and add a test that pins it. The code lives in \`${s.file}\`.`,
  ],
  [
    (s) => `Support ${s.feature} in \`${s.sym}\``,
    (s) =>
      `${s.ref}: feature request — \`${s.sym}\` should support ${s.feature}. Add it with the smallest possible API change (keyword-only, off by default), document it in the docstring and add tests.`,
  ],
  [
    (s) => `\`${s.sym}\` and \`${s.sym2}\` disagree on ${s.input}`,
    (s) =>
      `${s.ref}: \`${s.sym}\` and \`${s.sym2}\` disagree on how ${s.input} is handled: one normalises it, the other passes it through unchanged. Make both follow the normalising behaviour and test both entry points.`,
  ],
  [
    (s) => `Misleading error from \`${s.sym}\` for ${s.input}`,
    (s) =>
      `${s.ref}: the error message of \`${s.sym}\` for ${s.input} is misleading: it blames the wrong argument. Report the argument that was actually invalid, include its value, and add a test on the message.`,
  ],
];

const REVIEWS: Array<(s: Filled, round: number) => string> = [
  (s, r) =>
    `Review round ${r}: keep the old behaviour when \`${s.param}\` is not passed — existing callers must not see any change. Add a test for the default path as well.`,
  (s, r) =>
    `Review round ${r}: the same applies to \`${s.sym2}\` (\`${s.file2}\`). Change it too so both code paths agree, and extend the tests accordingly.`,
  (s, r) =>
    `Review round ${r}: validate the input before converting it, and raise \`${s.validationExc}\` with a message that names the offending value instead of failing later.`,
  (s, r) => `Review round ${r}: please also handle ${s.input2}; it still falls through to the old branch.`,
  (s, r) =>
    `Review round ${r}: don't change the public signature of \`${s.sym}\`. Put the new behaviour behind a keyword-only \`${s.param}\` argument that defaults to the current behaviour.`,
  (s, r) =>
    `Review round ${r}: the fix must not mutate the caller's object. Work on a copy and add a test that checks the input is unchanged afterwards.`,
  (s, r) =>
    `Review round ${r}: emit a \`DeprecationWarning\` for the old spelling instead of removing it, and test that the warning is raised exactly once.`,
];

const EXTENSIONS: Array<(s: Filled) => string> = [
  (s) =>
    `Extension: expose the new behaviour through \`${s.sym2}\` as well, so callers who go through it get the same result; add a test for each entry point. Everything requested so far still applies.`,
  (s) =>
    `Extension: make the behaviour configurable per call via \`${s.param}\`, where \`${s.param}=False\` restores exactly the previous output. Keep all earlier requirements.`,
];

// Indices of the templates above that name `sym2`.
const PAIRED_ISSUE = 4;
const PAIRED_REVIEW = 1;
const PAIRED_EXTENSION = 0;

export interface StageText {
  text: string;
  provenance: "issue" | "review" | "extension";
  source_ref: string;
}

/** A title and k stage texts for one task. The last stage is sometimes a benchmark extension. */
export function taskTexts(rng: Rng, slots: TextSlots, k: number): { title: string; stages: StageText[] } {
  const input = rng.pick(INPUTS);
  const param = rng.pick(PARAMS);
  const filled: Filled = {
    ...slots,
    input,
    input2: rng.pick(INPUTS.filter((i) => i !== input)),
    param,
    cond: rng.pick(CONDITIONS.filter((c) => !c.includes(param))),
    feature: rng.pick(FEATURES),
    exc: rng.pick(EXCEPTIONS),
    validationExc: rng.pick(["TypeError", "ValueError"]),
    since: rng.pick(SINCE),
  };
  // Texts that contrast two symbols need the fix to touch two of them.
  const paired = slots.sym2 !== slots.sym;
  const [title, issue] = rng.pick(paired ? ISSUES : ISSUES.filter((_, i) => i !== PAIRED_ISSUE));
  const stages: StageText[] = [{ text: issue(filled), provenance: "issue", source_ref: slots.ref }];
  const reviews = rng.shuffle(paired ? REVIEWS : REVIEWS.filter((_, i) => i !== PAIRED_REVIEW));
  const extensionLast = k >= 3 && rng.chance(0.3);
  for (let stage = 2; stage <= k; stage++) {
    if (stage === k && extensionLast) {
      const extension = rng.pick(paired ? EXTENSIONS : EXTENSIONS.filter((_, i) => i !== PAIRED_EXTENSION));
      stages.push({ text: extension(filled), provenance: "extension", source_ref: "benchmark extension" });
    } else {
      const review = reviews[(stage - 2) % reviews.length] as (typeof REVIEWS)[number];
      stages.push({ text: review(filled, stage - 1), provenance: "review", source_ref: `review round ${stage - 1}` });
    }
  }
  return { title: title(filled), stages };
}

/** The paper's Appendix E.2 Click task, written out: a literal-default rule first, a callable default later. */
export function clickShowDefaultTexts(ref: string): { title: string; stages: StageText[] } {
  return {
    title: "show_default hides falsy literal defaults",
    stages: [
      {
        provenance: "issue",
        source_ref: ref,
        text: `${ref}: with \`show_default=True\`, a literal default must be shown exactly as given — \`default=0\`, \`default=""\` and \`default=False\` are currently hidden because the help code tests the default for truthiness. Implement the literal-default rule in \`Option.get_help_extra\` (\`src/click/core.py\`) and add tests.`,
      },
      {
        provenance: "review",
        source_ref: "review round 1",
        text: "Review round 1: tuple defaults of `multiple=True` options must be rendered comma-separated, still following the literal rule (an empty tuple shows as nothing, not as `()`).",
      },
      {
        provenance: "review",
        source_ref: "review round 2",
        text: "Review round 2: when the default is a callable, do not call it while rendering help; show `(dynamic)` instead, unless `show_default` is a string. The literal rule from the first request still applies to non-callables.",
      },
      {
        provenance: "review",
        source_ref: "review round 3",
        text: "Review round 3: a `show_default` string must override everything, and values that came from an environment variable must never be displayed as the default.",
      },
    ],
  };
}

export const SUBMIT_TEXT =
  "Finalize your work on this task: make sure the checkout for this task contains exactly the changes that resolve every request so far, with no unrelated edits, and stop. The diff of this checkout against its base revision is the submitted patch.";
