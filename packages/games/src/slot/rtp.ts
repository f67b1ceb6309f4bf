import { type CompiledModel, compile, linePay } from './engine';
import type { SlotModel } from './model';

/**
 * The model's return to player, exactly, as a fraction of BigInts. A stop is uniform on each
 * reel and reels are independent, so the symbol on any one row of reel i is distributed as
 * strip i's symbol frequencies. A line's pay depends on one row per reel, so its expectation is
 * a sum over symbol combinations weighted by those frequencies — the same for every line. In
 * stake units a spin returns E[line pay] (20 lines × line bet = stake) + E[scatter pay].
 * A reel shows at most one scatter (model check), so reel i shows one with probability
 * rows · scatters_i / length_i. Free spins are fresh spins (no retrigger), so they add
 * P(trigger) · count · multiplier · E[spin].
 */

export type Fraction = { num: bigint; den: bigint };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x;
}

export function fraction(num: bigint, den: bigint): Fraction {
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
}

const add = (a: Fraction, b: Fraction) => fraction(a.num * b.den + b.num * a.den, a.den * b.den);
const mul = (a: Fraction, b: Fraction) => fraction(a.num * b.num, a.den * b.den);

/** A fraction as a decimal string with `digits` decimals, rounded half up. */
export function toDecimal(f: Fraction, digits: number): string {
  const scale = 10n ** BigInt(digits);
  const scaled = (f.num * scale * 2n + f.den) / (2n * f.den);
  const s = scaled.toString().padStart(digits + 1, '0');
  return digits ? `${s.slice(0, -digits)}.${s.slice(-digits)}` : s;
}

/** How many of each symbol (by index) every strip holds. */
function frequencies(c: CompiledModel): number[][] {
  return c.strips.map((strip) => {
    const counts = new Array<number>(c.model.symbols.length).fill(0);
    for (const s of strip) counts[s] = (counts[s] ?? 0) + 1;
    return counts;
  });
}

/** E[one line's pay] in line bets. */
export function lineExpectation(model: SlotModel): Fraction {
  const c = compile(model);
  const freq = frequencies(c);
  const symbols = model.symbols.length;
  const line = new Array<number>(model.reels).fill(0);
  let total = 0n;
  // Odometer over every symbol combination; weight = product of the symbols' counts.
  const visit = (reel: number, weight: bigint) => {
    if (reel === model.reels) {
      const { pay } = linePay(c, line);
      if (pay) total += BigInt(pay) * weight;
      return;
    }
    for (let s = 0; s < symbols; s++) {
      const n = freq[reel]?.[s] ?? 0;
      if (!n) continue;
      line[reel] = s;
      visit(reel + 1, weight * BigInt(n));
    }
  };
  visit(0, 1n);
  return fraction(total, denominator(model));
}

function denominator(model: SlotModel): bigint {
  return model.strips.reduce((d, s) => d * BigInt(s.length), 1n);
}

/** P(k scatters in the window) for k = 0 … reels. */
export function scatterCounts(model: SlotModel): Fraction[] {
  const c = compile(model);
  assertScattersApart(model);
  let dist: Fraction[] = [fraction(1n, 1n)];
  for (const strip of c.strips) {
    const p = fraction(BigInt(model.rows * strip.filter((s) => s === c.scatter).length), BigInt(strip.length));
    const q = fraction(p.den - p.num, p.den);
    const next: Fraction[] = Array.from({ length: dist.length + 1 }, () => fraction(0n, 1n));
    dist.forEach((d, k) => {
      next[k] = add(next[k] as Fraction, mul(d, q));
      next[k + 1] = add(next[k + 1] as Fraction, mul(d, p));
    });
    dist = next;
  }
  return dist;
}

/** Strips must never show two scatters on one reel (the exact scatter maths relies on it). */
export function assertScattersApart(model: SlotModel): void {
  const c = compile(model);
  c.strips.forEach((strip, r) => {
    strip.forEach((s, i) => {
      if (s !== c.scatter) return;
      for (let d = 1; d < model.rows; d++)
        if (strip[(i + d) % strip.length] === c.scatter)
          throw new Error(`${model.version}: reel ${r} can show two scatters at stop ${i}`);
    });
  });
}

export type RtpBreakdown = {
  /** E[line pays] per spin, in stakes. */
  lines: Fraction;
  /** E[scatter pay] per spin, in stakes. */
  scatter: Fraction;
  /** E[one spin's win] in stakes (no multiplier). */
  spin: Fraction;
  /** P(a base spin awards free spins). */
  trigger: Fraction;
  /** E[the free spins' total] per base spin, in stakes. */
  freeSpins: Fraction;
  /** The return to player: spin + free spins. */
  rtp: Fraction;
};

export function exactRtp(model: SlotModel): RtpBreakdown {
  const c = compile(model);
  const lines = lineExpectation(model);
  const dist = scatterCounts(model);
  let scatter = fraction(0n, 1n);
  let trigger = fraction(0n, 1n);
  dist.forEach((p, k) => {
    scatter = add(scatter, mul(p, fraction(BigInt(c.pays[c.scatter]?.[k] ?? 0), 1n)));
    if (k >= model.freeSpins.trigger) trigger = add(trigger, p);
  });
  const spin = add(lines, scatter);
  const perTrigger = fraction(BigInt(model.freeSpins.count * model.freeSpins.multiplier), 1n);
  const freeSpins = mul(mul(trigger, perTrigger), spin);
  return { lines, scatter, spin, trigger, freeSpins, rtp: add(spin, freeSpins) };
}
