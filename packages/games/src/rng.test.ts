import { describe, expect, it } from 'vitest';
import { cryptoRng, hmacSha256, newServerSeed, type Rng, rngFromWords, seededRng } from './rng';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const filled = (length: number, byte: number) => new Uint8Array(length).fill(byte);

/** Pearson's chi-square statistic of observed counts against equal expected counts. */
function chiSquare(counts: number[], total: number): number {
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

// Upper 1 % points of the chi-square distribution (scipy.stats.chi2.ppf(0.99, df)).
const CHI2_99 = { 2: 9.21034, 36: 58.61921, 48: 73.68264 } as const;

describe('hmacSha256', () => {
  // RFC 4231 §4.2, §4.3, §4.7, §4.8 (the cases whose data is text).
  it.each([
    [filled(20, 0x0b), 'Hi There', 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7'],
    [
      new TextEncoder().encode('Jefe'),
      'what do ya want for nothing?',
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    ],
    [
      filled(131, 0xaa),
      'Test Using Larger Than Block-Size Key - Hash Key First',
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    ],
    [
      filled(131, 0xaa),
      'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
      '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
    ],
  ])('matches the RFC 4231 test vector %#', (key, data, expected) => {
    expect(hex(hmacSha256(key, data))).toBe(expected);
  });
});

describe('seededRng', () => {
  const seed = '0b'.repeat(20);

  it('reads HMAC(seed, "message:counter") blocks as big-endian words, counter 0, 1, 2 …', () => {
    const words = (counter: number) => {
      const b = hmacSha256(filled(20, 0x0b), `round:${counter}`);
      const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
      return Array.from({ length: 8 }, (_, i) => view.getUint32(4 * i, false));
    };
    const expected = [...words(0), ...words(1)];
    // below(2^32) accepts every word, so it shows the raw stream.
    const rng = seededRng(seed, 'round');
    expect(Array.from({ length: 16 }, () => rng.below(2 ** 32))).toEqual(expected);
  });

  it('is deterministic per seed and message, and differs between them', () => {
    const draw = (s: string, m: string) => {
      const rng = seededRng(s, m);
      return Array.from({ length: 20 }, () => rng.below(1000));
    };
    expect(draw(seed, 'a')).toEqual(draw(seed, 'a'));
    expect(draw(seed.toUpperCase(), 'a')).toEqual(draw(seed, 'a'));
    expect(draw(seed, 'a')).not.toEqual(draw(seed, 'b'));
    expect(draw('0c'.repeat(20), 'a')).not.toEqual(draw(seed, 'a'));
  });

  it('refuses a seed that is not hex', () => {
    expect(() => seededRng('xyz', 'm')).toThrow(RangeError);
    expect(() => seededRng('abc', 'm')).toThrow(RangeError);
  });

  it.each([37, 49])('passes chi-square at the 99 percent level over 10^6 draws below %i', (n) => {
    // A fixed seed keeps the test repeatable: a fresh one would fail 1 % of runs by design.
    const rng = seededRng('5e'.repeat(32), `chi-square:${n}`);
    const counts = new Uint32Array(n);
    const draws = 1_000_000;
    for (let i = 0; i < draws; i++) {
      const k = rng.below(n);
      counts[k] = (counts[k] ?? 0) + 1;
    }
    expect(chiSquare([...counts], draws)).toBeLessThan(CHI2_99[(n - 1) as 36 | 48]);
  });
});

describe('rejection sampling', () => {
  it('returns every value in range and refuses a bad bound', () => {
    const rng = cryptoRng();
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(rng.below(7));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const bad of [0, -1, 1.5, 2 ** 32 + 1, Number.NaN]) expect(() => rng.below(bad)).toThrow(RangeError);
    expect(rng.below(1)).toBe(0);
  });

  it('removes the bias a bare modulo shows on a range of 3·2^30', () => {
    const n = 3 * 2 ** 30;
    // Raw words from a fixed-seed stream (below(2^32) accepts every word), so the test repeats.
    const stream = seededRng('a7'.repeat(32), 'modulo-bias');
    const word = () => stream.below(2 ** 32);
    // Bucket results by thirds of the range: modulo maps [2^31, 2^32) onto the first third again
    // (expected statistic ≈ 0.125 · draws = 3,750; the 99 % point is 9.2).
    const thirds = (draw: () => number) => {
      const counts = new Uint32Array(3);
      for (let i = 0; i < 30_000; i++) {
        const k = Math.floor(draw() / 2 ** 30);
        counts[k] = (counts[k] ?? 0) + 1;
      }
      return [...counts];
    };
    const modulo = thirds(() => word() % n);
    const rejection: Rng = rngFromWords(word);
    const fair = thirds(() => rejection.below(n));
    expect(chiSquare(modulo, 30_000)).toBeGreaterThan(100 * CHI2_99[2]);
    expect(chiSquare(fair, 30_000)).toBeLessThan(CHI2_99[2]);
  });
});

describe('newServerSeed', () => {
  it('is 32 fresh bytes as hex', () => {
    const a = newServerSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newServerSeed()).not.toBe(a);
  });
});
