import { type BrandInfo, type CrashInfo, fromMinor } from '@khela/contract';
import {
  CRASH_EDGE_BASIS_POINTS,
  CRASH_GROWTH_PER_MS,
  CRASH_MAX_MULTIPLIER,
  CRASH_MIN_TARGET,
  crashStakes,
} from '@khela/games';

/** The crash page's first facts (PlayOpenValue.crash). */
export function crashInfo(brand: Pick<BrandInfo, 'currencyDecimals'>, game: { minBet: bigint }): CrashInfo {
  return {
    stakes: crashStakes(game.minBet).map((s) => fromMinor(s, brand.currencyDecimals)),
    rtp: ((10_000 - CRASH_EDGE_BASIS_POINTS) / 100).toFixed(2),
    growthPerMs: CRASH_GROWTH_PER_MS,
    maxMultiplier: CRASH_MAX_MULTIPLIER,
    minTarget: CRASH_MIN_TARGET,
  };
}
