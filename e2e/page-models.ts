// A page's model as the build answered it (public/data/<release>/answers/, lib/queries/<feature>/page.ts): what
// the static route renders, read here for browser tests to compare the page against.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BuiltReleaseMeta } from "../lib/data/built";
import { answerFile, answerIn, answerKey, answerShard, answerSpace, type AnswerShard } from "../lib/db/answers";
import { pageMeta, type Page } from "../lib/queries/page";

export function builtModel<M>(release: string, page: Page<M, never>): M {
  const dir = join("public", "data", release);
  const built = JSON.parse(readFileSync(join(dir, "release.json"), "utf8")) as BuiltReleaseMeta;
  const query = page.model!;
  const space = answerSpace(query);
  const key = answerKey(query, pageMeta(built.meta));
  const file = join(dir, answerFile(space, answerShard(key, built.answers![space]!)));
  const [model] = answerIn(JSON.parse(readFileSync(file, "utf8")) as AnswerShard, key, query)!;
  return model as M;
}

/** The answer files of a page's model (a test that holds them back routes this glob). */
export const modelFiles = (release: string, page: Page<unknown, never>) =>
  `**/data/${release}/answers/${answerSpace(page.model!)}/*.json`;
