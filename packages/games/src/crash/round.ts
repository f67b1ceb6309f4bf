import { crashPointOf, linksTo } from '../fair/crash';

/**
 * The crash round's rules beyond the bust point (docs/decisions/0015): the published curve, the
 * per-bet cap and how a bet's inputs decide its win. Pure functions of integers, so a stored
 * round recomputes to the same outcome anywhere (server, page, auditor). Multipliers are
 * integer hundredths (100 = 1.00×), times are integer milliseconds since the round started.
 */

/** Growth rate of the curve per millisecond: m(t) = e^(GROWTH × t), 2× after 11.6 s, 10× after 38.4 s. */
export const CRASH_GROWTH_PER_MS = 0.00006;
/** The most a bet can win: 10,000× its stake. A bet reaching it is cashed out there automatically. */
export const CRASH_MAX_MULTIPLIER = 1_000_000;
/** The smallest auto cash-out target: 1.01×. */
export const CRASH_MIN_TARGET = 101;
/** The stakes offered, as multiples of the game's smallest bet. */
export const CRASH_STAKE_LEVELS: readonly number[] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];
/** Bets per player per round (the page's two bet panels). */
export const CRASH_SLOTS = 2;

/** The multiplier shown `elapsedMs` after the round started, in hundredths, rounded down. */
export function multiplierAt(elapsedMs: number): number {
  if (elapsedMs <= 0) return 100;
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs) + 1e-9);
}

/**
 * The first whole millisecond at which the curve reaches `hundredths`: the bust time of a
 * round busting there, and the moment an auto cash-out at that target happens. The float
 * estimate is corrected against multiplierAt so both functions agree exactly.
 */
export function elapsedFor(hundredths: number): number {
  if (hundredths <= 100) return 0;
  let t = Math.max(0, Math.ceil(Math.log(hundredths / 100) / CRASH_GROWTH_PER_MS) - 2);
  while (multiplierAt(t) < hundredths) t++;
  return t;
}

/** The offered stakes in minor units for a game whose smallest bet is `minBet`. */
export function crashStakes(minBet: bigint): bigint[] {
  return CRASH_STAKE_LEVELS.map((l) => minBet * BigInt(l));
}

/** A bet's auto cash-out point: its target, or the cap when it has none (or one above the cap). */
export function effectiveTarget(target: number | null): number {
  return target === null ? CRASH_MAX_MULTIPLIER : Math.min(target, CRASH_MAX_MULTIPLIER);
}

/** What a player chose and when the server received their cash-out (elapsed ms), if they sent one. */
export type CrashBetInputs = { stake: bigint; target: number | null; cashOutElapsedMs: number | null };
export type CrashBetOutcome = { kind: 'manual' | 'auto' | 'lost'; multiplier: number; win: bigint };

/** The win of a stake cashed out at `multiplier` hundredths, rounded down to the minor unit. */
export function winOf(stake: bigint, multiplier: number): bigint {
  return (stake * BigInt(multiplier)) / 100n;
}

/**
 * The manual cash-out a request received `elapsedMs` into a round busting at `bust` gets, or
 * null when it is too late (at or after the bust time). A target already passed wins over the
 * request: the bet was cashed out there (the server's tick may not have settled it yet).
 */
export function manualCashOut(bust: number, target: number | null, elapsedMs: number): number | null {
  if (elapsedMs < 0 || elapsedMs >= elapsedFor(bust)) return null;
  return Math.min(multiplierAt(elapsedMs), effectiveTarget(target));
}

/** The outcome of one bet of a round busting at `bust` (hundredths). */
export function betOutcome(bust: number, bet: CrashBetInputs): CrashBetOutcome {
  if (bet.cashOutElapsedMs !== null) {
    const m = manualCashOut(bust, bet.target, bet.cashOutElapsedMs);
    if (m !== null) {
      const kind = m === effectiveTarget(bet.target) && m < multiplierAt(bet.cashOutElapsedMs) ? 'auto' : 'manual';
      return { kind, multiplier: m, win: winOf(bet.stake, m) };
    }
  }
  const target = effectiveTarget(bet.target);
  if (target <= bust) return { kind: 'auto', multiplier: target, win: winOf(bet.stake, target) };
  return { kind: 'lost', multiplier: 0, win: 0n };
}

/** A stored round: its revealed hash, where it sits in its chain, and its bets' inputs. */
export type CrashRoundRecord = {
  hash: string;
  chainIndex: number;
  terminatingHash: string;
  bets: CrashBetInputs[];
};

/** A replayed round: whether the hash belongs to the chain, its bust point, every bet's outcome. */
export type CrashReplay = { linked: boolean | null; bust: number; outcomes: CrashBetOutcome[] };

/**
 * Recomputes a round from its record (audits, disputes, the tests). Checking the link costs
 * `chainIndex` hashes; bulk replays of a whole chain check it once per chain instead (null).
 */
export function replayCrashRound(r: CrashRoundRecord, opts: { checkLink?: boolean } = {}): CrashReplay {
  const bust = crashPointOf(r.hash);
  return {
    linked: opts.checkLink === false ? null : linksTo(r.hash, r.terminatingHash, r.chainIndex),
    bust,
    outcomes: r.bets.map((b) => betOutcome(bust, b)),
  };
}

/** "2.35" → 235; null when it is not a target the game takes (1.01 … 10000.00, two decimals). */
export function parseTarget(text: string): number | null {
  const m = /^(\d{1,5})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const v = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return v >= CRASH_MIN_TARGET && v <= CRASH_MAX_MULTIPLIER ? v : null;
}

/** 235 → "2.35". */
export function formatMultiplier(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
