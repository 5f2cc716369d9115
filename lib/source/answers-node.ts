// What the static routes read at build time (`next build`), server only: the release index, a release's
// release.json, and its pages' models, computed by running each page's own code on a source that answers from
// the answer files `npm run data` wrote (public/data/<id>/answers/). A query without an answer there stops the
// build with an error naming the page, the query and its parameters: a route never renders an empty page.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { BuiltReleaseMeta, ReleaseIndexEntry } from "../data/built";
import { answerFile, answerIn, answerKey, answerShard, answerSpace, type AnswerShard } from "../db/answers";
import { shapeRows, valueOf, type ParamsOf, type Query, type QuerySource } from "../db/query";
import { pageMeta, type Page, type PageMeta } from "../queries/page";
import { STEPS_MANIFEST, type StepsManifest } from "../queries/search/shards";

const DATA = join(process.cwd(), "public", "data");

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

export function releaseIndex(): ReleaseIndexEntry[] {
  return readJson<{ releases: ReleaseIndexEntry[] }>(join(DATA, "releases.json")).releases;
}

export function defaultReleaseId(): string {
  const first = releaseIndex()[0];
  if (!first) throw new Error("public/data/releases.json lists no release: run `npm run data` first");
  return first.release_id;
}

export function builtRelease(id: string): BuiltReleaseMeta {
  return readJson<BuiltReleaseMeta>(join(DATA, id, "release.json"));
}

/** The steps index's manifest (lib/queries/search/shards.ts), or null when the build wrote none. */
export function stepsManifest(id: string): StepsManifest | null {
  const path = join(DATA, id, STEPS_MANIFEST);
  return existsSync(path) ? readJson<StepsManifest>(path) : null;
}

/** Shards by path, read once per build process (every task page of a release reads the same answer). */
const shards = new Map<string, AnswerShard>();

/** A source over one built release's answer files (`dir`: public/data/<id>, or a test's output) for `page`. */
export function answersNodeSource(dir: string, page: string): QuerySource {
  const index = readJson<BuiltReleaseMeta>(join(dir, "release.json")).answers ?? {};
  return {
    async run<P, R>(query: Query<P, R>, ...params: ParamsOf<P>): Promise<R[]> {
      const q = query as unknown as Query<never, unknown>;
      const space = answerSpace(q);
      const key = answerKey(q, params[0]);
      const path = index[space] ? join(dir, answerFile(space, answerShard(key, index[space]))) : null;
      if (path && !shards.has(path) && existsSync(path)) shards.set(path, readJson<AnswerShard>(path));
      const rows = path && shards.has(path) ? answerIn(shards.get(path)!, key, q) : null;
      if (!rows)
        throw new Error(
          `page "${page}": ${dir} has no answer for "${query.name}" with parameters ${key} (run \`npm run data\`)`,
        );
      return shapeRows(query, rows);
    },
  };
}

/** A page's model in the release built in `dir`, as the build answered it. */
export async function pageModelIn<M>(dir: string, page: Page<M, never>): Promise<M> {
  if (!page.model) throw new Error(`page "${page.name}" declares no model`);
  const meta = readJson<BuiltReleaseMeta>(join(dir, "release.json")).meta;
  return valueOf(answersNodeSource(dir, page.name), page.model, pageMeta(meta));
}

/** A page's model in a published release (public/data/<id>/): what its static route renders. */
export function pageModel<M>(releaseId: string, page: Page<M, never>): Promise<M> {
  return pageModelIn(join(DATA, releaseId), page);
}

/**
 * A derived query's value in a published release, asked with the release's page parameters and `extra` (one
 * task's page: lib/queries/catalog/page.ts `taskPageQuery`), as the build answered it for `page`'s ahead.
 */
export function pageAnswer<X extends object, R>(
  releaseId: string,
  page: Page<unknown, never>,
  query: Query<PageMeta & X, R>,
  extra: X,
): Promise<R> {
  const dir = join(DATA, releaseId);
  const meta = readJson<BuiltReleaseMeta>(join(dir, "release.json")).meta;
  const params = { ...pageMeta(meta), ...extra } as PageMeta & X;
  return valueOf(answersNodeSource(dir, page.name), query, ...([params] as ParamsOf<PageMeta & X>));
}
