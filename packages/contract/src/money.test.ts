import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinor, MAX_MINOR, toMinor } from './money';

describe('money', () => {
  it('reads decimals into minor units', () => {
    expect(toMinor('1250.5', 2)).toBe(125050n);
    expect(toMinor('0.01', 2)).toBe(1n);
    expect(toMinor('-3', 2)).toBe(-300n);
    expect(toMinor('7', 0)).toBe(7n);
  });

  it('refuses what is not a plain amount or is finer than the currency', () => {
    for (const bad of ['', '1e3', '1.234', '12,50', 'NaN', '0x10', '1.', '.5', ' - 1'])
      expect(toMinor(bad, 2)).toBeNull();
    expect(toMinor('1.5', 0)).toBeNull();
  });

  it('writes minor units with the currency precision', () => {
    expect(fromMinor(125050n, 2)).toBe('1250.50');
    expect(fromMinor(5n, 2)).toBe('0.05');
    expect(fromMinor(-5n, 2)).toBe('-0.05');
    expect(fromMinor(42n, 0)).toBe('42');
  });

  it('refuses more than 15 whole digits', () => {
    expect(toMinor('999999999999999', 0)).toBe(999_999_999_999_999n);
    expect(toMinor('1000000000000000', 0)).toBeNull();
  });

  it('refuses an amount the ledger cannot hold (beyond a bigint in minor units)', () => {
    expect(toMinor('922337203685477.5807', 4)).toBe(MAX_MINOR);
    expect(toMinor('922337203685477.5808', 4)).toBeNull();
    expect(toMinor('999999999999999.9999', 4)).toBeNull();
    expect(toMinor('-999999999999999.9999', 4)).toBeNull();
    expect(toMinor('999999999999999.99', 2)).toBe(99_999_999_999_999_999n);
  });

  // every amount toMinor accepts: at most 15 whole digits
  it('round-trips every amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n - 1n), max: 10n ** 15n - 1n }),
        fc.integer({ min: 0, max: 4 }),
        (minor, d) => {
          expect(toMinor(fromMinor(minor, d), d)).toBe(minor);
        },
      ),
    );
  });
});
