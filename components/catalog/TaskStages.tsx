// A focus task's stages, each with its provenance and text; stage texts are rendered as text.
import { Badge } from "@/components/ui/Badge";
import type { TaskPageModel } from "@/lib/queries/catalog/model";

export function TaskStages({ stages }: { stages: TaskPageModel["stages"] }) {
  return (
    <section aria-labelledby="stages-h" className="space-y-2">
      <h2 id="stages-h" className="text-base font-semibold">
        Stages ({stages.length}); requirements are cumulative
      </h2>
      <ol className="space-y-2">
        {stages.map((s) => (
          <li
            key={s.stage}
            data-stage={s.stage}
            className="rounded border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800"
          >
            <div className="mb-1 flex flex-wrap gap-2 text-xs text-zinc-600 dark:text-zinc-400">
              <strong className="text-zinc-900 dark:text-zinc-100">Stage {s.stage}</strong>
              <Badge data-provenance={s.provenance}>{s.provenance}</Badge>
              {s.source_ref ? <span>{s.source_ref}</span> : null}
              {s.intent ? <span>intent: {s.intent}</span> : null}
              <span>
                {s.f2p_count} F2P test{s.f2p_count === 1 ? "" : "s"} justified by this stage
              </span>
            </div>
            <p className="whitespace-pre-wrap">{s.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
