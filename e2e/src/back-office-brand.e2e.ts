import { randomUUID } from 'node:crypto';
import { PROVIDER_SIGNATURE_HEADER, PROVIDER_TIMESTAMP_HEADER } from '@khela/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import * as provider from '../../apps/server/src/modules/provider/service';
import { sign } from '../../apps/server/src/modules/provider/signature';
import { openStaffSession } from '../../apps/server/src/modules/staff/sessions';
import { adjust } from '../../apps/server/src/modules/wallet/service';
import { tx } from './admin-texts';
import type { Khela } from './harness';
import { defaultBrandId, exact, open, t, useKhela, visit } from './support';

/*
 * The back office's Brand and Risk screens in Chromium, as an owner uses them: switching off
 * registration by mobile number in Brand takes the choice out of the player site's register
 * popup at its next visit, without a restart; a provider win held over the brand's caps is
 * released from the Risk screen into the player's wallet.
 */

const VENDOR = 'JL';
const GAME = 'slot-five';

/** An owner's back-office tab, logged in (the login itself has its own journey). */
async function ownerTab(env: { readonly khela: Khela; readonly browser: Parameters<typeof open>[0] }) {
  const brandId = await defaultBrandId(env.khela);
  const staff = await env.khela.db.kysely
    .insertInto('staff')
    .values({ brand_id: brandId, username: `owner${randomUUID().slice(0, 6)}`, roles: ['owner'], created_by: 'e2e' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const session = await openStaffSession(env.khela.db, env.khela.app.config, staff.id, {
    brand: { id: brandId } as never,
    ip: '127.0.0.1',
    userAgent: 'e2e',
  });
  const opened = await open(env.browser);
  await opened.context.addInitScript((token) => {
    localStorage.setItem('admin.lang', 'en');
    sessionStorage.setItem('admin.token', token);
  }, session.token);
  return opened;
}

/** A player whose 500.00 win on a 1.00 stake the brand's caps hold, through the signed provider API. */
async function heldWin(khela: Khela): Promise<{ account: string; memberId: bigint }> {
  const brandId = await defaultBrandId(khela);
  await khela.db.kysely
    .updateTable('brands')
    .set({ provider_win_amount_cap: 10_000n })
    .where('id', '=', brandId)
    .execute();
  khela.refresh();
  const account = `held${randomUUID().slice(0, 6)}`;
  const m = await khela.db.kysely
    .insertInto('members')
    .values({ brand_id: brandId, account, member_label: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const holder = { id: m.id, brandId, isAgent: 0 };
  await adjust(khela.db, { brandId, member: holder, amount: 10_000n, currency: 'BDT', reason: 'e2e', actor: 'e2e' });
  const s = await provider.createGameSession(khela.db, { member: holder, vendor: VENDOR, gameCode: GAME });
  const vendor = await khela.db.kysely
    .selectFrom('provider_vendors')
    .select('secret')
    .where('brand_id', '=', brandId)
    .where('code', '=', VENDOR)
    .executeTakeFirstOrThrow();
  const u = randomUUID().slice(0, 8);
  const common = { playerId: m.id.toString(), roundId: `r-${u}`, gameCode: GAME, currency: s.currency };
  const send = async (call: 'bet' | 'win', body: object) => {
    const raw = Buffer.from(JSON.stringify(body));
    const timestamp = String(Math.floor(Date.now() / 1000));
    const res = await fetch(`${khela.url}/provider/${VENDOR}/${call}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PROVIDER_TIMESTAMP_HEADER]: timestamp,
        [PROVIDER_SIGNATURE_HEADER]: sign(vendor.secret, timestamp, raw),
      },
      body: raw,
    });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  await send('bet', { ...common, txId: `bet-${u}`, token: s.token, amount: '1.00' });
  await send('win', { ...common, txId: `win-${u}`, amount: '500.00' });
  expect(await provider.heldWinCount(khela.db, brandId)).toBeGreaterThan(0);
  return { account, memberId: m.id };
}

async function walletOf(khela: Khela, memberId: bigint): Promise<bigint> {
  const r = await khela.db.kysely
    .selectFrom('ledger_accounts as a')
    .innerJoin('wallet_balances as b', 'b.account_id', 'a.id')
    .select('b.balance')
    .where('a.member_id', '=', memberId)
    .executeTakeFirst();
  return r?.balance ?? 0n;
}

/** Whether the player site's register popup offers registration by mobile number. */
async function registerOffersMobile(env: Parameters<typeof visit>[0]): Promise<boolean> {
  const { page, context } = await visit(env, 'en', '/');
  try {
    await page
      .getByRole('banner')
      .getByRole('button', { name: exact(t('en', 'header.register')) })
      .click();
    const form = page.getByRole('form', { name: exact(t('en', 'auth.registerTitle')) });
    await form.getByRole('textbox').first().waitFor();
    // The ways to register stand above the form, in the same popup.
    return (await page.getByRole('tablist', { name: exact(t('en', 'auth.registerModes')) }).count()) > 0;
  } finally {
    await context.close();
  }
}

const nav = (page: Page) => page.getByRole('navigation', { name: exact(tx('shell.navigation')) });

describe('the back office: Brand and Risk', () => {
  const env = useKhela();

  it("switches registration by mobile number off in Brand, and the player site's register popup stops offering it", async () => {
    expect(await registerOffersMobile(env)).toBe(true);
    const { page, context } = await ownerTab(env);
    try {
      await page.goto(`${env.khela.url}/admin/brand`);
      const toggle = page.getByLabel(exact(tx('brand.toggles.MOBILENUMREG3')));
      await toggle.waitFor();
      expect(await toggle.isChecked()).toBe(true);
      await toggle.uncheck();
      await page.getByRole('button', { name: exact(tx('brand.review')) }).click();
      const dialog = page.getByRole('dialog', { name: exact(tx('brand.reviewTitle')) });
      await dialog.getByText(tx('brand.labels.toggles')).waitFor();
      await dialog.getByLabel(exact(tx('brand.reason'))).fill('no SMS gateway yet');
      await dialog.getByRole('button', { name: exact(tx('brand.save')) }).click();
      await page.getByText(tx('brand.saved', { n: 1 })).waitFor();
    } finally {
      await context.close();
    }
    expect(await registerOffersMobile(env)).toBe(false);
  });

  it('releases a held win from the Risk screen into the player wallet, with the count beside Risk', async () => {
    const win = await heldWin(env.khela);
    const before = await walletOf(env.khela, win.memberId);
    const { page, context } = await ownerTab(env);
    try {
      await page.goto(`${env.khela.url}/admin/dashboard`);
      await nav(page)
        .getByText(tx('nav.riskWaiting', { count: 1 }))
        .waitFor();
      await nav(page)
        .getByRole('link', { name: tx('nav.risk') })
        .click();
      const held = page.getByRole('region', { name: exact(tx('risk.heldTitle')) });
      await held.getByText(win.account).waitFor();
      await held.getByRole('button', { name: exact(tx('risk.releaseOf', { player: win.account })) }).click();
      const dialog = page.getByRole('dialog', { name: exact(tx('risk.confirm.release')) });
      await dialog.getByLabel(exact(tx('risk.reasonLabel'))).fill('vendor confirmed the round');
      await dialog.getByRole('button', { name: exact(tx('risk.confirmButton.release')) }).click();
      await page.getByText(tx('risk.outcomes.decided', { player: win.account, amount: '৳500.00' })).waitFor();
      await held.getByText(tx('risk.empty')).waitFor();
      expect(
        await nav(page)
          .getByText(tx('nav.riskWaiting', { count: 1 }))
          .count(),
      ).toBe(0);
    } finally {
      await context.close();
    }
    expect(await walletOf(env.khela, win.memberId)).toBe(before + 50_000n);
  });
});
