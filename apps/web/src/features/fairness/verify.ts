import { latinDigits } from '@khela/contract/digits';
import { toMinor } from '@khela/contract/money';
import { crashPointOf, linksTo, previousHash } from '@khela/games/fair/crash';
import { type DiceSide, diceMultiplier, diceRoll, diceTargetOffered, diceWins } from '@khela/games/fair/dice';
import { serverSeedHash } from '@khela/games/fair/seed-hash';
import { lineBetOf, replayRound, type SlotRound } from '@khela/games/slot/engine';
import type { SlotModel } from '@khela/games/slot/model';
import { SLOT_MODEL_1 } from '@khela/games/slot/model-1';

/**
 * The fairness page's verifiers: the same functions the server plays with,
 * run in the player's browser, so checking a round needs no trust in Khela's servers. Each
 * takes the form's text fields and answers either a result or the first problem, as a key of
 * `fairness.errors` and the field it belongs to.
 */

export type FieldError<F extends string> = { ok: false; field: F; error: string };
type Verified<R, F extends string> = ({ ok: true } & R) | FieldError<F>;

const HASH = /^[0-9a-f]{64}$/;
const SEED = /^(?:[0-9a-f]{2}){1,128}$/;
/** Linking a hash to the terminating hash costs one SHA-256 per round: ~1 s per million in a phone. */
export const MAX_CHAIN_DISTANCE = 1_000_000;
const WHOLE = /^\d{1,16}$/;

/** Hashes, seeds and numbers, typed on any keyboard (৫০.০০, ๕๐ read as 50.00, 50). */
const clean = (text: string | undefined) =>
  latinDigits(text ?? '')
    .trim()
    .toLowerCase();
const fail = <F extends string>(field: F, error: string): FieldError<F> => ({ ok: false, field, error });

export type CrashFields = { hash: string; previousHash?: string; terminatingHash?: string; round?: string };
export type CrashResult = {
  /** The bust point in hundredths (235 = 2.35×). */
  bust: number;
  /** SHA-256(this round's hash) = the previous round's hash; undefined when none was given. */
  linksPrevious?: boolean;
  /** Hashing it `round` times gives the terminating hash; undefined when not asked. */
  linksTerminating?: boolean;
};

export function verifyCrash(fields: CrashFields): Verified<CrashResult, keyof CrashFields> {
  const hash = clean(fields.hash);
  if (!HASH.test(hash)) return fail('hash', hash ? 'hash' : 'required');
  const previous = clean(fields.previousHash);
  if (previous && !HASH.test(previous)) return fail('previousHash', 'hash');
  const terminating = clean(fields.terminatingHash);
  const roundText = clean(fields.round);
  if (terminating && !HASH.test(terminating)) return fail('terminatingHash', 'hash');
  // The terminating hash and the round number only mean something together.
  if (terminating && !roundText) return fail('round', 'required');
  if (roundText && !terminating) return fail('terminatingHash', 'required');
  let distance: number | undefined;
  if (roundText) {
    distance = WHOLE.test(roundText) ? Number(roundText) : Number.NaN;
    if (!(distance >= 1)) return fail('round', 'round');
    if (distance > MAX_CHAIN_DISTANCE) return fail('round', 'roundTooFar');
  }
  return {
    ok: true,
    bust: crashPointOf(hash),
    ...(previous ? { linksPrevious: previousHash(hash) === previous } : {}),
    ...(distance !== undefined ? { linksTerminating: linksTo(hash, terminating, distance) } : {}),
  };
}

export type DiceFields = {
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  serverSeedHash?: string;
  target?: string;
  side?: string;
};
export type DiceResult = {
  /** 0 … 9999 (0.00 … 99.99). */
  roll: number;
  hashMatches?: boolean;
  /** For a target and side: whether the bet won and its multiplier in ten-thousandths. */
  bet?: { target: number; side: DiceSide; won: boolean; multiplier: number };
};

/** "49.5" → 4950: a target of 0.00 … 99.99 with at most two decimals. */
function parseTarget(text: string): number | null {
  const m = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function verifyDice(fields: DiceFields): Verified<DiceResult, keyof DiceFields> {
  const seed = clean(fields.serverSeed);
  if (!SEED.test(seed)) return fail('serverSeed', seed ? 'seed' : 'required');
  // The client seed is the player's exact text: spaces and capitals count, so it is not cleaned.
  const clientSeed = fields.clientSeed ?? '';
  if (clientSeed === '') return fail('clientSeed', 'required');
  if (clientSeed.length > 256) return fail('clientSeed', 'clientSeed');
  const nonceText = clean(fields.nonce);
  if (!nonceText) return fail('nonce', 'required');
  if (!WHOLE.test(nonceText) || !Number.isSafeInteger(Number(nonceText))) return fail('nonce', 'nonce');
  const shown = clean(fields.serverSeedHash);
  if (shown && !HASH.test(shown)) return fail('serverSeedHash', 'hash');
  const targetText = clean(fields.target);
  let bet: DiceResult['bet'];
  const roll = diceRoll(seed, clientSeed, Number(nonceText));
  if (targetText) {
    const target = parseTarget(targetText);
    const side = fields.side === 'over' ? 'over' : 'under';
    if (target === null || !diceTargetOffered(target, side)) return fail('target', 'target');
    bet = { target, side, won: diceWins(roll, target, side), multiplier: diceMultiplier(target, side) };
  }
  return {
    ok: true,
    roll,
    ...(shown ? { hashMatches: serverSeedHash(seed) === shown } : {}),
    ...(bet ? { bet } : {}),
  };
}

/** Every slot model a stored round can name; a new model version is added here as it ships. */
export const SLOT_MODELS: Record<string, SlotModel> = { [SLOT_MODEL_1.version]: SLOT_MODEL_1 };

export type SlotFields = { serverSeed: string; serverSeedHash?: string; model: string; stake: string };
export type SlotResult = { round: SlotRound; hashMatches?: boolean };

/** `decimals`: the brand currency's, since the stake is typed as the game showed it ("20.00"). */
export function verifySlot(fields: SlotFields, decimals: number): Verified<SlotResult, keyof SlotFields> {
  const seed = clean(fields.serverSeed);
  if (!SEED.test(seed)) return fail('serverSeed', seed ? 'seed' : 'required');
  const shown = clean(fields.serverSeedHash);
  if (shown && !HASH.test(shown)) return fail('serverSeedHash', 'hash');
  const model = SLOT_MODELS[fields.model.trim()];
  if (!model) return fail('model', 'model');
  const stakeText = clean(fields.stake);
  if (!stakeText) return fail('stake', 'required');
  const stake = toMinor(stakeText, decimals);
  if (stake === null || stake <= 0n) return fail('stake', 'stake');
  try {
    lineBetOf(model, stake);
  } catch {
    return fail('stake', 'stakeLines');
  }
  return {
    ok: true,
    round: replayRound(model, seed, { modelVersion: model.version, stake: stake.toString() }),
    ...(shown ? { hashMatches: serverSeedHash(seed) === shown } : {}),
  };
}
