import { randomUUID } from 'node:crypto';
import { diceBetCall, diceRotateCall, diceSeedsCall, GAME_TOKEN_HEADER } from '@khela/contract';
import {
  DICE_EDGE_BASIS_POINTS,
  DICE_OUTCOMES,
  diceMultiplier,
  diceRoll,
  diceWin,
  newServerSeed,
  serverSeedHash,
} from '@khela/games';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICE_BET_LEVELS, replayDiceRound } from '../src/modules/inhouse/dice/service';
import { checkLedger } from '../src/modules/wallet/invariants';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { launchedPlayer, openedGame, walletBalance } from './inhouse-helpers';

/** The provably-fair dice game (docs/decisions/0016-dice.md) through its calls on a real database. */

let t: TestApp;
let brandId: number;

type Player = { id: bigint; token: string; stakes: string[] };

/** A member with `opening` poisha whose dice page is open: the page's token and stakes. */
async function playing(opening: bigint): Promise<Player> {
  const p = await launchedPlayer(t.db, brandId, { game: 'dice', opening, prefix: 'dice' });
  const v = await openedGame(t.app, p.ticket);
  return { id: p.id, token: v.token, stakes: v.dice.stakes };
}

type Bet = { stake: string; target: number; side: 'under' | 'over'; requestId?: string };

function bet(p: Player, b: Bet) {
  return t.app.inject({
    method: 'POST',
    url: diceBetCall.path,
    headers: { [GAME_TOKEN_HEADER]: p.token },
    payload: { requestId: `req-${randomUUID()}`, ...b },
  });
}

async function seeds(p: Player) {
  const res = await t.app.inject({
    method: 'GET',
    url: diceSeedsCall.path,
    headers: { [GAME_TOKEN_HEADER]: p.token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

function rotate(p: Player, payload: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: diceRotateCall.path,
    headers: { [GAME_TOKEN_HEADER]: p.token },
    payload,
  });
}

const balanceOf = (memberId: bigint) => walletBalance(t.db, memberId);

async function roundsOf(memberId: bigint) {
  return t.db.kysely
    .selectFrom('inhouse_rounds')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('game_code', '=', 'dice')
    .orderBy('nonce')
    .execute();
}

/** The member's JL postings on their wallet, by ledger key. */
async function postings(memberId: bigint): Promise<Map<string, bigint>> {
  const r = await sql<{ key: string; amount: bigint }>`
    SELECT t.idempotency_key AS key, p.amount FROM ledger_transactions t
      JOIN postings p ON p.tx_id = t.id
      JOIN ledger_accounts a ON a.id = p.account_id AND a.member_id = ${memberId}
     WHERE t.member_id = ${memberId} AND t.idempotency_key LIKE 'provider:JL:%'`.execute(t.db.kysely);
  return new Map(r.rows.map((x) => [x.key, BigInt(x.amount)]));
}

/** Recomputes a stored round from its row alone. */
function replayRow(row: Awaited<ReturnType<typeof roundsOf>>[number]) {
  return replayDiceRound({
    modelVersion: row.model_version,
    serverSeed: row.server_seed,
    clientSeed: row.client_seed,
    nonce: row.nonce,
    inputs: row.inputs as Record<string, unknown>,
  });
}

beforeAll(async () => {
  t = await createTestApp({ PROVIDER_RESOLVER_INTERVAL_SECONDS: '0' });
  const b = await t.db.kysely.selectFrom('brands').select('id').orderBy('id').executeTakeFirstOrThrow();
  brandId = b.id;
});

afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

describe(`dice on ${TEST_ENGINE}`, () => {
  it('opens with its stakes and edge, and shows the seed hash before any bet', async () => {
    const p = await playing(100_000n);
    expect(p.stakes).toEqual(DICE_BET_LEVELS.map((l) => `${l}.00`));
    const s = await seeds(p);
    expect(s.current).toMatchObject({ nextNonce: 0 });
    expect(s.current.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(s.current.clientSeed).toMatch(/^[0-9a-f]{16}$/);
    expect(s.previous).toBeNull();
    expect(JSON.stringify(s)).not.toMatch(/"serverSeed"/);
    // The same pair until rotated.
    expect((await seeds(p)).current).toEqual(s.current);
  });

  it('pays stake × multiplier on a win, nothing on a loss, through the wallet', async () => {
    const p = await playing(1_000_000n);
    const s0 = await seeds(p);
    let expected = 1_000_000n;
    for (let i = 0; i < 30; i++) {
      const target = 500 + i * 300;
      const side = i % 2 ? 'over' : 'under';
      const res = await bet(p, { stake: '5.00', target, side });
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json().value;
      expect(v).toMatchObject({
        nonce: i,
        target,
        side,
        serverSeedHash: s0.current.serverSeedHash,
        modelVersion: 'dice-1',
      });
      expect(v.multiplier).toBe(diceMultiplier(target, side));
      const won = side === 'under' ? v.roll < target : v.roll > target;
      const win = won ? (500n * BigInt(v.multiplier)) / 10_000n : 0n;
      expect(v.win).toBe(`${win / 100n}.${(win % 100n).toString().padStart(2, '0')}`);
      expected += win - 500n;
      expect(v.balance).toBe(`${expected / 100n}.${(expected % 100n).toString().padStart(2, '0')}`);
    }
    expect(await balanceOf(p.id)).toBe(expected);
    expect((await seeds(p)).current.nextNonce).toBe(30);
  });

  it('states an edge of exactly 1 %: every target returns 99 % of the stake, before rounding down', () => {
    for (const side of ['under', 'over'] as const) {
      for (let target = 0; target < DICE_OUTCOMES; target++) {
        const chance = side === 'under' ? target : DICE_OUTCOMES - 1 - target;
        if (chance < 100 || chance > 9800) continue;
        // Expected return per 1 staked = chance/10000 × multiplier/10000 ≤ 0.99, and within one
        // rounding step of it.
        const rtp = (chance * diceMultiplier(target, side)) / 1e8;
        expect(rtp).toBeLessThanOrEqual(1 - DICE_EDGE_BASIS_POINTS / 10_000);
        expect(rtp).toBeGreaterThan(0.99 - chance / 1e8);
      }
    }
  });

  it('refuses a target outside 1 %–98 %, a stake not offered and bad input, changing nothing', async () => {
    const p = await playing(100_000n);
    for (const b of [
      { stake: '1.00', target: 99, side: 'under' },
      { stake: '1.00', target: 9801, side: 'under' },
      { stake: '1.00', target: 9900, side: 'over' },
      { stake: '3.00', target: 5000, side: 'under' },
      { stake: '1.00', target: 50.5, side: 'under' },
      { stake: '1.00', target: 5000, side: 'sideways' },
      { stake: '-1.00', target: 5000, side: 'under' },
      { stake: '1.00', target: 5000, side: 'under', requestId: 'x' },
    ] as Bet[]) {
      const res = await bet(p, b);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(/^errors\./);
    }
    expect(await balanceOf(p.id)).toBe(100_000n);
    expect((await seeds(p)).current.nextNonce).toBe(0);
    expect(await roundsOf(p.id)).toEqual([]);
  });

  it('refuses a bet above the balance: nothing moves and no nonce is burnt', async () => {
    const p = await playing(300n);
    const ok = await bet(p, { stake: '1.00', target: 5000, side: 'under' });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = await balanceOf(p.id);
    const refused = await bet(p, { stake: '500.00', target: 5000, side: 'under' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'errors.INSUFFICIENT_FUNDS' });
    expect(await balanceOf(p.id)).toBe(after);
    expect((await seeds(p)).current.nextNonce).toBe(1);
    expect((await roundsOf(p.id)).map((r) => r.nonce)).toEqual([0n]);
    const next = await bet(p, { stake: '1.00', target: 5000, side: 'under' });
    expect(next.json().value.nonce).toBe(1);
  });

  it('answers a retried requestId with the first bet, once; another bet under that id is refused', async () => {
    const p = await playing(100_000n);
    const b: Bet = { stake: '2.00', target: 4000, side: 'over', requestId: `retry-${randomUUID()}` };
    const first = await bet(p, b);
    const balance = await balanceOf(p.id);
    const [again, concurrent] = await Promise.all([bet(p, b), bet(p, b)]);
    expect(again.json().value).toEqual(first.json().value);
    expect(concurrent.json().value).toEqual(first.json().value);
    expect(await balanceOf(p.id)).toBe(balance);
    expect(await roundsOf(p.id)).toHaveLength(1);
    const changed = await bet(p, { ...b, target: 4001 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('DUPLICATE_TRANSACTION');
    expect((await seeds(p)).current.nextNonce).toBe(1);
  });

  it('gives 50 concurrent bets the nonces 0 … 49, each once', async () => {
    const p = await playing(10_000_000n);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => bet(p, { stake: '1.00', target: 5000, side: i % 2 ? 'over' : 'under' })),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const nonces = answers.map((a) => a.json().value.nonce as number).sort((x, y) => x - y);
    expect(nonces).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect((await roundsOf(p.id)).map((r) => Number(r.nonce))).toEqual(nonces);
    expect((await seeds(p)).current.nextNonce).toBe(50);
    const wins = answers.reduce((sum, a) => sum + BigInt(a.json().value.win.replace('.', '')), 0n);
    expect(await balanceOf(p.id)).toBe(10_000_000n - 50n * 100n + wins);
  });

  it('rotation reveals the server seed, and every past roll recomputes with diceRoll', async () => {
    const p = await playing(1_000_000n);
    const before = await seeds(p);
    const rolls = [];
    for (let i = 0; i < 12; i++)
      rolls.push((await bet(p, { stake: '1.00', target: 6000, side: 'under' })).json().value);
    // Before rotation the stored rounds do not hold the secret either.
    expect((await roundsOf(p.id)).every((r) => r.server_seed === '')).toBe(true);

    const rotated = await rotate(p);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const after = rotated.json().value;
    expect(after.previous).toMatchObject({
      serverSeedHash: before.current.serverSeedHash,
      clientSeed: before.current.clientSeed,
      nonces: 12,
    });
    expect(serverSeedHash(after.previous.serverSeed)).toBe(before.current.serverSeedHash);
    expect(after.current.serverSeedHash).not.toBe(before.current.serverSeedHash);
    expect(after.current.nextNonce).toBe(0);
    for (const r of rolls) {
      expect(diceRoll(after.previous.serverSeed, r.clientSeed, r.nonce)).toBe(r.roll);
      expect(diceWin(100n, r.roll, r.target, r.side)).toBe(BigInt(r.win.replace('.', '')));
    }
    // The stored rounds are now self-contained and replay to what was paid.
    const ledger = await postings(p.id);
    for (const row of await roundsOf(p.id)) {
      expect(row.server_seed).toBe(after.previous.serverSeed);
      const replayed = replayRow(row);
      expect(replayed.seedMatches).toBe(true);
      expect(replayed.outcome).toEqual(row.outcome);
      expect(ledger.get(`provider:JL:${row.round_id}:bet`)).toBe(replayed.postings.bet);
      expect(ledger.get(`provider:JL:${row.round_id}:win`) ?? 0n).toBe(replayed.postings.win);
    }
  });

  it('uses a changed client seed from the next bet, at nonce 0 of a new server seed', async () => {
    const p = await playing(100_000n);
    await bet(p, { stake: '1.00', target: 5000, side: 'under' });
    const res = await rotate(p, { clientSeed: 'my-lucky-seed_2026' });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().value;
    expect(s.current).toMatchObject({ clientSeed: 'my-lucky-seed_2026', nextNonce: 0 });
    const next = (await bet(p, { stake: '1.00', target: 5000, side: 'under' })).json().value;
    expect(next).toMatchObject({
      clientSeed: 'my-lucky-seed_2026',
      nonce: 0,
      serverSeedHash: s.current.serverSeedHash,
    });
    // Verifiable after the next rotation.
    const revealed = (await rotate(p)).json().value.previous;
    expect(revealed.clientSeed).toBe('my-lucky-seed_2026');
    expect(diceRoll(revealed.serverSeed, 'my-lucky-seed_2026', 0)).toBe(next.roll);
  });

  it('refuses a client seed that is empty, too long or has other than letters, digits, - and _', async () => {
    const p = await playing(100_000n);
    const before = await seeds(p);
    for (const clientSeed of ['', 'has space', 'a:b', 'x'.repeat(65), 'বাংলা', 42]) {
      const bad = await rotate(p, { clientSeed });
      expect(bad.statusCode, String(clientSeed)).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await seeds(p)).current).toEqual(before.current);
  });

  it('keeps nonces gapless when bets and rotations run at the same time', async () => {
    const p = await playing(10_000_000n);
    await Promise.all([
      ...Array.from({ length: 20 }, () => bet(p, { stake: '1.00', target: 5000, side: 'under' })),
      rotate(p),
      rotate(p, { clientSeed: 'mid-way' }),
    ]);
    const bySeed = new Map<string, number[]>();
    for (const r of await roundsOf(p.id)) {
      const id = (r.inputs as { seedId: string }).seedId;
      bySeed.set(id, [...(bySeed.get(id) ?? []), Number(r.nonce)]);
    }
    const total = [...bySeed.values()].reduce((s, v) => s + v.length, 0);
    expect(total).toBe(20);
    for (const nonces of bySeed.values()) expect(nonces).toEqual(nonces.map((_, i) => i));
  });

  it('refuses a call without a live game session as unauthorised', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: diceSeedsCall.path,
      headers: { [GAME_TOKEN_HEADER]: 'nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'errors.GAME_SESSION_INVALID' });
  });

  it("refuses another game's session as not a dice session", async () => {
    const slot = await launchedPlayer(t.db, brandId, { game: 'slot', opening: 1_000n, prefix: 'dice' });
    const { token } = await openedGame(t.app, slot.ticket);
    const res = await t.app.inject({ method: 'GET', url: diceSeedsCall.path, headers: { [GAME_TOKEN_HEADER]: token } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('GAME_SESSION_INVALID');
  });

  it('replays 10,000 recorded rounds to identical outcomes and postings', async () => {
    // 200 through the API (wallet postings compared), the rest stored by the unit that plays a
    // bet, over several seed pairs and random inputs.
    const p = await playing(100_000_000n);
    for (let i = 0; i < 200; i++) {
      const res = await bet(p, {
        stake: p.stakes[i % p.stakes.length] as string,
        target: 200 + ((i * 97) % 9600),
        side: i % 3 ? 'under' : 'over',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await rotate(p);
    const ledger = await postings(p.id);
    const rows = await roundsOf(p.id);
    expect(rows).toHaveLength(200);
    for (const row of rows) {
      const replayed = replayRow(row);
      expect(replayed.outcome).toEqual(row.outcome);
      expect(replayed.postings.win).toBe(row.win);
      expect(ledger.get(`provider:JL:${row.round_id}:bet`)).toBe(-row.stake);
      expect(ledger.get(`provider:JL:${row.round_id}:win`) ?? 0n).toBe(row.win);
    }

    // Unit level: 9,800 rounds as the service records them, replayed from their stored form.
    let seed = newServerSeed();
    for (let i = 0; i < 9_800; i++) {
      if (i % 1000 === 0) seed = newServerSeed();
      const side = i % 2 ? 'under' : 'over';
      const target = side === 'under' ? 100 + (i % 9701) : 9899 - (i % 9701);
      const stake = BigInt(DICE_BET_LEVELS[i % DICE_BET_LEVELS.length] as number) * 100n;
      const roll = diceRoll(seed, `client-${i % 7}`, i % 1000);
      const stored = {
        modelVersion: 'dice-1',
        serverSeed: seed,
        clientSeed: `client-${i % 7}`,
        nonce: BigInt(i % 1000),
        inputs: { stake: stake.toString(), target, side, seedId: '1', serverSeedHash: serverSeedHash(seed) },
        outcome: {
          roll,
          multiplier: diceMultiplier(target, side),
          win: diceWin(stake, roll, target, side).toString(),
        },
      };
      const replayed = replayDiceRound(stored);
      expect(replayed.outcome).toEqual(stored.outcome);
      expect(replayed.seedMatches).toBe(true);
    }
  }, 120_000); // ten thousand rounds take long on a busy two-core machine
});
