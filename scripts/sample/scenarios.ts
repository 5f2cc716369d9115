// Runs whose story is fixed in advance: the trace-signature examples (App. E.2, E.3), the cells that have no
// run line, and the runs that get a full trajectory. Picks depend only on the seed and the task list.
import type { Task } from "../../lib/data/schema";
import type { Condition, ForcedCell } from "./outcomes";
import type { Rng } from "./prng";
import type { Group } from "./tasks";
import { type Scenario } from "./trajectory-setup";

export interface TracedRun {
  configId: string;
  taskId: string;
  condition: Condition;
  scenario: Scenario;
}

export interface ScenarioPlan {
  forced: ForcedCell[];
  /** (configuration, focus task, condition) cells with no run line at all. */
  missing: { configId: string; taskId: string; condition: Condition }[];
  traced: TracedRun[];
}

interface FocusRef {
  task: Task;
  group: Group;
  table7: boolean;
}

export function planScenarios(rng: Rng, focus: FocusRef[]): ScenarioPlan {
  const used = new Set<string>();
  const take = (pred: (f: FocusRef) => boolean): Task => {
    const found = rng.shuffle(focus).find((f) => !used.has(f.task.task_id) && pred(f));
    if (!found) throw new Error("no focus task fits a scenario");
    used.add(found.task.task_id);
    return found.task;
  };
  const inRepo = (repo: string, table7: boolean) => (f: FocusRef) => f.task.repo === repo && f.table7 === table7;
  const multiStage = (repo: string) => (f: FocusRef) => f.task.repo === repo && !f.table7 && f.task.stages.length >= 3;

  // The paper's two examples by name, plus two more of each signature on other configurations.
  const loss: [string, Task][] = [
    ["deepseek-v4.1-flash-opencode", take(inRepo("pallets/click", true))],
    ["gpt-5.6-sol-medium-codex", take(inRepo("networkx/networkx", true))],
    ["gemini-3.7-flash-gemini-cli", take(multiStage("pydantic/pydantic"))],
  ];
  const interference: [string, Task][] = [
    ["kimi-k3-kimicode", take(inRepo("getmoto/moto", true))],
    ["deepseek-v4.1-flash-opencode", take(multiStage("encode/httpx"))],
    ["unnamed-7th-claude-code", take(multiStage("sphinx-doc/sphinx"))],
  ];
  const missing = [
    {
      configId: "unnamed-7th-claude-code",
      taskId: take((f) => f.group === "near" && f.task.repo === "pytest-dev/pytest").task_id,
      condition: "switched" as const,
    },
    {
      configId: "unnamed-7th-claude-code",
      taskId: take((f) => f.group === "far" && f.task.repo === "astropy/astropy").task_id,
      condition: "switched" as const,
    },
  ];

  const forced: ForcedCell[] = [];
  const traced: TracedRun[] = [];
  const signature = (scenario: Scenario, [configId, task]: [string, Task]) => {
    // The uninterrupted run of the same task resolves: the failure is the switch, as in the paper's examples.
    forced.push({ configId, taskId: task.task_id, condition: "uninterrupted", resolved: true });
    forced.push({ configId, taskId: task.task_id, condition: "switched", resolved: false });
    traced.push({ configId, taskId: task.task_id, condition: "switched", scenario });
    traced.push({ configId, taskId: task.task_id, condition: "uninterrupted", scenario: "normal" });
  };
  loss.forEach((pick) => signature("requirement_state_loss", pick));
  interference.forEach((pick) => signature("cross_task_interference", pick));
  for (const m of missing) forced.push({ ...m, resolved: false });

  // Ordinary runs across configurations and both conditions, for browsing.
  const ordinary: [string, Condition[]][] = [
    ["glm-5.3-opencode", ["uninterrupted", "switched"]],
    ["claude-opus-5-claude-code", ["uninterrupted", "switched"]],
    ["kimi-k3-kimicode", ["switched"]],
    ["gpt-5.6-sol-medium-codex", ["uninterrupted"]],
    ["gemini-3.7-flash-gemini-cli", ["switched"]],
    ["unnamed-7th-claude-code", ["uninterrupted"]],
    ["deepseek-v4.1-flash-opencode-router", ["switched"]],
    ["deepseek-v4.1-flash-opencode-rcm", ["switched"]],
    ["glm-5.3-opencode-router", ["switched"]],
    ["glm-5.3-opencode-rcm", ["switched"]],
  ];
  for (const [configId, conditions] of ordinary) {
    const task = take(() => true);
    for (const condition of conditions) traced.push({ configId, taskId: task.task_id, condition, scenario: "normal" });
  }
  return { forced, missing, traced };
}
