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

export type RoundStatistics = {
  /** E[round win] / stake: equals the exact RTP (a cross-check by a different route). */
  rtp: number;
  /** P(the base spin wins anything). */
  hitRate: number;
  /** P(the base spin awards free spins). */
  triggerRate: number;
  /** Standard deviation of one round's win, in stakes. */
  stdDev: number;
  /** The largest win a round can reach, in stakes (the best triggering spin + the best free spins). */
  maxWin: number;
};

/**
 * Round statistics by enumerating every combination of stops (∏ strip lengths base spins). A
 * round is X = B + T·F: the base spin B, the trigger T and, when it fires, F = the sum of
 * `count` independent free spins × multiplier. E[X²] = E[B²] + 2·E[B·T]·E[F] + P(T)·E[F²], and
 * E[F²] = m²·(n·E[W²] + n(n−1)·E[W]²). Sums are integers in line bets, exact in doubles (< 2^53).
 */
export function roundStatistics(model: SlotModel): RoundStatistics {
  const c = compile(model);
  const K = model.symbols.length;
  const reels = model.reels;
  if (reels !== 5) throw new Error('roundStatistics enumerates 5 reels');
  const lines = model.paylines.length;
  // PAY5[(((s0·K + s1)·K + s2)·K + s3)·K + s4]: a line's pay for every symbol combination.
  const pay5 = new Float64Array(K ** 5);
  const line = [0, 0, 0, 0, 0];
  for (let i = 0; i < pay5.length; i++) {
    let x = i;
    for (let r = 4; r >= 0; r--) {
      line[r] = x % K;
      x = Math.floor(x / K);
    }
    pay5[i] = linePay(c, line).pay;
  }
  // win[r][stop·rows + row]: the symbol; scat[r][stop]: 1 when the window shows the scatter.
  const grid = c.strips.map((strip) => {
    const g = new Int32Array(strip.length * model.rows);
    for (let s = 0; s < strip.length; s++)
      for (let row = 0; row < model.rows; row++) g[s * model.rows + row] = strip[(s + row) % strip.length] as number;
    return g;
  });
  const scat = grid.map((g, r) => {
    const len = c.strips[r]?.length as number;
    return Int32Array.from({ length: len }, (_, s) => {
      let n = 0;
      for (let row = 0; row < model.rows; row++) if (g[s * model.rows + row] === c.scatter) n++;
      return n;
    });
  });
  const scatterPay = Array.from({ length: reels + 1 }, (_, k) => (c.pays[c.scatter]?.[k] ?? 0) * lines);
  const rowsOf = (r: number) => Int32Array.from(model.paylines, (l) => l[r] as number);
  const rowOn = [0, 1, 2, 3, 4].map(rowsOf);
  const [g0, g1, g2, g3, g4] = grid as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
  const [r0, r1, r2, r3, r4] = rowOn as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
  const L = c.strips.map((s) => s.length);
  const rows = model.rows;
  const prefix = new Int32Array(lines);
  let n = 0;
  let sumW = 0;
  let sumW2 = 0;
  let hits = 0;
  let trig = 0;
  let sumBT = 0;
  let maxW = 0;
  let maxTrigW = 0;
  for (let a = 0; a < (L[0] as number); a++)
    for (let b = 0; b < (L[1] as number); b++)
      for (let d = 0; d < (L[2] as number); d++)
        for (let e = 0; e < (L[3] as number); e++) {
          for (let l = 0; l < lines; l++) {
            const s0 = g0[a * rows + (r0[l] as number)] as number;
            const s1 = g1[b * rows + (r1[l] as number)] as number;
            const s2 = g2[d * rows + (r2[l] as number)] as number;
            const s3 = g3[e * rows + (r3[l] as number)] as number;
            prefix[l] = (((s0 * K + s1) * K + s2) * K + s3) * K;
          }
          const sc4 =
            (scat[0]?.[a] as number) + (scat[1]?.[b] as number) + (scat[2]?.[d] as number) + (scat[3]?.[e] as number);
          for (let f = 0; f < (L[4] as number); f++) {
            let w = 0;
            for (let l = 0; l < lines; l++)
              w += pay5[(prefix[l] as number) + (g4[f * rows + (r4[l] as number)] as number)] as number;
            const k = sc4 + (scat[4]?.[f] as number);
            w += scatterPay[k] as number;
            n++;
            sumW += w;
            sumW2 += w * w;
            if (w > 0) hits++;
            if (w > maxW) maxW = w;
            if (k >= model.freeSpins.trigger) {
              trig++;
              sumBT += w;
              if (w > maxTrigW) maxTrigW = w;
            }
          }
        }
  const { count, multiplier } = model.freeSpins;
  const mu = sumW / n;
  const ew2 = sumW2 / n;
  const pT = trig / n;
  const eF = count * multiplier * mu;
  const eF2 = multiplier * multiplier * (count * ew2 + count * (count - 1) * mu * mu);
  const eX = mu + pT * eF;
  const eX2 = ew2 + 2 * (sumBT / n) * eF + pT * eF2;
  return {
    rtp: eX / lines,
    hitRate: hits / n,
    triggerRate: pT,
    stdDev: Math.sqrt(eX2 - eX * eX) / lines,
    maxWin: Math.max(maxW, maxTrigW + count * multiplier * maxW) / lines,
  };
}
