import { type Rng, seededRng } from '../rng';
import type { SlotModel, SlotSymbolDef } from './model';

/**
 * The slot engine: stops → window → wins, and a whole round (a base spin, then the free spins it
 * awarded). Money is bigint minor units throughout; a line pays `pays × lineBet` where
 * lineBet = stake / paylines, so stakes must be divisible by the number of paylines.
 */

export type LineWin = { line: number; symbol: string; count: number; win: bigint };

export type SpinResult = {
  kind: 'base' | 'free';
  stops: number[];
  /** window[reel][row]: the symbols shown. */
  window: string[][];
  lines: LineWin[];
  scatter: { count: number; win: bigint };
  freeSpinsAwarded: number;
  multiplier: number;
  /** Lines + scatter, multiplier applied. */
  win: bigint;
};

export type SlotRound = {
  modelVersion: string;
  stake: bigint;
  lineBet: bigint;
  /** The base spin first, then its free spins in order. */
  spins: SpinResult[];
  win: bigint;
};

/** What a stored round needs besides its server seed to be played again. */
export type RoundInputs = {
  modelVersion: string;
  /** The stake in minor units, as a decimal string (JSON has no bigint). */
  stake: string;
  clientSeed?: string;
  nonce?: number;
};

/** The model indexed for the hot path (symbol ids → indices), built once per model. */
export type CompiledModel = {
  model: SlotModel;
  wild: number;
  scatter: number;
  /** pays[symbol][n], 0 where the model has none. */
  pays: number[][];
  strips: number[][];
};

const compiled = new WeakMap<SlotModel, CompiledModel>();

export function compile(model: SlotModel): CompiledModel {
  const known = compiled.get(model);
  if (known) return known;
  const index = new Map(model.symbols.map((s, i) => [s.id, i]));
  const only = (kind: SlotSymbolDef['kind']) => {
    const found = model.symbols.flatMap((s, i) => (s.kind === kind ? [i] : []));
    if (found.length !== 1) throw new Error(`${model.version}: needs exactly one ${kind} symbol`);
    return found[0] as number;
  };
  const pays = model.symbols.map((s) => Array.from({ length: model.reels + 1 }, (_, n) => s.pays[n] ?? 0));
  const strips = model.strips.map((strip) =>
    strip.map((id) => {
      const i = index.get(id);
      if (i === undefined) throw new Error(`${model.version}: unknown symbol ${id} on a strip`);
      return i;
    }),
  );
  const c: CompiledModel = { model, wild: only('wild'), scatter: only('scatter'), pays, strips };
  compiled.set(model, c);
  return c;
}

/**
 * A line's pay in line bets, read left to right: the leading wilds pay as wilds, and the first
 * other symbol (if regular) pays with every wild before and after it as far as the run goes;
 * the better of the two counts. A scatter ends a line.
 */
export function linePay(c: CompiledModel, line: ArrayLike<number>): { symbol: number; count: number; pay: number } {
  let wildRun = 0;
  while (wildRun < line.length && line[wildRun] === c.wild) wildRun++;
  const wildPay = c.pays[c.wild]?.[wildRun] ?? 0;
  const target = line[wildRun];
  let count = 0;
  let pay = 0;
  if (target !== undefined && target !== c.scatter) {
    count = wildRun;
    while (count < line.length && (line[count] === target || line[count] === c.wild)) count++;
    pay = c.pays[target]?.[count] ?? 0;
  }
  if (wildPay > pay) return { symbol: c.wild, count: wildRun, pay: wildPay };
  return { symbol: target ?? c.wild, count, pay };
}

/** The stakes a model takes: a positive multiple of its payline count. */
export function lineBetOf(model: SlotModel, stake: bigint): bigint {
  const lines = BigInt(model.paylines.length);
  if (stake <= 0n || stake % lines !== 0n)
    throw new RangeError(`stake ${stake} is not a positive multiple of ${model.paylines.length} paylines`);
  return stake / lines;
}

/** One spin at the given stops: every line win, the scatter, the free spins it awards. */
export function spinOnce(
  model: SlotModel,
  stops: readonly number[],
  lineBet: bigint,
  multiplier: number,
  kind: 'base' | 'free' = 'base',
): SpinResult {
  const c = compile(model);
  if (stops.length !== model.reels) throw new RangeError(`${model.reels} stops expected`);
  const grid = c.strips.map((strip, r) => {
    const stop = stops[r] as number;
    if (!Number.isInteger(stop) || stop < 0 || stop >= strip.length) throw new RangeError(`stop ${stop} off reel ${r}`);
    return Array.from({ length: model.rows }, (_, row) => strip[(stop + row) % strip.length] as number);
  });
  const m = BigInt(multiplier);
  const lines: LineWin[] = [];
  const symbols = new Array<number>(model.reels);
  model.paylines.forEach((rows, line) => {
    for (let r = 0; r < model.reels; r++) symbols[r] = grid[r]?.[rows[r] as number] as number;
    const won = linePay(c, symbols);
    if (won.pay > 0) {
      const id = model.symbols[won.symbol]?.id as string;
      lines.push({ line, symbol: id, count: won.count, win: BigInt(won.pay) * lineBet * m });
    }
  });
  const scatters = grid.reduce((n, reel) => n + reel.filter((s) => s === c.scatter).length, 0);
  const stake = lineBet * BigInt(model.paylines.length);
  const scatterWin = BigInt(c.pays[c.scatter]?.[scatters] ?? 0) * stake * m;
  const awarded = kind === 'base' && scatters >= model.freeSpins.trigger ? model.freeSpins.count : 0;
  const win = lines.reduce((sum, l) => sum + l.win, scatterWin);
  return {
    kind,
    stops: [...stops],
    window: grid.map((reel) => reel.map((s) => model.symbols[s]?.id as string)),
    lines,
    scatter: { count: scatters, win: scatterWin },
    freeSpinsAwarded: awarded,
    multiplier,
    win,
  };
}

/**
 * A whole round: the base spin, then the free spins it awarded (free spins award none, so the
 * model's expectation stays exact). Stops are drawn reel by reel, spin by spin, from `rng`.
 */
export function playRound(model: SlotModel, rng: Rng, stake: bigint): SlotRound {
  const lineBet = lineBetOf(model, stake);
  const draw = () => model.strips.map((strip) => rng.below(strip.length));
  const base = spinOnce(model, draw(), lineBet, 1, 'base');
  const spins = [base];
  for (let i = 0; i < base.freeSpinsAwarded; i++)
    spins.push(spinOnce(model, draw(), lineBet, model.freeSpins.multiplier, 'free'));
  return {
    modelVersion: model.version,
    stake,
    lineBet,
    spins,
    win: spins.reduce((sum, s) => sum + s.win, 0n),
  };
}

/** The message a round's seeded stream is keyed with (with its server seed). */
export function roundMessage(inputs: RoundInputs): string {
  return `${inputs.modelVersion}:${inputs.clientSeed ?? ''}:${inputs.nonce ?? 0}`;
}

/** Plays a stored round again from its server seed and inputs: the same stops, wins and total. */
export function replayRound(model: SlotModel, serverSeed: string, inputs: RoundInputs): SlotRound {
  if (inputs.modelVersion !== model.version)
    throw new RangeError(`round played with ${inputs.modelVersion}, not ${model.version}`);
  if (!/^\d{1,18}$/.test(inputs.stake)) throw new RangeError(`stake ${inputs.stake} is not minor units`);
  return playRound(model, seededRng(serverSeed, roundMessage(inputs)), BigInt(inputs.stake));
}
