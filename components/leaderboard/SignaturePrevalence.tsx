"use client";
// Trace signatures on the leaderboard: the build's detectors over every readable trajectory (prevalence with
// Wilson intervals, the paired condition − baseline difference with McNemar, resolution of tagged vs untagged
// runs), then, in their own labelled part, the release's own annotations by who tagged them. Numbers come
// from the prevalence model (lib/queries/signatures/prevalence-model.ts at build time): in the static HTML.
// Rows carry data-prevalence-config / data-annotation-config (not data-config, which the leaderboard table's
// tests and code select on the same page).
// A release of many configurations (1,100 at 100× the sample, docs/scale.md) shows its first PANEL_CONFIGS
// until asked for all: every configuration at once was 75,000 elements, which made each later layout of the
// page (a subset's, a scroll's) pay for them. The export buttons export what is shown, as everywhere.
import Link from "next/link";
import { useState } from "react";
import { AnnotationRates } from "@/components/signatures/AnnotationRates";
import { OutcomeTable } from "@/components/signatures/OutcomeTable";
import { configsOf, PrevalenceTable } from "@/components/signatures/PrevalenceTable";
import type { PrevalenceModel } from "@/lib/queries/signatures/prevalence-model";
import type { SignatureLookedAt } from "@/lib/queries/signatures/audit-model";
import { SIGNATURE_LABELS } from "@/lib/queries/signatures/tables";
import { versionLabel } from "@/lib/queries/signatures/accuracy-view";
import { DetectorAccuracyLines } from "./DetectorAccuracyLines";
import { releaseHref } from "@/lib/site/nav";
import { firstItems, PANEL_CONFIGS } from "@/lib/site/row-window";

export function DetectorProvenance({ model }: { model: PrevalenceModel }) {
  const readable = model.cells
    .filter((c) => c.grp === "overall" && c.signature === "requirement_state_loss")
    .reduce((s, c) => s + c.readable_runs, 0);
  const all = model.cells
    .filter((c) => c.grp === "overall" && c.signature === "requirement_state_loss")
    .reduce((s, c) => s + c.runs, 0);
  const detectors = [...new Map(model.detectors.map((d) => [`${d.detector}@${d.detector_version}`, d])).values()];
  return (
    <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="detector-provenance">
      Tagged by the build&apos;s detectors{" "}
      {detectors.length
        ? detectors.map((d, i) => (
            <span key={`${d.detector}@${d.detector_version}`}>
              {i ? ", " : ""}
              <code>{d.detector}</code> {versionLabel(d.detector_version)} (
              {SIGNATURE_LABELS[d.signature] ?? d.signature})
            </span>
          ))
        : "(no tag found)"}{" "}
      over <span data-testid="readable-runs">{readable}</span> of {all} runs whose trajectory was readable. Share = runs
      with at least one strong tag / readable runs, Wilson 95% in brackets; weak-only runs counted beside it; the
      difference is paired over focus tasks with a readable run under both conditions (bootstrap 95%, exact McNemar).
    </p>
  );
}

export function SignaturePrevalence({
  releaseId,
  model,
  agreement,
  releaseVersion,
}: {
  releaseId: string;
  model: PrevalenceModel;
  /** The detectors against the release's human labels, per signature (none: no line). */
  agreement: readonly SignatureLookedAt[];
  releaseVersion: string;
}) {
  const others = model.conditions.filter((c) => c !== model.baseline);
  const [all, setAll] = useState(false);
  const every = configsOf(model);
  const { shown: configs, hidden } = firstItems(every, all);
  const configIds = hidden > 0 ? configs.map((c) => c.id) : undefined;
  return (
    <section className="space-y-3" data-testid="signature-prevalence" aria-labelledby="signature-prevalence-h">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h2 id="signature-prevalence-h" className="text-base font-semibold">
          Trace signatures per configuration
        </h2>
        <Link className="text-sm underline" href={releaseHref(releaseId, "signatures")} prefetch={false}>
          Every cell with its runs
        </Link>
      </div>
      <DetectorProvenance model={model} />
      <DetectorAccuracyLines releaseId={releaseId} rows={model.accuracy} agreement={agreement} />
      {every.length > PANEL_CONFIGS ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="prevalence-shown">
          {all
            ? `All ${every.length.toLocaleString("en-US")} configurations.`
            : `The first ${configs.length} of ${every.length.toLocaleString("en-US")} configurations, in release order.`}{" "}
          <button type="button" className="underline" onClick={() => setAll((a) => !a)}>
            {all ? `Show the first ${PANEL_CONFIGS}` : `Show all ${every.length.toLocaleString("en-US")}`}
          </button>
        </p>
      ) : null}
      <PrevalenceTable
        releaseId={releaseId}
        model={model}
        configs={configs}
        exportView="leaderboard-signatures"
        caption="Detector prevalence of each trace signature per configuration, condition and group"
      />
      {others.map((c) => (
        <OutcomeTable
          key={c}
          releaseId={releaseId}
          model={model}
          condition={c}
          configs={configs}
          exportView="leaderboard-signature-outcomes"
          exportSubset={c}
        />
      ))}
      <h3 className="pt-2 text-sm font-semibold">The release&apos;s own annotations</h3>
      <AnnotationRates
        releaseId={releaseId}
        model={model}
        releaseVersion={releaseVersion}
        configIds={configIds}
        exportView="leaderboard-annotations"
      />
    </section>
  );
}
