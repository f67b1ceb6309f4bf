import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/wallet/invariants';
import { adjust } from '../src/modules/wallet/service';
import { DEMO_MEMBERS } from '../src/seed/demo-members';
import { ACCOUNT_TEST_ENV, bearer, freePlay, login } from './accounts-helpers';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';

let t: TestApp;
let demoToken: string;
const demo = DEMO_MEMBERS[0];

beforeAll(async () => {
  t = await createTestApp(ACCOUNT_TEST_ENV);
  const res = await login(t.app, demo.account, demo.password);
  demoToken = res.json().value.token;
});

afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

async function call(method: 'GET' | 'POST', url: string, token?: string) {
  return t.app.inject({ method, url, headers: token ? bearer(token) : {} });
}

describe(`wallet calls on ${TEST_ENGINE}`, () => {
  it('answers the seeded demo balance as value.sumBalance in the brand currency', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await call(method, '/wps/v2/wallets/balance', demoToken);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json().value).toEqual({ sumBalance: '10000.00', currency: 'BDT', currencySymbol: '৳', decimals: 2 });
    }
  });

  it('seeds the opening balance once however often the demo is seeded', async () => {
    const { seedDemo } = await import('../src/seed/demo');
    await seedDemo(t.db);
    await seedDemo(t.db);
    const res = await call('GET', '/wps/v2/wallets/balance', demoToken);
    expect(res.json().value.sumBalance).toBe('10000.00');
  });

  it('tells the web app the brand runs a single wallet, and consolidates to it', async () => {
    expect((await call('GET', '/wps/relay/GCS_merchantWallet', demoToken)).json().value).toEqual({ isSingle: true });
    const funds = (await call('GET', '/wps/member/info/funds/consolidated', demoToken)).json().value;
    expect(funds).toMatchObject({
      sumBalance: '10000.00',
      currency: 'BDT',
      wallets: [{ name: 'main', balance: '10000.00' }],
    });
    const transfer = await call('POST', '/wps/relay/GCS_walletTransfer', demoToken);
    expect(transfer.statusCode).toBe(400);
    expect(transfer.json()).toMatchObject({ success: false, code: 'SINGLE_WALLET', message: 'errors.SINGLE_WALLET' });
  });

  it('needs a session', async () => {
    for (const url of [
      '/wps/v2/wallets/balance',
      '/wps/relay/GCS_merchantWallet',
      '/wps/member/info/funds/consolidated',
    ]) {
      const res = await call('GET', url);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
    expect((await call('GET', '/wps/v2/wallets/balance', 'not-a-token')).statusCode).toBe(401);
  });

  it('answers 401 to a visitor before it looks at the body', async () => {
    for (const url of ['/wps/relay/GCS_walletTransfer', '/wps/v2/wallets/balance']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: '{"amount":',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('gives a trial account play money only, which real money can never reach', async () => {
    const fp = await freePlay(t.app);
    const trial = fp.json().value;
    const res = await call('GET', '/wps/v2/wallets/balance', trial.token);
    expect(res.json().value).toMatchObject({ sumBalance: '2000.00', currency: 'PLAY' });
    // asking twice at once opens one wallet and posts the play money once
    await Promise.all([
      call('GET', '/wps/v2/wallets/balance', trial.token),
      call('GET', '/wps/v2/wallets/balance', trial.token),
    ]);
    expect((await call('GET', '/wps/v2/wallets/balance', trial.token)).json().value.sumBalance).toBe('2000.00');
    const member = { id: BigInt(trial.customerId), brandId: 0, isAgent: 4 };
    await expect(
      adjust(t.db, { brandId: 1, member, amount: 100n, currency: 'BDT', reason: 'x', actor: 'test' }),
    ).rejects.toMatchObject({ code: 'TRIAL_ACCOUNT' });
    expect((await call('POST', '/wps/relay/GCS_walletTransfer', trial.token)).json().code).toBe('TRIAL_ACCOUNT');
  });

  it('records an operator adjustment in the audit log with its reason', async () => {
    const m = await t.db.kysely
      .selectFrom('members')
      .select(['id', 'brand_id'])
      .where('account', '=', demo.account)
      .executeTakeFirstOrThrow();
    const member = { id: m.id, brandId: m.brand_id, isAgent: 0 };
    const done = await adjust(t.db, {
      brandId: m.brand_id,
      member,
      amount: -250n,
      currency: 'BDT',
      reason: 'goodwill correction',
      actor: 'test',
    });
    expect(done.balance).toBe(999_750n);
    expect((await call('GET', '/wps/v2/wallets/balance', demoToken)).json().value.sumBalance).toBe('9997.50');
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['event', 'detail'])
      .where('member_id', '=', m.id)
      .where('event', '=', 'wallet.adjust')
      .execute();
    expect(audit.map((a) => (a.detail as { reason: string }).reason)).toContain('goodwill correction');
    await expect(
      adjust(t.db, {
        brandId: m.brand_id,
        member,
        amount: -10_000_000n,
        currency: 'BDT',
        reason: 'too much',
        actor: 'test',
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
  });
});
