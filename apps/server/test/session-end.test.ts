import { randomBytes, randomUUID } from 'node:crypto';
import {
  crashBetCall,
  crashCashOutCall,
  diceBetCall,
  GAME_TOKEN_HEADER,
  LaunchGameValue,
  launchGameCall,
  logoutCall,
  playOpenCall,
  slotSpinCall,
} from '@khela/contract';
import { elapsedFor } from '@khela/games';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betsOf, type CrashRound, latestRound } from '../src/modules/inhouse/crash/repo';
import { checkLedger } from '../src/modules/wallet/invariants';
import { adjust } from '../src/modules/wallet/service';
import { hashToken } from '../src/platform/sessions';
import { ACCOUNT_TEST_ENV, bearer, login, register, STRONG_PASSWORD } from './accounts-helpers';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { walletBalance } from './inhouse-helpers';
import { injectDriver, type ProviderDriver } from './provider-driver';

/**
 * Logging out and changing the password end every session of the member: all their logins,
 * the game sessions their launches opened (in-house pages and other vendors' tokens) and launch
 * tickets not yet used. New bets and launches are refused at once; rounds already open settle
 * as usual.
 */

let t: TestApp;
let brandId: number;
let nkr: ProviderDriver;
/** The crash engine's clock: tests move it; nothing here waits for real time. */
let clock = Date.now() - 30 * 24 * 3600_000;

const NKR_SECRET = 'n'.repeat(40);

beforeAll(async () => {
  t = await createTestApp({ ...ACCOUNT_TEST_ENV, PROVIDER_RESOLVER_INTERVAL_SECONDS: '0', RATE_LIMIT_MAX: '100000' });
  brandId = (
    await t.db.kysely.selectFrom('brands').select('id').where('merchant_code', '=', 'khela').executeTakeFirstOrThrow()
  ).id;
  t.app.crash.setClock(() => clock);
  t.app.crash.setTiming({ bettingMs: 5_000, pauseMs: 2_000, graceMs: 500, chainLength: 12 });
  // The demo vendor NKR with a launcher and a real-money seamless wallet: an outside provider.
  await t.db.kysely
    .updateTable('vendors')
    .set({ launch_url: 'https://games.nkr.example/open?t={token}&g={game}' })
    .where('vassalage', '=', 'NKR')
    .execute();
  await t.db.kysely
    .insertInto('provider_vendors')
    .values({ brand_id: brandId, code: 'NKR', name: 'Nakshi Reels', wallets: 'real', secret: NKR_SECRET })
    .execute();
  nkr = injectDriver(t.app, { vendor: 'NKR', secret: NKR_SECRET });
});

afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

type Member = { id: bigint; account: string; token: string };

/** A funded member with one login, as memberWithSession makes it (no argon2 cost). */
async function member(opening = 1_000_000n): Promise<Member> {
  const account = `se${randomBytes(5).toString('hex')}`;
  const m = await t.db.kysely
    .insertInto('members')
    .values({ brand_id: brandId, account, member_label: '[]', is_agent: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const holder = { id: m.id, brandId, isAgent: 0 };
  await adjust(t.db, { brandId, member: holder, amount: opening, currency: 'BDT', reason: 'desk', actor: 'test' });
  return { id: m.id, account, token: await anotherLogin(m.id) };
}

/** One more login of the member (another phone, another browser). */
async function anotherLogin(memberId: bigint): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.db.kysely
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), member_id: memberId, expires_at: sql<Date>`now() + interval '1 hour'` })
    .execute();
  return token;
}

const info = (token: string) => t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(token) });
const logout = (token: string) =>
  t.app.inject({ method: logoutCall.method, url: logoutCall.path, headers: bearer(token) });

/** Launches a game as the lobby does; the answer's game address. */
async function launch(token: string, gameId: string, vassalage = 'JL'): Promise<URL> {
  const res = await t.app.inject({
    method: launchGameCall.method,
    url: launchGameCall.path,
    headers: bearer(token),
    payload: { gameId, vassalage, language: 'en' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(LaunchGameValue.parse(res.json().value).game_url, 'http://site.test');
}

const openTicket = (ticket: string) =>
  t.app.inject({ method: playOpenCall.method, url: playOpenCall.path, payload: { ticket } });

/** Launches an in-house game and opens its page: the page's game token and what it was handed. */
async function play(token: string, game: string) {
  const ticket = (await launch(token, game)).searchParams.get('ticket') ?? '';
  const res = await openTicket(ticket);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { token: string; slot?: { stakes: string[] }; dice?: { stakes: string[] } };
}

const gameCall = (path: string, gameToken: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: path, headers: { [GAME_TOKEN_HEADER]: gameToken }, payload });

const diceBet = (gameToken: string, stake: string) =>
  gameCall(diceBetCall.path, gameToken, { requestId: `d-${randomUUID()}`, stake, target: 5000, side: 'under' });
const slotSpin = (gameToken: string, stake: string) =>
  gameCall(slotSpinCall.path, gameToken, { requestId: `s-${randomUUID()}`, stake });
const crashBet = (gameToken: string, slot: number, stake: string, extra: Record<string, unknown> = {}) =>
  gameCall(crashBetCall.path, gameToken, { requestId: `c-${randomUUID()}`, slot, stake, ...extra });

/** Plays crash rounds forward until a fresh betting window opens whose bust satisfies `wanted`. */
async function bettingRound(wanted: (bust: number) => boolean = () => true): Promise<CrashRound> {
  for (let i = 0; i < 500; i++) {
    const r = await latestRound(t.db, brandId);
    if (r?.status === 'betting' && clock < r.bettingEndsMs && wanted(r.bust)) return r;
    if (r) clock = Math.max(clock, r.status === 'betting' ? r.bettingEndsMs : r.bustMs + 10_000);
    await t.app.crash.advance(brandId);
    await t.app.crash.advance(brandId);
  }
  throw new Error('no such round');
}

/** The game sessions of a member that have not ended (by their own end or their login's). */
async function liveGameSessions(memberId: bigint): Promise<number> {
  const r = await sql<{ n: string }>`
    SELECT count(*) AS n FROM game_sessions g
     WHERE g.member_id = ${memberId} AND g.expires_at > now() AND g.revoked_at IS NULL`.execute(t.db.kysely);
  return Number(r.rows[0]?.n);
}

const balanceOf = (memberId: bigint) => walletBalance(t.db, memberId);

describe(`logout on ${TEST_ENGINE}`, () => {
  it("ends every login of the member, and no one else's", async () => {
    const m = await member();
    const phone = await anotherLogin(m.id);
    const someoneElse = await member();
    expect((await info(phone)).statusCode).toBe(200);

    const out = await logout(m.token);
    expect(out.statusCode).toBe(200);
    expect((await info(m.token)).statusCode).toBe(401);
    expect((await info(phone)).statusCode).toBe(401);
    expect((await info(someoneElse.token)).statusCode).toBe(200);
    const events = await t.db.kysely
      .selectFrom('audit_log')
      .select(['event', 'detail'])
      .where('member_id', '=', m.id)
      .where('event', '=', 'session.logout')
      .execute();
    expect(events).toEqual([{ event: 'session.logout', detail: { sessions: 2, gameSessions: 0 } }]);
  });

  it('refuses a dice bet, a slot spin and a crash bet at once, and a launch ticket not yet used', async () => {
    const m = await member();
    const dice = await play(m.token, 'dice');
    const slot = await play(m.token, 'slot');
    const crash = await play(m.token, 'crash');
    // Launched from another login of the same member, its ticket not yet used by the page.
    const unopened = (await launch(await anotherLogin(m.id), 'slot')).searchParams.get('ticket') ?? '';
    const diceStake = dice.dice?.stakes[0] ?? '';
    const slotStake = slot.slot?.stakes[0] ?? '';
    // Before the logout every one of them plays.
    expect((await diceBet(dice.token, diceStake)).statusCode).toBe(200);
    expect((await slotSpin(slot.token, slotStake)).statusCode).toBe(200);
    await bettingRound();
    expect((await crashBet(crash.token, 1, '1.00')).statusCode).toBe(200);
    expect(await liveGameSessions(m.id)).toBe(4);

    expect((await logout(m.token)).statusCode).toBe(200);
    const before = await balanceOf(m.id);
    for (const refused of [
      await diceBet(dice.token, diceStake),
      await slotSpin(slot.token, slotStake),
      await crashBet(crash.token, 2, '1.00'),
    ]) {
      expect(refused.statusCode, refused.body).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'errors.GAME_SESSION_INVALID' });
    }
    const ticket = await openTicket(unopened);
    expect(ticket.json().code).toBe('LAUNCH_TICKET_INVALID');
    expect(await balanceOf(m.id)).toBe(before);
    expect(await liveGameSessions(m.id)).toBe(0);
    const [event] = await t.db.kysely
      .selectFrom('audit_log')
      .select('detail')
      .where('member_id', '=', m.id)
      .where('event', '=', 'session.logout')
      .execute();
    expect(event?.detail).toEqual({ sessions: 2, gameSessions: 4 });
  });

  it("refuses an outside provider's bet with the old token, and still credits a win and a rollback of rounds opened before", async () => {
    const m = await member();
    const token = (await launch(m.token, 'NKR-TIGER', 'NKR')).searchParams.get('t') ?? '';
    const base = { playerId: m.id.toString(), gameCode: 'NKR-TIGER', currency: 'BDT' };
    const tag = randomUUID().slice(0, 8);
    const bet = (round: string) =>
      nkr.send('bet', { ...base, token, txId: `${tag}-${round}-bet`, roundId: `${tag}-${round}`, amount: '10.00' });
    const start = await balanceOf(m.id);
    expect((await bet('won')).status).toBe(200);
    expect((await bet('void')).status).toBe(200);
    expect(await balanceOf(m.id)).toBe(start - 2000n);

    expect((await logout(m.token)).statusCode).toBe(200);
    const late = await bet('late');
    expect(late.status).toBe(403);
    expect(late.json.code).toBe('GAME_SESSION_INVALID');
    const balance = await nkr.send('balance', { playerId: base.playerId, token, currency: 'BDT' });
    expect(balance.json.code).toBe('GAME_SESSION_INVALID');

    const win = await nkr.send('win', { ...base, txId: `${tag}-won-win`, roundId: `${tag}-won`, amount: '25.00' });
    expect(win.status, win.body).toBe(200);
    const rollback = await nkr.send('rollback', {
      ...base,
      txId: `${tag}-void-rb`,
      roundId: `${tag}-void`,
      refTxId: `${tag}-void-bet`,
    });
    expect(rollback.status, rollback.body).toBe(200);
    expect(await balanceOf(m.id)).toBe(start - 1000n + 2500n);
  });

  it('still cashes out and pays a crash bet with an automatic cash-out placed before', async () => {
    const round = await bettingRound((bust) => bust >= 300);
    const m = await member();
    const crash = await play(m.token, 'crash');
    const start = await balanceOf(m.id);
    expect((await crashBet(crash.token, 1, '10.00', { autoCashOut: '1.50' })).statusCode).toBe(200);
    expect((await crashBet(crash.token, 2, '10.00')).statusCode).toBe(200);

    expect((await logout(m.token)).statusCode).toBe(200);
    clock = round.bettingEndsMs;
    await t.app.crash.advance(brandId); // running
    clock = round.runningMs + elapsedFor(160);
    await t.app.crash.advance(brandId); // the tick passes 1.50
    // A cash-out by hand is a new act of the player, whose session has ended.
    const byHand = await gameCall(crashCashOutCall.path, crash.token, { requestId: `o-${randomUUID()}`, slot: 2 });
    expect(byHand.statusCode).toBe(401);
    clock = round.bustMs + 600;
    await t.app.crash.advance(brandId); // busted
    await t.app.crash.advance(brandId); // settled
    const bets = await betsOf(t.db, round.id);
    expect(bets.filter((b) => b.memberId === m.id).map((b) => [b.slot, b.status, b.win, b.settled])).toEqual([
      [1, 'cashed', 1500n, true],
      [2, 'lost', 0n, true],
    ]);
    expect(await balanceOf(m.id)).toBe(start - 2000n + 1500n);
  });

  it('refuses a game whose launch ended up behind the logout', async () => {
    const m = await member();
    const dice = await play(m.token, 'dice');
    // The launch raced the logout: its game session was written after the logout ended the
    // member's game sessions, but the login it came from has ended all the same.
    await sql`UPDATE sessions SET revoked_at = now() WHERE member_id = ${m.id}`.execute(t.db.kysely);
    const refused = await diceBet(dice.token, dice.dice?.stakes[0] ?? '');
    expect(refused.statusCode).toBe(401);
  });
});

describe(`password change on ${TEST_ENGINE}`, () => {
  it('ends every login of the member, this one included, and their games', async () => {
    const { res, username } = await register(t.app);
    const token = res.json().value.token as string;
    const id = BigInt(res.json().value.customerId);
    await adjust(t.db, {
      brandId,
      member: { id, brandId, isAgent: 0 },
      amount: 100_000n,
      currency: 'BDT',
      reason: 'desk',
      actor: 'test',
    });
    const other = (await login(t.app, username, STRONG_PASSWORD)).json().value.token as string;
    const dice = await play(other, 'dice');
    expect((await diceBet(dice.token, dice.dice?.stakes[0] ?? '')).statusCode).toBe(200);

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/password',
      headers: bearer(token),
      payload: { oldPassword: STRONG_PASSWORD, newPassword: 'River!Boat77', confirmNewPassword: 'River!Boat77' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await info(token)).statusCode).toBe(401);
    expect((await info(other)).statusCode).toBe(401);
    expect((await diceBet(dice.token, dice.dice?.stakes[0] ?? '')).statusCode).toBe(401);
    const [event] = await t.db.kysely
      .selectFrom('audit_log')
      .select('detail')
      .where('member_id', '=', id)
      .where('event', '=', 'password.change')
      .execute();
    expect(event?.detail).toEqual({ sessions: 2, gameSessions: 1 });
    expect((await login(t.app, username, 'River!Boat77')).statusCode).toBe(200);
  });
});
