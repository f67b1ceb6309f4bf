import { describe, expect, it } from 'vitest';
import { chiSquareStatistic, chiSquareTest, chiSquareUniform, chiSquareUpperTail } from './chi-square';

describe('chi-square p-values', () => {
  // Upper 1 % and 5 % points from published tables (scipy.stats.chi2.ppf): p must come back.
  it.each([
    [9.21034, 2, 0.01],
    [3.841459, 1, 0.05],
    [58.61921, 36, 0.01],
    [73.68264, 48, 0.01],
    [134.6416, 99, 0.01],
    [20.09024, 8, 0.01],
  ])('P(χ² ≥ %f | df %i) = %f', (x, df, p) => {
    expect(chiSquareUpperTail(x, df)).toBeCloseTo(p, 6);
  });

  it('equals exp(−x/2) for two degrees of freedom, on both sides of the series/fraction switch', () => {
    for (const x of [0.1, 1, 2.9, 3.1, 10, 40]) expect(chiSquareUpperTail(x, 2)).toBeCloseTo(Math.exp(-x / 2), 12);
    expect(chiSquareUpperTail(0, 5)).toBe(1);
  });

  it('passes an even count and fails a lopsided one', () => {
    expect(chiSquareUniform([1000, 1010, 990, 1000]).pass).toBe(true);
    const skewed = chiSquareUniform([1100, 1000, 950, 950]);
    expect(skewed.pass).toBe(false);
    expect(skewed.statistic).toBeCloseTo(15, 9);
    expect(skewed.df).toBe(3);
    expect(chiSquareTest([25, 75], [0.25, 0.75]).statistic).toBe(0);
    expect(() => chiSquareStatistic([1], [1])).toThrow(RangeError);
    expect(() => chiSquareStatistic([1, 2], [1, 0])).toThrow(RangeError);
  });
});
