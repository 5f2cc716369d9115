"use client";
// The audit sample (docs/trajectory-explorer.md, "Review"): k runs with a trajectory from every configuration ×
// condition, drawn with the seed in the URL (?seed=abc&k=2), so the same link draws the same runs. Each run opens
// in review mode with its seed and stratum, and says whether this browser has reviewed it.
import Link from "next/link";
import { useReleaseSource } from "@/components/site/ReleaseSource";
import { useAsync } from "@/components/site/useAsync";
import { useUrlState } from "@/components/site/useUrlState";
import { Badge } from "@/components/ui/Badge";
import { HeaderRow, Table } from "@/components/ui/Table";
import { DEFAULT_AUDIT_K } from "@/lib/metrics/audit-sample";
import { computeAuditSample, type AuditStratum } from "@/lib/queries/review/audit";
import type { RunListIndex } from "@/lib/queries/trajectory/run-list";
import { reviewRunHref } from "@/lib/site/nav";
import { MAX_AUDIT_K, newSeed, parseReviewUrl, serializeReviewUrl, type ReviewPageUrl } from "@/lib/queries/review/url";

export type AuditIndex = Pick<RunListIndex, "configs" | "conditions">;

function SampleTable({
  releaseId,
  seed,
  strata,
  reviewed,
}: {
  releaseId: string;
  seed: string;
  strata: AuditStratum[];
  reviewed: ReadonlySet<string>;
}) {
  return (
    <div className="overflow-x-auto">
      <Table
        className="w-full text-sm"
        caption={`Audit sample drawn with seed ${seed}: runs per configuration and condition`}
      >
        <thead>
          <HeaderRow
            look="ruled"
            className="text-left text-xs text-zinc-500"
            cellClassName="font-normal"
            columns={[
              "Configuration",
              "Condition",
              { label: "Runs with a trajectory", numeric: true, className: "pr-4" },
              "Sampled runs",
            ]}
          />
        </thead>
        <tbody>
          {strata.map((s) => (
            <tr
              key={s.stratum}
              data-stratum={s.stratum}
              className="border-b border-zinc-100 align-top dark:border-zinc-900"
            >
              <td className="py-1">{s.display_name}</td>
              <td>{s.condition}</td>
              <td className="pr-4 text-right tabular-nums">{s.available}</td>
              <td>
                {s.runs.length === 0 ? <span className="text-xs text-zinc-500">no run with a trajectory</span> : null}
                <ul>
                  {s.runs.map((run) => (
                    <li
                      key={run}
                      data-audit-run={run}
                      data-reviewed={reviewed.has(run) ? "true" : "false"}
                      className="flex flex-wrap items-center gap-2"
                    >
                      <Link
                        className="break-all underline"
                        href={reviewRunHref(releaseId, run, { seed, stratum: s.stratum })}
                        prefetch={false}
                      >
                        {run}
                      </Link>
                      {reviewed.has(run) ? (
                        <Badge tone="good">reviewed</Badge>
                      ) : (
                        <Badge tone="neutral">not reviewed</Badge>
                      )}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

export function AuditSample({
  releaseId,
  index,
  reviewed,
}: {
  releaseId: string;
  index: AuditIndex;
  reviewed: ReadonlySet<string>;
}) {
  const [url, update, ready] = useUrlState<ReviewPageUrl>(
    { seed: null, k: DEFAULT_AUDIT_K },
    { parse: parseReviewUrl, serialize: serializeReviewUrl },
  );
  // The run list's source: the published release, whose answers the build wrote.
  const { published: source, releaseId: sourceRelease } = useReleaseSource();
  const sample = useAsync<AuditStratum[], [string, string, number]>(
    url.seed === null ? null : [sourceRelease, url.seed, url.k],
    ([, seed, k]) => computeAuditSample(source, index, seed, k),
  );
  return (
    <section
      className="space-y-2"
      data-testid="audit-sample"
      data-ready={ready && sample.value ? "true" : undefined}
      data-seed={url.seed ?? undefined}
      aria-labelledby="audit-heading"
    >
      <h2 id="audit-heading" className="text-lg font-semibold">
        Audit sample
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        A random sample of runs with a trajectory, {url.k} from every configuration and condition, to check the
        detectors on runs nobody chose. The seed is in the address: the same link draws the same runs. Review each
        run&apos;s tags, and say which signatures it does not have.
      </p>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <button
          type="button"
          className="btn px-1.5 py-0.5"
          data-testid="new-seed"
          onClick={() => update({ seed: newSeed() })}
        >
          {url.seed === null ? "Draw a sample" : "New seed"}
        </button>
        {url.seed !== null ? (
          <span>
            seed <code data-testid="audit-seed">{url.seed}</code>
          </span>
        ) : null}
        <label className="inline-flex items-center gap-1">
          Runs per stratum
          <input
            type="number"
            min={1}
            max={MAX_AUDIT_K}
            value={url.k}
            className="w-14 rounded border border-zinc-300 px-1 dark:border-zinc-700 dark:bg-zinc-900"
            data-testid="audit-k"
            onChange={(e) => {
              const k = Number(e.target.value);
              if (Number.isInteger(k) && k >= 1 && k <= MAX_AUDIT_K) update({ k });
            }}
          />
        </label>
      </div>
      {sample.loading ? <p className="text-sm text-zinc-500">Reading the runs…</p> : null}
      {sample.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          The runs could not be read: {sample.error}
        </p>
      ) : null}
      {url.seed !== null && sample.value ? (
        <SampleTable releaseId={releaseId} seed={url.seed} strata={sample.value} reviewed={reviewed} />
      ) : null}
    </section>
  );
}
