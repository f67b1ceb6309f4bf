import { randomUUID } from 'node:crypto';
import { BACK_OFFICE_TIME_ZONE, DASHBOARD_DAYS, dashboardCall, IS_AGENT } from '@khela/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFigures } from '../src/modules/dashboard/service';
import * as provider from '../src/modules/provider/service';
import { adjust } from '../src/modules/wallet/service';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { injectDriver, type ProviderDriver } from './provider-driver';
import { bearerOf, staffSessionWithRoles } from './staff-helpers';

/**
 * The dashboard (decision 0034): figures by day counted from the ledger by the daily-figures
 * job, read as 30 rows, equal to what the ledger says, the same however often they are counted.
 */

const VENDOR = 'JL';
const GAME = 'slot-five';
let t: TestApp;
let d: ProviderDriver;
let brandId: number;

type Player = { playerId: string; token: string; currency: string };

async function newPlayer(): Promise<Player> {
  const isAgent = IS_AGENT.PLAYER;
  const m = await t.db.kysely
    .insertInto('members')
    .values({ brand_id: brandId, account: `dash${randomUUID().slice(0, 8)}`, member_label: '[]', is_agent: isAgent })
    .returning('id')
    .executeTakeFirstOrThrow();
  const holder = { id: m.id, brandId, isAgent };
  await adjust(t.db, {
    brandId,
    member: holder,
    amount: 100_000n,
    currency: 'BDT',
    reason: 'test',
    actor: 'test',
  });
  const s = await provider.createGameSession(t.db, { member: holder, vendor: VENDOR, gameCode: GAME });
  return { playerId: m.id.toString(), token: s.token, currency: s.currency };
}

async function send(kind: 'bet' | 'win' | 'rollback', p: Player, round: string, extra: Record<string, unknown>) {
  const res = await d.send(kind, {
    txId: `${kind}-${randomUUID().slice(0, 8)}`,
    playerId: p.playerId,
    roundId: round,
    gameCode: GAME,
    currency: p.currency,
    ...(kind === 'bet' ? { token: p.token } : {}),
    ...extra,
  });
  expect(res.status, res.body).toBe(200);
  return res;
}

async function readDashboard(token: string) {
  return t.app.inject({ method: dashboardCall.method, url: dashboardCall.path, headers: bearerOf(token) });
}

/** What the ledger itself says a brand's players staked (net of refunds) and won, all days together. */
async function ledgerTotals() {
  const { rows } = await sql<{ stakes: string; wins: string }>`
    SELECT coalesce(sum(-p.amount) FILTER (WHERE t.kind IN ('bet', 'rollback')), 0)::text AS stakes,
           coalesce(sum(p.amount) FILTER (WHERE t.kind IN ('win', 'release')), 0)::text AS wins
    FROM postings p JOIN ledger_transactions t ON t.id = p.tx_id JOIN ledger_accounts a ON a.id = p.account_id
    WHERE t.brand_id = ${brandId} AND a.member_id IS NOT NULL AND a.currency = 'BDT'`.execute(t.db.kysely);
  return { stakes: BigInt(rows[0]?.stakes ?? '0'), wins: BigInt(rows[0]?.wins ?? '0') };
}

beforeAll(async () => {
  t = await createTestApp({ PROVIDER_RESOLVER_INTERVAL_SECONDS: '0' });
  const v = await t.db.kysely
    .selectFrom('provider_vendors')
    .innerJoin('brands', 'brands.id', 'provider_vendors.brand_id')
    .select(['provider_vendors.secret', 'brands.id'])
    .where('brands.merchant_code', '=', 'khela')
    .where('provider_vendors.code', '=', VENDOR)
    .executeTakeFirstOrThrow();
  brandId = v.id;
  d = injectDriver(t.app, { vendor: VENDOR, secret: v.secret });
});

afterAll(async () => {
  await t.close();
});

describe(`the dashboard on ${TEST_ENGINE}`, () => {
  it("counts today's stakes, wins, bets and players from the ledger, refunds netted", async () => {
    const finance = await staffSessionWithRoles(t, ['finance']);
    await countFigures(t.db);
    const before = (await readDashboard(finance)).json().value;
    const todayBefore = before.days.at(-1);

    const a = await newPlayer();
    const b = await newPlayer();
    await send('bet', a, 'r-a', { amount: '10.00' });
    await send('win', a, 'r-a', { amount: '25.00', roundClosed: true });
    await send('bet', b, 'r-b', { amount: '5.00' });
    await send('bet', b, 'r-b2', { amount: '3.00' });

    const ref = (await t.db.kysely
      .selectFrom('provider_transactions')
      .select('tx_id')
      .where('round_id', '=', 'r-b2')
      .where('kind', '=', 'bet')
      .executeTakeFirstOrThrow()) as { tx_id: string };
    await send('rollback', b, 'r-b2', { refTxId: ref.tx_id });

    await countFigures(t.db);
    const res = await readDashboard(finance);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().value;
    expect(after.timeZone).toBe(BACK_OFFICE_TIME_ZONE);
    expect(after.currency).toBe('BDT');
    expect(after.days).toHaveLength(DASHBOARD_DAYS);
    expect(after.countedAt).not.toBeNull();
    const today = after.days.at(-1);
    const cents = (s: string) => Math.round(Number(s) * 100);
    // a: 10 staked, 25 won; b: 5 staked, 3 staked then refunded
    expect(cents(today.stakes) - cents(todayBefore.stakes)).toBe(1_500);
    expect(cents(today.wins) - cents(todayBefore.wins)).toBe(2_500);
    expect(cents(today.ggr) - cents(todayBefore.ggr)).toBe(-1_000);
    expect(today.bets - todayBefore.bets).toBe(3);
    expect(today.activePlayers - todayBefore.activePlayers).toBe(2);
    expect(today.newPlayers - todayBefore.newPlayers).toBe(2);
  });

  it('adds up, over every counted day, to what the ledger says, however often it is counted', async () => {
    await countFigures(t.db);
    await countFigures(t.db);
    const rows = await t.db.kysely.selectFrom('daily_figures').selectAll().where('brand_id', '=', brandId).execute();
    const days = new Set(rows.map((r) => r.day));
    expect(days.size).toBe(rows.length);
    const counted = rows.reduce((s, r) => ({ stakes: s.stakes + r.stakes, wins: s.wins + r.wins }), {
      stakes: 0n,
      wins: 0n,
    });
    expect(counted).toEqual(await ledgerTotals());
  });

  it('shows open rounds and refuses a staff member without reports.read', async () => {
    const finance = await staffSessionWithRoles(t, ['finance']);
    const open = async () => (await readDashboard(finance)).json().value.live.openRounds as number;
    const before = await open();
    const p = await newPlayer();
    await send('bet', p, `r-open-${randomUUID().slice(0, 6)}`, { amount: '1.00' });
    expect(await open()).toBe(before + 1);
    const content = await staffSessionWithRoles(t, ['content']);
    expect((await readDashboard(content)).statusCode).toBe(403);
  });
});
