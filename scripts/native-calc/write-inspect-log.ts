// Inspect samples packed as an .eval log: a ZIP (deflate, written by the project's lib/archive/write-node.ts, so the
// same samples give the same bytes) holding samples/<id>_epoch_1.json per sample, summaries.json and header.json
// (eval.task, eval.model, the dataset's sample ids, the plan's solver, the results), header last as Inspect writes it.
import { writeArchive } from "../../lib/archive/write-node";
import { tokenOf } from "./ids";
import { SCORER, SOLVER } from "./write-inspect";

type Raw = Record<string, unknown>;

function sampleEntry(sample: Raw): string {
  return `samples/${String(sample.id)}_epoch_1.json`;
}

export async function inspectLog(name: string, model: string, samples: Raw[]): Promise<Uint8Array> {
  const entries = [
    ...samples.map((s) => ({ name: sampleEntry(s), text: () => JSON.stringify(s) })),
    { name: "summaries.json", text: () => JSON.stringify(samples.map(summary)) },
    { name: "header.json", text: () => JSON.stringify(header(name, model, samples), null, 2) },
  ];
  return writeArchive(entries);
}

function summary(s: Raw): Raw {
  const keys = ["id", "epoch", "input", "target", "metadata", "scores", "model_usage", "started_at", "completed_at"];
  const kept = Object.fromEntries(keys.map((k) => [k, s[k]]));
  return { ...kept, total_time: s.total_time, working_time: s.working_time, uuid: s.uuid, retries: 0, completed: true };
}

function header(name: string, model: string, samples: Raw[]): Raw {
  const started = samples.map((s) => String(s.started_at)).sort()[0];
  const completed = samples
    .map((s) => String(s.completed_at))
    .sort()
    .pop();
  const correct = samples.filter((s) => scoreValue(s) === "C").length;
  return {
    version: 2,
    status: "success",
    eval: {
      eval_id: tokenOf("", `${name}:eval`, 22),
      run_id: tokenOf("", `${name}:run`, 22),
      created: started,
      task: "switch_swe",
      task_id: tokenOf("", `${name}:task`, 22),
      task_version: 0,
      task_attribs: {},
      task_args: {},
      dataset: { name, samples: samples.length, sample_ids: samples.map((s) => s.id), shuffled: false },
      sandbox: { type: "docker" },
      model,
      model_generate_config: {},
      model_args: {},
      config: { epochs: 1, epochs_reducer: ["mean"], fail_on_error: true, log_samples: true },
      packages: { inspect_ai: "0.3.140" },
      scorers: [{ name: SCORER, options: {}, metrics: [{ name: "inspect_ai/accuracy", options: {} }], metadata: {} }],
    },
    plan: { name: "plan", steps: [{ solver: SOLVER, params: {} }], config: {} },
    results: {
      total_samples: samples.length,
      completed_samples: samples.length,
      scores: [
        {
          name: SCORER,
          scorer: SCORER,
          scored_samples: samples.length,
          unscored_samples: 0,
          params: {},
          metrics: { accuracy: { name: "accuracy", value: correct / samples.length, params: {} } },
        },
      ],
    },
    stats: { started_at: started, completed_at: completed, model_usage: usageSum(samples) },
  };
}

function scoreValue(sample: Raw): unknown {
  const scores = sample.scores as Record<string, Raw>;
  return scores[SCORER]?.value;
}

/** The log's usage per model: the samples' model_usage added up field by field. */
function usageSum(samples: Raw[]): Raw {
  const out: Record<string, Record<string, number>> = {};
  for (const s of samples) {
    for (const [model, u] of Object.entries(s.model_usage as Record<string, Record<string, number>>)) {
      const acc = (out[model] ??= {});
      for (const [k, v] of Object.entries(u)) acc[k] = Math.round(((acc[k] ?? 0) + v) * 1e6) / 1e6;
    }
  }
  return out;
}
