// Repeat metrics for one configuration and condition, from each task's n runs of which c succeeded.
// - pass@k (Chen et al. 2021, the unbiased estimator): the chance that at least one of k runs drawn without
//   replacement from the task's n succeeds, 1 − C(n − c, k)/C(n, k), averaged over tasks.
// - pass^k (τ-bench): the chance that all k such runs succeed, C(c, k)/C(n, k), averaged over tasks.
// - Flip rate: the share of tasks whose repeats disagree (0 < c < n).
// - Outcome consistency (HAL): mean over tasks of (2p̂ − 1)², p̂ = c/n: 1 when every task's repeats agree, 0
//   when every task splits evenly. As HAL reports it, without a small-n correction (a fair coin repeated twice
//   scores 1/2 on average).
// Choices: binomial ratios are products of ratios, C(m, k)/C(n, k) = Π_{i<k} (m − i)/(n − i), never factorials
// (exact in rational terms, no overflow; a zero factor ends the product when m < k). pass@k and pass^k need
// k ≤ n on every task (a RangeError otherwise: pick k ≤ the fewest repeats). Flip rate and consistency count
// the tasks with at least two runs only (one run can neither disagree nor agree); NaN when there are none, as
// for every metric on an empty list.

export interface TaskRepeats {
  /** Runs of the task (≥ 1). */
  n: number;
  /** Successful runs, 0 ≤ c ≤ n. */
  c: number;
}

function check(fn: string, tasks: readonly TaskRepeats[]): void {
  tasks.forEach(({ n, c }, i) => {
    if (!Number.isSafeInteger(n) || !Number.isSafeInteger(c) || n < 1 || c < 0 || c > n) {
      throw new RangeError(`${fn}: task ${i} needs integers n ≥ 1 and 0 ≤ c ≤ n (n=${n}, c=${c})`);
    }
  });
}

function checkK(fn: string, tasks: readonly TaskRepeats[], k: number): void {
  if (!Number.isSafeInteger(k) || k < 1) throw new RangeError(`${fn}: k must be a positive integer (got ${k})`);
  check(fn, tasks);
  const short = tasks.findIndex(({ n }) => n < k);
  if (short >= 0) throw new RangeError(`${fn}: task ${short} has ${tasks[short]!.n} runs, fewer than k = ${k}`);
}

/**
 * C(m, k)/C(n, k) for 0 ≤ m ≤ n and k ≤ n, as Π_{i<k} (m − i)/(n − i): the chance that k of n runs drawn without
 * replacement all fall among m given ones. 0 when m < k.
 */
export function binomialRatio(m: number, n: number, k: number): number {
  let ratio = 1;
  for (let i = 0; i < k; i++) {
    if (m - i <= 0) return 0;
    ratio *= (m - i) / (n - i);
  }
  return ratio;
}

const mean = (values: number[]) =>
  values.length === 0 ? Number.NaN : values.reduce((s, v) => s + v, 0) / values.length;

/**
 * pass@k: mean over tasks of 1 − C(n − c, k)/C(n, k). NaN for no tasks.
 * @throws RangeError unless k is a positive integer, every task has integer 0 ≤ c ≤ n, n ≥ 1, and n ≥ k.
 */
export function passAtK(tasks: readonly TaskRepeats[], k: number): number {
  checkK("passAtK", tasks, k);
  return mean(tasks.map(({ n, c }) => 1 - binomialRatio(n - c, n, k)));
}

/**
 * pass^k: mean over tasks of C(c, k)/C(n, k). NaN for no tasks.
 * @throws RangeError as passAtK.
 */
export function passHatK(tasks: readonly TaskRepeats[], k: number): number {
  checkK("passHatK", tasks, k);
  return mean(tasks.map(({ n, c }) => binomialRatio(c, n, k)));
}

/**
 * Share of the tasks with n ≥ 2 whose repeats disagree (0 < c < n). NaN when no task has two runs.
 * @throws RangeError unless every task has integer 0 ≤ c ≤ n, n ≥ 1.
 */
export function flipRate(tasks: readonly TaskRepeats[]): number {
  check("flipRate", tasks);
  return mean(tasks.filter(({ n }) => n >= 2).map(({ n, c }) => (c > 0 && c < n ? 1 : 0)));
}

/**
 * HAL's outcome consistency: mean over the tasks with n ≥ 2 of (2c/n − 1)². NaN when no task has two runs.
 * @throws RangeError as flipRate.
 */
export function outcomeConsistency(tasks: readonly TaskRepeats[]): number {
  check("outcomeConsistency", tasks);
  return mean(tasks.filter(({ n }) => n >= 2).map(({ n, c }) => ((2 * c - n) / n) ** 2));
}

export interface RepeatMetrics {
  /** Tasks summarised, and how many have at least two runs. */
  tasks: number;
  repeatedTasks: number;
  k: number;
  passAtK: number;
  passHatK: number;
  flipRate: number;
  consistency: number;
}

/**
 * All four repeat metrics for one configuration and condition at one k.
 * @throws RangeError as passAtK.
 */
export function repeatMetrics(tasks: readonly TaskRepeats[], k: number): RepeatMetrics {
  return {
    tasks: tasks.length,
    repeatedTasks: tasks.filter(({ n }) => n >= 2).length,
    k,
    passAtK: passAtK(tasks, k),
    passHatK: passHatK(tasks, k),
    flipRate: flipRate(tasks),
    consistency: outcomeConsistency(tasks),
  };
}
