// Every page of the site, declared once (page.ts): the build writes each model's default state and each page's
// cheap interactions as answers (scripts/build/answers.ts), the static routes read them
// (lib/source/answers-node.ts), the idle warm-up runs each page's `warm` (lib/queries/<feature>/warm.ts, mounted by
// components/site/PageWarmUps.tsx), and scripts/build/answers.test.ts checks every model's answer against a live
// run. A new page is one entry here.
import type { Query } from "../db/query";
import { ablationPage } from "./ablation/page";
import { catalogPage, taskPages } from "./catalog/page";
import { comparePage } from "./compare/page";
import { costPage } from "./cost/page";
import { leaderboardPage, repositoriesPage } from "./leaderboard/page";
import type { Page } from "./page";
import { profilePage } from "./profile/page";
import { resumptionPage } from "./resumption/page";
import { auditPage, prevalencePage } from "./signatures/page";
import { taskFlowPage } from "./taskflow/page";
import { KEYED_QUERIES } from "./trajectory/run.sql";
import { runListPage } from "./trajectory/page";
import { uncertaintyPage } from "./uncertainty/page";
import { configTaskRepeatsQuery } from "./uncertainty/sql";

export const PAGES: readonly Page<unknown, never>[] = [
  leaderboardPage,
  repositoriesPage,
  comparePage,
  costPage,
  profilePage,
  catalogPage,
  taskPages,
  ablationPage,
  uncertaintyPage,
  runListPage,
  taskFlowPage,
  prevalencePage,
  resumptionPage,
  auditPage,
];

// Every key of these is answered: a run's and a session's context, and each configuration's task repeats (the
// leaderboard's expansion and the compare page read one configuration's file).
export const AHEAD_KEYED: readonly Query<never, unknown>[] = [...KEYED_QUERIES, configTaskRepeatsQuery];
