import { mkdirSync } from 'node:fs';
import type { SlotSpinValue } from '@khela/contract';
import { serverSeedHash } from '@khela/games/fair/seed-hash';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from './harness';
import { fundedPlayer, openLoggedIn } from './sessions';
import { exact, type Lang, money, t, useKhela } from './support';

/*
 * The money path end to end: a player opens the in-house lobby, launches the slot (the game popup
 * on a desktop, the /game page on a phone), spins real rounds against the wallet, and sees the
 * header balance follow without a reload; then finds the round in the betting record and its debit
 * and credit in the account record. Before every spin the game shows the hash of the seed its
 * round will use; the round reveals that seed, and its link checks the round on the fairness
 * page. Nothing is faked: the launch, the single-use ticket, the spin,
 * the seamless-wallet calls and the ledger are the server's own. SHOTS=<dir> keeps screenshots for
 * a look.
 */

const SHOTS = process.env.SHOTS;
const GAME_NAME: Record<Lang, string> = { bn: 'খেলা স্লট', en: 'Khela Slots' };
/** Spins until a round both debits and credits with a net change; a 30 %-hit slot needs a few. */
const MAX_SPINS = 60;

const isSpin = (r: Response) => r.url().endsWith('/play/api/slot/spin') && r.request().method() === 'POST';

describe('the in-house slot, launched from the lobby', () => {
  const env = useKhela();

  const player = (lang: Lang) => fundedPlayer(env.khela, `slot${lang}`);

  /** Spins until a round has a win that is not the stake back; returns that round. */
  async function spinUntilNetWin(page: Page, lang: Lang): Promise<SlotSpinValue> {
    const frame = page.frameLocator('iframe.game-frame');
    const spin = frame.getByRole('button', { name: exact(t(lang, 'play.spin')) });
    const fair = frame.getByRole('region', { name: exact(t(lang, 'play.howFair')) });
    for (let i = 0; i < MAX_SPINS; i++) {
      // The commitment on screen before the spin: the round must reveal the seed behind it.
      const shown = await fair.locator('code').first().textContent();
      const answer = page.waitForResponse(isSpin);
      await spin.click();
      const response = await answer;
      expect(response.status()).toBe(200);
      const round = ((await response.json()) as { value: SlotSpinValue }).value;
      expect(shown).toMatch(/^[0-9a-f]{64}$/);
      expect(serverSeedHash(round.serverSeed)).toBe(shown);
      await fair.getByText(round.nextServerSeedHash).waitFor();
      if (Number(round.win) > 0 && round.win !== round.stake) return round;
    }
    throw new Error(`no net win in ${MAX_SPINS} spins`);
  }

  for (const [lang, phone] of [
    ['bn', false],
    ['en', true],
  ] as const) {
    it(`plays the slot and finds the round in the records (${lang}, ${phone ? 'phone' : 'desktop'})`, async () => {
      const account = await player(lang);
      const { page, context, errors } = await openLoggedIn(env, account, lang, {
        path: '/inhouse',
        reducedMotion: 'reduce',
        ...(phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : {}),
      });
      const balance = page.getByTestId('header-balance');
      await expect.poll(() => balance.textContent()).toBe(money(lang, '1000.00'));

      await page.getByRole('button', { name: exact(GAME_NAME[lang]) }).click();
      if (phone) await page.waitForURL(/\/game\?/);
      else await page.getByRole('dialog', { name: GAME_NAME[lang] }).waitFor();
      const frame = page.frameLocator('iframe.game-frame');
      await frame.getByRole('button', { name: exact(t(lang, 'play.spin')) }).waitFor();

      const round = await spinUntilNetWin(page, lang);
      // The header follows the ledger over the WebSocket, without a reload.
      await expect.poll(() => balance.textContent(), { timeout: 10_000 }).toBe(money(lang, round.balance));
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/slot-${lang}-${phone ? 'phone' : 'desktop'}.png` });
      }
      // The round's own link checks it on the fairness page, in a tab beside the game.
      const checking = context.waitForEvent('page');
      await frame.getByRole('link', { name: exact(t(lang, 'play.checkRound')) }).click();
      const check = await checking;
      await check.getByRole('heading', { level: 1, name: exact(t(lang, 'fairness.title')) }).waitFor();
      const result = check.getByRole('status');
      await result
        .getByText(exact(money(lang, round.win, { symbol: '৳' })))
        .first()
        .waitFor();
      const matches = result.locator('.fair-row').filter({ hasText: t(lang, 'fairness.slot.hashMatches') });
      expect(await matches.locator('dd').textContent()).toBe(t(lang, 'fairness.yes'));
      await check.close();

      // The popup's close button (Escape would go to the game, which has the keyboard focus).
      if (!phone)
        await page
          .getByRole('dialog', { name: GAME_NAME[lang] })
          .getByRole('button', { name: exact(t(lang, 'common.close')) })
          .click();
      await page.getByRole('button', { name: new RegExp(account) }).click();
      await page.getByRole('menuitem', { name: exact(t(lang, 'account.accountRecord')) }).click();
      const centre = page.getByRole('dialog', { name: t(lang, 'memberCentre.title') });
      await centre
        .getByText(money(lang, `-${round.stake}`, { symbol: '৳' }))
        .first()
        .waitFor();
      await centre
        .getByText(money(lang, round.win, { symbol: '৳', signed: true }))
        .first()
        .waitFor();

      await centre.getByRole('link', { name: exact(t(lang, 'memberCentre.pages.personalHistoryCopy')) }).click();
      // The account record also lists the round's bet and win, and stays on screen until the
      // betting record has loaded: look inside the betting record's own region.
      const bets = centre.getByRole('region', { name: t(lang, 'memberCentre.pages.personalHistoryCopy') });
      const row = bets.getByRole('row').filter({ hasText: round.roundId });
      await row.waitFor();
      expect(await row.textContent()).toContain(GAME_NAME[lang]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/slot-record-${lang}-${phone ? 'phone' : 'desktop'}.png` });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
