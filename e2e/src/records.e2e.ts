import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PROVIDER_SIGNATURE_HEADER, PROVIDER_TIMESTAMP_HEADER } from '@khela/contract';
import { describe, expect, it } from 'vitest';
import { createGameSession } from '../../apps/server/src/modules/provider/service';
import { sign } from '../../apps/server/src/modules/provider/signature';
import { adjust } from '../../apps/server/src/modules/wallet/service';
import { PHONE } from './harness';
import { openLoggedIn } from './sessions';
import { addMember, defaultBrandId, exact, type Lang, money, t, useKhela } from './support';

/*
 * The player's records (spec §2 'Member centre pages'): an operator's credit and a provider's bet
 * and win, found in the account record and the betting record of the member centre, opened from the
 * avatar menu. The provider is driven over its signed HTTP API, as an aggregator calls it.
 * SHOTS=<dir> keeps screenshots (phone and desktop, dark and light) for a look.
 */

const LANGS = ['bn', 'en'] as const;
const VENDOR = 'JL';
const GAME = 'slot-five';
const SHOTS = process.env.SHOTS;

describe('the member centre records', () => {
  const env = useKhela();

  async function player(lang: Lang) {
    const account = `rec${lang}${Date.now().toString(36).slice(-6)}`;
    const id = await addMember(env.khela, { account, password: 'Kh#records2024' });
    const brandId = await defaultBrandId(env.khela);
    const member = { id, brandId, isAgent: 0 };
    await adjust(env.khela.db, { brandId, member, amount: 500_000n, currency: 'BDT', reason: 'e2e', actor: 'e2e' });
    const vendor = await env.khela.db.kysely
      .selectFrom('provider_vendors')
      .select('secret')
      .where('brand_id', '=', brandId)
      .where('code', '=', VENDOR)
      .executeTakeFirstOrThrow();
    const session = await createGameSession(env.khela.db, { member, vendor: VENDOR, gameCode: GAME });
    const round = `round-${randomUUID().slice(0, 8)}`;
    const call = async (name: 'bet' | 'win', body: Record<string, unknown>) => {
      const raw = Buffer.from(JSON.stringify(body));
      const ts = String(Math.floor(Date.now() / 1000));
      const res = await fetch(`${env.khela.url}/provider/${VENDOR}/${name}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [PROVIDER_TIMESTAMP_HEADER]: ts,
          [PROVIDER_SIGNATURE_HEADER]: sign(vendor.secret, ts, raw),
        },
        body: raw,
      });
      expect(res.status).toBe(200);
    };
    const common = { playerId: id.toString(), roundId: round, gameCode: GAME, currency: 'BDT' };
    await call('bet', { ...common, txId: `b-${randomUUID()}`, token: session.token, amount: '20.00' });
    await call('win', { ...common, txId: `w-${randomUUID()}`, amount: '55.50' });
    return { account, round };
  }

  for (const lang of LANGS)
    for (const phone of [false, true]) {
      it(`finds the credit, the bet and the win, and the round (${lang}, ${phone ? 'phone' : 'desktop'})`, async () => {
        const { account, round } = await player(lang);
        const theme = phone ? 'light' : 'dark';
        const { page, errors, context } = await openLoggedIn(env, account, lang, {
          theme,
          ...(phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : {}),
        });
        await page.getByRole('button', { name: new RegExp(account) }).click();
        await page.getByRole('menuitem', { name: exact(t(lang, 'account.accountRecord')) }).click();
        const dialog = page.getByRole('dialog', { name: t(lang, 'memberCentre.title') });
        // As a statement writes them: signed, with the taka sign where the language puts it.
        const signed = (amount: string) => money(lang, amount, { symbol: '৳', signed: true });
        await dialog.getByText(signed('5000')).first().waitFor();
        await dialog.getByText(signed('-20')).first().waitFor();
        await dialog.getByText(signed('55.5')).first().waitFor();
        expect(await dialog.getByText(t(lang, 'memberCentre.txTypes.adjust')).count()).toBeGreaterThan(0);
        if (SHOTS) {
          mkdirSync(SHOTS, { recursive: true });
          await page.screenshot({ path: `${SHOTS}/account-${lang}-${phone ? 'phone' : 'desktop'}-${theme}.png` });
        }

        await dialog.getByRole('link', { name: exact(t(lang, 'memberCentre.pages.personalHistoryCopy')) }).click();
        // The account record, which quotes the same round id, stays on screen until the betting
        // record has loaded: look inside the betting record's own region.
        const bets = dialog.getByRole('region', { name: t(lang, 'memberCentre.pages.personalHistoryCopy') });
        await bets.getByText(round, { exact: true }).first().waitFor();
        expect(await bets.getByText(t(lang, 'memberCentre.statuses.completed')).count()).toBeGreaterThan(0);
        await bets.getByText(signed('35.5')).first().waitFor();
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/betting-${lang}-${phone ? 'phone' : 'desktop'}-${theme}.png` });

        await dialog.getByRole('link', { name: exact(t(lang, 'memberCentre.pages.personalProfit')) }).click();
        await dialog.getByRole('cell', { name: VENDOR }).waitFor();
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/profit-${lang}-${phone ? 'phone' : 'desktop'}-${theme}.png` });
        expect(errors).toEqual([]);
        await context.close();
      });
    }
});
