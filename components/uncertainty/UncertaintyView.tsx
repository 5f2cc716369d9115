"use client";
// The uncertainty page's views: the forest plot of the gaps, the rank-interval plot of one leaderboard column,
// far − near, the plain against the clustered intervals, and the repeat metrics. One filter box narrows them
// all; above FOREST_LIMIT configurations only the first ones (the leaderboard's order, or the rank order in the
// rank plot) are drawn, with a note. Every number comes from the build (the uncertainty and leaderboard page models).
import { useId, useState } from "react";
import { conditionLabel } from "@/lib/site/labels";
import { rankRows, repeatRows, shownConfigs, type UncertaintyViewModel } from "@/lib/site/uncertainty-view";
import { ForestPlot } from "./ForestPlot";
import { RankIntervalPlot } from "./RankIntervalPlot";
import { DesignEffectTable, FarNearTable, RepeatsTable } from "./UncertaintyTables";
import { optionsOf, SelectField } from "@/components/ui/controls";

type Shown = ReturnType<typeof shownConfigs<{ id: string; name: string }>>;

/** The rank plot's column at first: overall resolution under the first non-baseline condition. */
function defaultColumn(model: UncertaintyViewModel): string {
  const want = `overall.${model.others[0] ?? model.baseline}`;
  return model.rankColumns.some((c) => c.id === want) ? want : (model.rankColumns[0]?.id ?? "");
}

function CutNote({ shown, matching, total, what }: { shown: number; matching: number; total: number; what: string }) {
  if (shown >= matching) return null;
  return (
    <p className="text-xs text-amber-800 dark:text-amber-300" data-testid="cut-note">
      {`Showing the first ${shown} of ${matching.toLocaleString("en-US")} ${matching === total ? "" : "matching "}configurations (${what}); type part of a name in the filter to draw others.`}
    </p>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Controls(props: {
  model: UncertaintyViewModel;
  shown: Shown;
  filter: string;
  setFilter: (f: string) => void;
  condition: string;
  setCondition: (c: string) => void;
}) {
  const { model, shown, filter, setFilter, condition, setCondition } = props;
  const filterId = useId();
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm print:hidden">
      <label htmlFor={filterId}>Filter configurations</label>
      <input
        id={filterId}
        type="search"
        className="btn w-64"
        value={filter}
        placeholder="name or id"
        onChange={(e) => setFilter(e.target.value)}
        data-testid="uncertainty-filter"
      />
      <span className="text-xs text-zinc-500" aria-live="polite">
        {`${shown.matching.toLocaleString("en-US")} of ${shown.total.toLocaleString("en-US")} configurations`}
      </span>
      {model.others.length > 1 ? (
        <SelectField
          label="Condition"
          className="btn"
          value={condition}
          options={optionsOf(model.others, conditionLabel)}
          onValue={setCondition}
        />
      ) : null}
    </div>
  );
}

function RankSection({ releaseId, model, filter }: { releaseId: string; model: UncertaintyViewModel; filter: string }) {
  const [columnId, setColumnId] = useState(() => defaultColumn(model));
  const column = model.rankColumns.find((c) => c.id === columnId);
  const ranks = rankRows(column, shownConfigs(model.configs, filter, Number.POSITIVE_INFINITY).shown);
  return (
    <Section id="ranks-h" title="Rank intervals">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Where each configuration could rank if the benchmark drew other focus tasks from the same repositories, and
        which configurations an exact test cannot tell from the best (tie group T1) or from each other.
      </p>
      <SelectField
        label="Column"
        labelClassName="flex items-center gap-1 text-sm print:hidden"
        className="btn"
        value={columnId}
        options={model.rankColumns.map((c) => ({ value: c.id, label: c.label }))}
        onValue={setColumnId}
        data-testid="rank-column"
      />
      <CutNote shown={ranks.rows.length} matching={ranks.ranked} total={model.configs.length} what="by rank" />
      {column && ranks.rows.length ? (
        <RankIntervalPlot releaseId={releaseId} column={column} rows={ranks.rows} />
      ) : (
        <p className="text-sm text-zinc-500">No configuration is ranked in this column.</p>
      )}
    </Section>
  );
}

export function UncertaintyView({ releaseId, model }: { releaseId: string; model: UncertaintyViewModel }) {
  const [filter, setFilter] = useState("");
  const [condition, setCondition] = useState(model.others[0] ?? "");
  const shown = shownConfigs(model.configs, filter);
  const cut = (
    <CutNote shown={shown.shown.length} matching={shown.matching} total={shown.total} what="the leaderboard's order" />
  );
  const tableProps = { releaseId, model, configs: shown.shown, condition };
  const gap = `${conditionLabel(model.baseline)} − ${conditionLabel(condition)}`;
  return (
    <div className="space-y-8" data-testid="uncertainty-view">
      <Controls {...{ model, shown, filter, setFilter, condition, setCondition }} />
      <Section id="forest-h" title="The gap and its intervals">
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="forest-note">
          {`Each dot is a configuration's gap (${gap}); the thick bar its paired 95% interval, from ${model.reps.toLocaleString("en-US")} resamples of focus tasks ${model.leaderboardReps === null ? "(the leaderboard's own)" : `(the leaderboard draws ${model.leaderboardReps.toLocaleString("en-US")}: with this many configurations the page draws fewer, so an end may differ slightly from the leaderboard’s)`}. The thinner bar under it resamples whole repositories: it is wider than the thick bar where tasks of one repository succeed or fail together (design effect above 1) and narrower where they differ more than tasks drawn at random (below 1); with a handful of repositories its width is itself uncertain. The design effect of each gap is in “Plain and clustered intervals” below. A bar crossing the line at 0 is a gap the release cannot tell from none.`}
        </p>
        {cut}
        {shown.shown.length ? (
          <ForestPlot {...tableProps} />
        ) : (
          <p className="text-sm text-zinc-500">No configuration matches the filter.</p>
        )}
      </Section>
      <RankSection releaseId={releaseId} model={model} filter={filter} />
      <Section id="far-near-h" title="Is the far gap larger than the near gap?">
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="far-near-note">
          Three readings of one question. <em>Far − near</em> weighs every focus task the same, so it also moves when
          far tasks sit in harder repositories; <em>within repositories</em> compares near and far tasks of one
          repository and averages the repositories, each the same; the first row pools every configuration (per task,
          the mean gap over configurations). Each row and reading is one more interval: at 95%, about one in twenty
          excludes 0 by chance.
        </p>
        {cut}
        <FarNearTable {...tableProps} />
      </Section>
      <Section id="deff-h" title="Plain and clustered intervals">
        {cut}
        <DesignEffectTable {...tableProps} />
      </Section>
      <Section id="repeats-h" title="Repeats">
        {cut}
        <RepeatsTable releaseId={releaseId} rows={repeatRows(model, shown.shown)} />
      </Section>
    </div>
  );
}
