// Every form of the set, and the assignment of runs to them: each form gets two runs per tool style, on host
// tasks chosen so that the two runs of a style differ in task; then the clean runs.
import type { FormDef } from "./form";
import { bundleForm, finalizeLookForm, submitScopeForm } from "./forms-final";
import { FOCUS_INTERFERENCE_FORMS, otherTestsForm, wrongCheckoutForm } from "./forms-interference";
import { LOOK_FORMS } from "./forms-look";
import { LOSS_EDIT_FORMS } from "./forms-loss";
import { LOSS_SHELL_FORMS } from "./forms-loss-shell";
import { REQUESTED_FORMS } from "./forms-requested";
import { hashSeed, Rng } from "./rng";
import { TASKS } from "./tasks/index";
import { STYLES, type Style, type TaskDef } from "./types";

export const FORMS: readonly FormDef[] = [
  ...LOSS_EDIT_FORMS,
  ...LOSS_SHELL_FORMS,
  ...REQUESTED_FORMS,
  ...FOCUS_INTERFERENCE_FORMS,
  wrongCheckoutForm,
  otherTestsForm,
  submitScopeForm,
  bundleForm,
  ...LOOK_FORMS,
  finalizeLookForm,
];

export interface Assignment {
  form: FormDef | null;
  variant: number;
  style: Style;
  task: TaskDef;
  condition: "switched" | "uninterrupted";
}

export const RUNS_PER_STYLE = 2;
export const CLEAN_RUNS = 10;

function formRuns(form: FormDef): Assignment[] {
  const hosts = new Rng(hashSeed("hosts", form.id)).shuffle(TASKS.filter(form.hosts));
  if (hosts.length === 0) throw new Error(`form ${form.id} has no host task`);
  const out: Assignment[] = [];
  let variant = 0;
  for (const style of STYLES) {
    for (let i = 0; i < RUNS_PER_STYLE; i++) {
      out.push({ form, variant, style, task: hosts[variant % hosts.length]!, condition: "switched" });
      variant++;
    }
  }
  return out;
}

function cleanRuns(): Assignment[] {
  const rng = new Rng(hashSeed("clean"));
  const tasks = rng.shuffle(TASKS);
  return Array.from({ length: CLEAN_RUNS }, (_, i) => ({
    form: null,
    variant: i,
    style: STYLES[i % STYLES.length]!,
    task: tasks[i % tasks.length]!,
    condition: i % 4 === 3 ? ("uninterrupted" as const) : ("switched" as const),
  }));
}

/** All runs, in a shuffled order so that no form's runs sit together. */
export function assignments(): Assignment[] {
  const all = [...FORMS.flatMap(formRuns), ...cleanRuns()];
  return new Rng(hashSeed("order")).shuffle(all);
}
