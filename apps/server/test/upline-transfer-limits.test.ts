import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../src/platform/errors';
import { ACCOUNT_TEST_ENV } from './accounts-helpers';
import { call, demoBrandId, member, transfer } from './cashier-security-helpers';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';

/**
 * The responsible-play seam as transfers meet it: its own rules are tested where they are built
 * (modules/cashier/responsible-play.ts); here it refuses one player, so the transfer's side shows.
 */
const blocked = new Set<bigint>();
const seen: { memberId: bigint; stage: string; amountMinor: bigint }[] = [];
// Only the one function is replaced: whatever else the module exports stays as it is.
vi.mock('../src/modules/cashier/responsible-play', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  checkDepositAllowed: async (_db: unknown, o: { memberId: bigint; stage: string; amountMinor: bigint }) => {
    seen.push({ memberId: o.memberId, stage: o.stage, amountMinor: o.amountMinor });
    if (blocked.has(o.memberId)) throw new AppError('RESPONSIBLE_PLAY_BLOCK');
  },
}));

let t: TestApp;
let brandId: number;
beforeAll(async () => {
  t = await createTestApp(ACCOUNT_TEST_ENV);
  brandId = await demoBrandId(t.db);
});
afterAll(() => t.close());

describe(`a transfer into a player's wallet counts as a deposit on ${TEST_ENGINE}`, () => {
  it('asks the responsible-play seam at stage transfer, and only for a player', async () => {
    const agent = await member(t.db, brandId, { isAgent: 1, balance: 100_000n });
    const player = await member(t.db, brandId, { uplineId: agent.id, balance: 100_000n });
    expect((await transfer(t.app, agent.token, { toAccount: player.account, amount: '200' })).statusCode).toBe(200);
    expect(seen).toContainEqual({ memberId: player.id, stage: 'transfer', amountMinor: 20_000n });
    const before = seen.length;
    expect((await transfer(t.app, player.token, { amount: '200' })).statusCode).toBe(200);
    expect(seen).toHaveLength(before);
  });

  it('refuses the sender without telling the player’s limits, and moves nothing', async () => {
    const agent = await member(t.db, brandId, { isAgent: 1, balance: 100_000n });
    const player = await member(t.db, brandId, { uplineId: agent.id });
    blocked.add(player.id);
    const res = await transfer(t.app, agent.token, { toAccount: player.account, amount: '200' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('TRANSFER_NOT_ALLOWED');
    expect((await call(t.app, 'GET', '/wps/v2/wallets/balance', agent.token)).json().value.sumBalance).toBe('1000.00');
    expect((await call(t.app, 'GET', '/wps/cashier/transfers', player.token)).json().value.list).toEqual([]);
  });
});
