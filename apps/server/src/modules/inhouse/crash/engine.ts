import { createHash } from 'node:crypto';
import type { CrashBetView, CrashMessage, CrashRoundView } from '@khela/contract';
import { fromMinor } from '@khela/contract';
import { betOutcome, crashPointOf, effectiveTarget, elapsedFor, multiplierAt, newServerSeed } from '@khela/games';
import type { Database } from '../../../platform/db';
import { creditWin, FINAL_REFUSALS, type Outcome, refundStake, type Wallet, walletOf } from './money';
import {
  betsOf,
  type CrashBet,
  type CrashRound,
  cashBet,
  closeBet,
  currentChain,
  dueBets,
  insertChain,
  insertRound,
  latestRound,
  markBetSettled,
  markRefunded,
  markSettled,
  nextTarget,
  setRoundStatus,
  unsettledRounds,
} from './repo';

/**
 * The crash round engine (decision 0015): the only clock of the game. Per brand, rounds go
 * betting window → running (the curve rises from the window's end) → bust at the round's
 * `crashPointOf(h_i)` → a pause → the next round. `advance` does whatever is due at `now()`
 * and is idempotent, so the loop may call it as often as it likes and tests drive it with
 * their own clock. Only the leader process advances rounds (loop.ts); bets and cash-outs are
 * taken by every process (play.ts) and judged by the times stored on the round row.
 */

export type CrashTiming = {
  /** How long bets are taken. */
  bettingMs: number;
  /** From the bust to the next round's betting window. */
  pauseMs: number;
  /**
   * After the bust, open bets stay open this long before they are settled as lost: a cash-out
   * the server received before the bust but had not finished handling still counts.
   */
  graceMs: number;
  /** How often the loop advances (auto cash-outs land within one tick of their target). */
  tickMs: number;
  /** Hashes per chain; a new chain is drawn when one is used up. */
  chainLength: number;
};

export const DEFAULT_TIMING: CrashTiming = {
  bettingMs: 7_000,
  pauseMs: 3_000,
  graceMs: 1_000,
  tickMs: 50,
  chainLength: 10_000,
};

export type CrashEnv = {
  db: Database;
  now: () => number;
  timing: CrashTiming;
  publish: (brandId: number, message: CrashMessage) => void;
  onError?: (err: unknown) => void;
};

/** A round as the pages see it: its hash and bust point only after the bust. */
export function roundView(r: CrashRound): CrashRoundView {
  const revealed = r.status === 'busted' || r.status === 'void';
  return {
    roundNo: r.roundNo,
    chainIndex: r.chainIndex,
    terminatingHash: r.terminatingHash,
    phase: r.status,
    bettingEndsAt: r.bettingEndsMs,
    startedAt: r.runningMs,
    bust: revealed ? r.bust : null,
    hash: revealed ? r.hash : null,
    bustAt: r.status === 'busted' ? r.bustMs : null,
  };
}

export function betView(b: CrashBet, roundNo: number, decimals: number): CrashBetView {
  return {
    roundNo,
    name: b.name,
    slot: b.slot,
    stake: fromMinor(b.stake, decimals),
    target: b.target,
    status: b.status,
    multiplier: b.multiplier,
    win: b.win === null ? null : fromMinor(b.win, decimals),
  };
}

/** h_{i-1} = SHA-256(h_i) with node's crypto (the same link as fair/crash.ts `previousHash`, faster). */
function chainOf(seed: string, length: number): string[] {
  const chain = new Array<string>(length + 1);
  chain[length] = seed;
  for (let i = length; i > 0; i--)
    chain[i - 1] = createHash('sha256')
      .update(Buffer.from(chain[i] as string, 'hex'))
      .digest('hex');
  return chain;
}

/**
 * Chains already expanded in this process: a chain is expanded once, not per round. Keyed by the
 * chain's terminating hash, which names it whatever database it is in (two databases opened by
 * one process — the tests' — each have a chain 1).
 */
const chains = new Map<string, string[]>();

async function nextHash(env: CrashEnv, brandId: number) {
  let c = await currentChain(env.db, brandId);
  if (!c || c.used >= c.length) {
    const seed = newServerSeed();
    const hashes = chainOf(seed, env.timing.chainLength);
    const id = await insertChain(env.db, {
      brandId,
      seed,
      terminatingHash: hashes[0] as string,
      length: env.timing.chainLength,
    });
    chains.set(hashes[0] as string, hashes);
    c = { id, seed, terminatingHash: hashes[0] as string, length: env.timing.chainLength, used: 0 };
  }
  let hashes = chains.get(c.terminatingHash);
  if (!hashes) {
    hashes = chainOf(c.seed, c.length);
    chains.set(c.terminatingHash, hashes);
  }
  const index = c.used + 1;
  return { chainId: c.id, index, hash: hashes[index] as string };
}

async function startRound(env: CrashEnv, brandId: number, previous: CrashRound | null, now: number) {
  const next = await nextHash(env, brandId);
  const bust = crashPointOf(next.hash);
  const bettingEndsMs = now + env.timing.bettingMs;
  const id = await insertRound(env.db, {
    brandId,
    roundNo: (previous?.roundNo ?? 0) + 1,
    chainId: next.chainId,
    chainIndex: next.index,
    hash: next.hash,
    bust,
    bettingEndsMs,
    runningMs: bettingEndsMs,
    bustMs: bettingEndsMs + elapsedFor(bust),
  });
  if (id !== null) await publishRound(env, brandId, 'round');
}

async function publishRound(env: CrashEnv, brandId: number, type: 'round' | 'bust') {
  const r = await latestRound(env.db, brandId);
  if (r) env.publish(brandId, { type, round: roundView(r), serverNow: env.now() });
}

/**
 * Does whatever is due for a brand's crash game at `env.now()`, and says when it next has
 * anything to do (`env.now()` time): the end of the betting, of the grace or of the pause after
 * a bust; while the round runs, the first moment the curve reaches an open bet's auto cash-out,
 * or the bust. Null right after a step, when the round must be read again at once. Bets are
 * placed only while betting, so once the round runs its open bets can only go: a bet whose row
 * lands after that answer (placed in the window's last moment by another process) is seen when
 * the round is next read and, once the curve reaches its target, cashed at it — at the latest at
 * the bust.
 */
export async function advance(env: CrashEnv, brandId: number): Promise<number | null> {
  const now = env.now();
  const round = await latestRound(env.db, brandId);
  if (!round) {
    await startRound(env, brandId, null, now);
    return null;
  }
  switch (round.status) {
    case 'betting':
      if (now < round.bettingEndsMs) return round.bettingEndsMs;
      if (await setRoundStatus(env.db, round.id, ['betting'], 'running')) await publishRound(env, brandId, 'round');
      return null;
    case 'running': {
      await autoCashOuts(env, round, now);
      if (now >= round.bustMs) {
        if (await setRoundStatus(env.db, round.id, ['running'], 'busted')) await publishRound(env, brandId, 'bust');
        return null;
      }
      const target = await nextTarget(env.db, round.id);
      return target === null ? round.bustMs : Math.min(round.bustMs, round.runningMs + elapsedFor(target));
    }
    case 'busted':
      if (round.settledMs === null) {
        if (now < round.bustMs + env.timing.graceMs) return round.bustMs + env.timing.graceMs;
        await settleRound(env, round);
      } else if (now < round.bustMs + env.timing.pauseMs) return round.bustMs + env.timing.pauseMs;
      else await startRound(env, brandId, round, now);
      return null;
    case 'void':
      if (round.settledMs === null) await settleRound(env, round);
      else await startRound(env, brandId, round, now);
      return null;
  }
}

/** Cashes out, at their targets, the open bets whose target the curve has reached. */
async function autoCashOuts(env: CrashEnv, round: CrashRound, now: number) {
  const reached = Math.min(multiplierAt(now - round.runningMs), round.bust);
  const due = await dueBets(env.db, round.id, reached);
  if (due.length === 0) return;
  const wallet = await walletOf(env.db, round.brandId);
  if (!wallet) return;
  for (const b of due) {
    const m = effectiveTarget(b.target);
    const cashed = await cashBet(env.db, b.id, {
      kind: 'auto',
      requestId: null,
      cashoutMs: null,
      elapsedMs: null,
      multiplier: m,
      win: betOutcome(round.bust, { stake: b.stake, target: b.target, cashOutElapsedMs: null }).win,
    });
    if (!cashed) continue;
    await pay(env, wallet, cashed, creditWin);
    env.publish(round.brandId, { type: 'cashout', bet: betView(cashed, round.roundNo, wallet.decimals) });
  }
}

/** Moves one decided bet's money; marks it settled when nothing more can move. */
async function pay(env: CrashEnv, wallet: Wallet, bet: CrashBet, step: (w: Wallet, b: CrashBet) => Promise<Outcome>) {
  try {
    const out = await step(wallet, bet);
    if (!out.ok && out.code === 'BET_ROLLED_BACK') await markRefunded(env.db, bet.id);
    else if (out.ok || FINAL_REFUSALS.has(out.code)) await markBetSettled(env.db, bet.id);
    return out;
  } catch (err) {
    // Left unsettled: the next settlement run repeats the same keyed step.
    env.onError?.(err);
    return null;
  }
}

/**
 * Settles a finished round: a busted round's open bets are decided by their targets (paid at
 * the target when it is at or below the bust, lost otherwise), a void round's open bets are
 * voided; then every decided bet's money moves — wins (and zero wins) through `provider.win`,
 * void stakes back through `provider.rollback`. Marked settled only when every bet is.
 * The pages get each cash-out made here like any other, then `settled`: every bet still open
 * on their list was lost (voided, in a void round). A list of every bet would be a thousand
 * rows to each of a thousand players, of which they know all but the losses.
 */
export async function settleRound(env: CrashEnv, round: CrashRound): Promise<boolean> {
  const wallet = await walletOf(env.db, round.brandId);
  if (!wallet) return false;
  for (const b of await betsOf(env.db, round.id)) {
    let bet: CrashBet | null = b;
    let cashedHere = false;
    if (b.status === 'open') {
      if (round.status === 'void') bet = await closeBet(env.db, b.id, 'void');
      else {
        const o = betOutcome(round.bust, { stake: b.stake, target: b.target, cashOutElapsedMs: null });
        bet =
          o.kind === 'lost'
            ? await closeBet(env.db, b.id, 'lost')
            : await cashBet(env.db, b.id, {
                kind: 'auto',
                requestId: null,
                cashoutMs: null,
                elapsedMs: null,
                multiplier: o.multiplier,
                win: o.win,
              });
        cashedHere = bet?.status === 'cashed';
      }
      // Someone else decided it in the meantime (a late cash-out): settle what they decided.
      bet ??= (await betsOf(env.db, round.id)).find((x) => x.id === b.id) ?? null;
    }
    if (!bet || bet.settled || bet.status === 'open') continue;
    await pay(env, wallet, bet, bet.status === 'void' ? refundStake : creditWin);
    if (cashedHere) env.publish(round.brandId, { type: 'cashout', bet: betView(bet, round.roundNo, wallet.decimals) });
  }
  const after = await betsOf(env.db, round.id);
  if (after.some((b) => !b.settled)) return false;
  await markSettled(env.db, round.id, env.now());
  env.publish(round.brandId, { type: 'settled', roundNo: round.roundNo });
  return true;
}

/**
 * Run when a process becomes the leader: rounds left betting or running by a process that
 * died are voided and every open bet's stake refunded (exactly once: the refund is the
 * provider rollback keyed by the bet); busted rounds left unsettled are settled normally.
 */
export async function recover(env: CrashEnv, brandId: number): Promise<void> {
  for (const r of await unsettledRounds(env.db, brandId)) {
    if (r.status === 'betting' || r.status === 'running') {
      await setRoundStatus(env.db, r.id, ['betting', 'running'], 'void');
      await publishVoid(env, r);
      await settleRound(env, { ...r, status: 'void' });
    } else await settleRound(env, r);
  }
}

async function publishVoid(env: CrashEnv, r: CrashRound) {
  env.publish(r.brandId, { type: 'bust', round: roundView({ ...r, status: 'void' }), serverNow: env.now() });
}
