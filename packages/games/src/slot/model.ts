/**
 * A slot machine's math model, as data: everything that decides outcomes and pays lives here,
 * versioned, so a stored round names the model it was played with and can be replayed exactly
 * (a new paytable or strip is a new version, never an edit of a live one).
 */

export type SymbolKind = 'regular' | 'wild' | 'scatter';

export type SlotSymbolDef = {
  id: string;
  kind: SymbolKind;
  /**
   * `pays[n]`: the win for n of a kind, left to right on a line in line bets; for the scatter,
   * n anywhere in the window in total bets (the stake). Missing or 0 pays nothing.
   */
  pays: readonly number[];
};

export type SlotModel = {
  /** Stored with every round ('slot-1' …). */
  version: string;
  reels: number;
  rows: number;
  symbols: readonly SlotSymbolDef[];
  /** Each payline: the row (0 = top) on each reel, left to right. */
  paylines: readonly (readonly number[])[];
  /** The reel strips, top to bottom, read circularly: a stop shows strip[stop … stop + rows − 1]. */
  strips: readonly (readonly string[])[];
  /** `trigger` or more scatters in a base spin award `count` free spins with every win × `multiplier`. */
  freeSpins: { trigger: number; count: number; multiplier: number };
  /** The stakes offered, as multiples of the game's smallest stake, smallest first. */
  betLevels: readonly number[];
};
