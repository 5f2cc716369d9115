// The release's own trace-signature annotations (annotations.jsonl), kept apart from the detectors' tags and
// split by who tagged (human, judge, or a detector the release itself ran), with the authors' names and the
// release version: counted as published, never replaced by the build's detectors.
import type { PrevalenceModel } from "@/lib/queries/signatures/prevalence-model";
import { SIGNATURE_LABELS, SIGNATURES } from "@/lib/queries/signatures/tables";
import { conditionLabel } from "@/lib/site/labels";
import { TableExport } from "@/components/site/TableExport";
import { RowHeader, Table, Th } from "@/components/ui/Table";

const KIND_LABELS: Record<string, string> = {
  human: "Human annotations",
  judge: "Judge annotations",
  detector: "Detector annotations published with the release",
};

export function AnnotationRates({
  releaseId,
  model,
  releaseVersion,
  configIds,
  exportView,
  exportSubset,
}: {
  releaseId: string;
  model: PrevalenceModel;
  releaseVersion: string;
  configIds?: string[];
  exportView: string;
  exportSubset?: string | null;
}) {
  if (model.annotationRates.length === 0) {
    return (
      <p className="text-xs text-zinc-500" data-testid="no-annotations">
        This release publishes no trace-signature annotations.
      </p>
    );
  }
  return (
    <div className="space-y-3" data-testid="annotation-rates">
      {model.annotationRates.map(({ author_kind, rows }) => {
        const authors = [
          ...new Set(
            model.annotationAuthors.filter((a) => a.author_kind === author_kind).map((a) => a.author_name ?? "unnamed"),
          ),
        ];
        const shown = rows.filter((r) => !configIds || configIds.includes(r.config_id));
        const configs = [...new Map(shown.map((r) => [r.config_id, r.display_name])).entries()];
        const byKey = new Map(shown.map((r) => [`${r.config_id}\u0000${r.condition}\u0000${r.signature}`, r]));
        const caption = `${KIND_LABELS[author_kind] ?? `${author_kind} annotations`} (${authors.join(", ")}; release ${releaseVersion})`;
        return (
          <div key={author_kind} data-export-scope data-author-kind={author_kind} className="space-y-1">
            <TableExport
              releaseId={releaseId}
              view={exportView}
              subset={[exportSubset, author_kind].filter(Boolean).join("-")}
              what={caption}
            />
            <div className="overflow-x-auto">
              <Table
                className="border-collapse text-xs tabular-nums"
                caption={caption}
                captionClassName="mb-1 text-left text-sm font-medium"
              >
                <thead>
                  <tr>
                    <Th className="px-2 text-left font-normal">Configuration</Th>
                    {model.conditions.flatMap((c) =>
                      SIGNATURES.map((s) => (
                        <Th key={`${c}-${s}`} className="px-2 text-right font-normal">
                          {conditionLabel(c)} · {SIGNATURE_LABELS[s]}
                        </Th>
                      )),
                    )}
                  </tr>
                </thead>
                <tbody>
                  {configs.map(([id, name]) => (
                    <tr key={id} data-annotation-config={id} className="border-t border-zinc-100 dark:border-zinc-900">
                      <RowHeader className="px-2 text-left font-normal">{name}</RowHeader>
                      {model.conditions.flatMap((c) =>
                        SIGNATURES.map((s) => {
                          const r = byKey.get(`${id}\u0000${c}\u0000${s}`);
                          return (
                            <td
                              key={`${c}-${s}`}
                              className="px-2 text-right"
                              data-col={`${c}.${s}`}
                              data-k={r?.tagged_runs}
                              data-n={r?.runs}
                            >
                              {r ? `${r.tagged_runs}/${r.runs}` : "—"}
                            </td>
                          );
                        }),
                      )}
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          </div>
        );
      })}
      <p className="text-xs text-zinc-500">
        Runs tagged by the release&apos;s annotators / all runs of the cell. Annotators looked at a few runs only, so
        these counts are not prevalences; the detector shares above are.
      </p>
    </div>
  );
}
