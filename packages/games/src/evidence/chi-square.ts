/**
 * Pearson's chi-square goodness-of-fit test, the check gaming test labs run on scaled RNG output
 * and outcome distributions (docs/decisions/0017). Self-contained so the evidence script, the unit
 * tests and a reviewer's notebook all compute the same figures.
 */

/** The significance level of every test here: a distribution passes at the 99 % level when p ≥ 0.01. */
export const SIGNIFICANCE = 0.01;

export type ChiSquare = {
  statistic: number;
  /** Degrees of freedom: bins − 1 (no parameter is estimated from the data). */
  df: number;
  /** P(χ²_df ≥ statistic): the chance of a fit this bad or worse from a fair source. */
  pValue: number;
  pass: boolean;
};

/** Σ (observed − expected)² / expected over bins; `expected` are counts, not shares. */
export function chiSquareStatistic(observed: ArrayLike<number>, expected: ArrayLike<number>): number {
  if (observed.length !== expected.length || observed.length < 2) throw new RangeError('chi-square: bins differ');
  let sum = 0;
  for (let i = 0; i < observed.length; i++) {
    const e = expected[i] as number;
    if (!(e > 0)) throw new RangeError('chi-square: every expected count must be positive');
    sum += ((observed[i] as number) - e) ** 2 / e;
  }
  return sum;
}

/** The test against given bin probabilities (they must sum to 1). */
export function chiSquareTest(observed: ArrayLike<number>, probabilities: ArrayLike<number>): ChiSquare {
  let total = 0;
  for (let i = 0; i < observed.length; i++) total += observed[i] as number;
  const expected = Array.from(probabilities, (p) => p * total);
  const statistic = chiSquareStatistic(observed, expected);
  const df = observed.length - 1;
  const pValue = chiSquareUpperTail(statistic, df);
  return { statistic, df, pValue, pass: pValue >= SIGNIFICANCE };
}

/** The test against equal bins (a uniform source). */
export function chiSquareUniform(observed: ArrayLike<number>): ChiSquare {
  return chiSquareTest(observed, new Array<number>(observed.length).fill(1 / observed.length));
}

/** P(χ²_df ≥ x) = Q(df/2, x/2), the regularized upper incomplete gamma function. */
export function chiSquareUpperTail(x: number, df: number): number {
  if (!(df > 0)) throw new RangeError('chi-square: df must be positive');
  if (x <= 0) return 1;
  return upperGamma(df / 2, x / 2);
}

// ln Γ(z) by Lanczos (g = 7, n = 9): about 15 significant digits for z > 0.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

function logGamma(z: number): number {
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const w = z - 1;
  let a = LANCZOS[0] as number;
  const t = w + 7.5;
  for (let i = 1; i < 9; i++) a += (LANCZOS[i] as number) / (w + i);
  return 0.5 * Math.log(2 * Math.PI) + (w + 0.5) * Math.log(t) - t + Math.log(a);
}

/**
 * Q(a, x) as in Numerical Recipes §6.2: the series for P when x < a + 1 (then Q = 1 − P), the
 * continued fraction (modified Lentz) otherwise — each converges fast on its side.
 */
function upperGamma(a: number, x: number): number {
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10_000 && Math.abs(term) > Math.abs(sum) * 1e-16; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return Math.max(0, 1 - sum * front);
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.min(1, front * h);
}
