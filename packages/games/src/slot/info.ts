import type { SlotModel } from './model';
import { exactRtp, fraction, toDecimal } from './rtp';

/**
 * The model as the game page sees it (the contract's SlotInfo): everything public, so a player
 * can check the paytable and the strips. The stakes are left to the server, which knows the
 * currency and the game's smallest stake.
 */
export type PublicSlotModel = {
  modelVersion: string;
  reels: number;
  rows: number;
  symbols: { id: string; kind: 'regular' | 'wild' | 'scatter'; pays: number[] }[];
  paylines: number[][];
  strips: string[][];
  freeSpins: { trigger: number; count: number; multiplier: number };
  /** Percent with two decimals, e.g. "96.00". */
  rtp: string;
};

const rendered = new WeakMap<SlotModel, PublicSlotModel>();

export function publicSlotModel(model: SlotModel): PublicSlotModel {
  const known = rendered.get(model);
  if (known) return known;
  const { rtp } = exactRtp(model);
  const info: PublicSlotModel = {
    modelVersion: model.version,
    reels: model.reels,
    rows: model.rows,
    symbols: model.symbols.map((s) => ({ id: s.id, kind: s.kind, pays: [...s.pays] })),
    paylines: model.paylines.map((l) => [...l]),
    strips: model.strips.map((s) => [...s]),
    freeSpins: { ...model.freeSpins },
    rtp: toDecimal(fraction(rtp.num * 100n, rtp.den), 2),
  };
  rendered.set(model, info);
  return info;
}

/** The stakes a model offers in minor units: each bet level × the smallest stake. */
export function offeredStakes(model: SlotModel, smallestStake: bigint): bigint[] {
  return model.betLevels.map((level) => BigInt(level) * smallestStake);
}

/**
 * The smallest stake the model can take for a game whose catalogue minimum is `minBet`: rounded
 * up to a whole line bet on every payline (a stake must split evenly over the lines).
 */
export function smallestStake(model: SlotModel, minBet: bigint): bigint {
  const lines = BigInt(model.paylines.length);
  const atLeast = minBet > 0n ? minBet : 1n;
  return ((atLeast + lines - 1n) / lines) * lines;
}
