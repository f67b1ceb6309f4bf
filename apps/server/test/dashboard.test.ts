import { dashboardCall, INHOUSE_VENDOR, IS_AGENT } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as provider from '../src/modules/provider/service';
import { dashboard } from '../src/modules/reports/dashboard';
import { reportDaysJob } from '../src/modules/reports/jobs';
import { addDays, dhakaDayOf, dhakaDayStart } from '../src/platform/dhaka-days';
import { createScheduler } from '../src/platform/jobs';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { memberWithSession } from './member-session';
import { bearerOf, staffSessionWithRoles, TEST_SECRETS_KEY } from './staff-helpers';

let t: TestApp;
let brandId: number;
const today = dhakaDayOf(new Date());

/** The demo player plays through the in-house vendor: three bets, a win, and a rollback of one bet. */
async function play() {
  const m = await t.db.kysely
    .selectFrom('members')
    .select(['id', 'brand_id', 'is_agent'])
    .where('account', '=', 'demo1234')
    .executeTakeFirstOrThrow();
  const member = { id: m.id, brandId: m.brand_id, isAgent: m.is_agent };
  const s = await provider.createGameSession(t.db, { member, vendor: INHOUSE_VENDOR, gameCode: 'slot' });
  const call = await provider.inProcessCall(
    { db: t.db, brandId: m.brand_id, brand: { currency: 'BDT', currencyDecimals: 2 } },
    INHOUSE_VENDOR,
  );
  if (!call) throw new Error('no in-house vendor');
  const base = { playerId: m.id.toString(), gameCode: 'slot', currency: 'BDT' };
  await provider.bet(call, { ...base, roundId: 'dash-1', txId: 'dash-b1', token: s.token, amount: '5.00' });
  await provider.win(call, { ...base, roundId: 'dash-1', txId: 'dash-w1', amount: '2.00' });
  await provider.bet(call, { ...base, roundId: 'dash-2', txId: 'dash-b2', token: s.token, amount: '3.00' });
  await provider.rollback(call, { ...base, roundId: 'dash-2', txId: 'dash-r2', refTxId: 'dash-b2' });
  // A bet whose round waits for its result.
  await provider.bet(call, { ...base, roundId: 'dash-3', txId: 'dash-b3', token: s.token, amount: '1.00' });
}

/** Real-money players registered today (the demo's, the one this test adds). */
async function joinedToday() {
  const r = await t.db.kysely
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('brand_id', '=', brandId)
    .where('is_agent', '<>', IS_AGENT.TRIAL)
    .where('created_at', '>=', dhakaDayStart(today))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  brandId = (
    await t.db.kysely.selectFrom('brands').select('id').where('merchant_code', '=', 'khela').executeTakeFirstOrThrow()
  ).id;
  await memberWithSession(t.db, brandId, { prefix: 'online' });
  await play();
});
afterAll(() => t.close());

const EXPECTED = { stakes: '6.00', wins: '2.00', ggr: '4.00', activePlayers: 1 };

describe(`the dashboard on ${TEST_ENGINE}`, () => {
  it("shows today's stakes, wins, GGR, new and active players from the ledger, and what is live", async () => {
    const token = await staffSessionWithRoles(t, ['finance']);
    const res = await t.app.inject({ method: 'GET', url: dashboardCall.path, headers: bearerOf(token) });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ timeZone: 'Asia/Dhaka', currency: 'BDT', onlinePlayers: 1 });
    expect(v.today).toEqual({ day: today, ...EXPECTED, newPlayers: await joinedToday() });
    // The third round waits for its result; the won one and the rolled-back one are closed.
    expect(v.openRounds).toBe(1);
    expect(v.days).toHaveLength(30);
    expect(v.days[29]).toMatchObject({ day: addDays(today, -1), computed: false, stakes: '0.00' });
  });

  it('writes each day once from the ledger by a job, which the 30 days then read', async () => {
    // Just after the next Dhaka midnight: today is over and due.
    const clock = () => new Date(dhakaDayStart(addDays(today, 1)).getTime() + 10 * 60_000);
    const jobs = createScheduler({ db: t.db, config: t.config, jobs: [reportDaysJob], clock, log: t.app.log });
    await jobs.tick();
    await jobs.tick();
    const runs = await t.db.kysely
      .selectFrom('job_runs')
      .select(['period', 'status', 'attempts'])
      .where('job', '=', 'report-days')
      .execute();
    expect(runs).toEqual([{ period: today, status: 'succeeded', attempts: 1 }]);
    const d = await dashboard(t.db, brandId, { idleMinutes: 30, now: clock() });
    expect(d.days[29]).toEqual({ day: today, ...EXPECTED, newPlayers: await joinedToday(), computed: true });
  });

  it('puts a stored day that no longer matches the ledger right on the next run, and says so', async () => {
    await t.db.kysely
      .updateTable('report_days')
      .set({ stakes: 0n })
      .where('brand_id', '=', brandId)
      .where('day', '=', today)
      .execute();
    const run = await reportDaysJob.run({
      db: t.db,
      config: t.config,
      period: { key: addDays(today, 1), dueAt: new Date() },
      log: t.app.log,
      signal: new AbortController().signal,
    });
    expect(run).toMatchObject({ day: addDays(today, 1), corrected: 1, stakes: '0' });
    const d = await dashboard(t.db, brandId, { idleMinutes: 30, now: dhakaDayStart(addDays(today, 1)) });
    expect(d.days[29]).toMatchObject({ day: today, stakes: '6.00', ggr: '4.00' });
  });
});
