import { mkdirSync } from 'node:fs';
import type { DiceBetValue, DiceSeedsValue } from '@khela/contract';
import { diceRoll, serverSeedHash } from '@khela/games';
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from './harness';
import { fundedPlayer, openLoggedIn } from './sessions';
import { exact, type Lang, money, t, useKhela } from './support';

/*
 * A dice session end to end: launched from the in-house lobby, a roll against the wallet, a changed
 * client seed (a rotation), a roll with it, another rotation that reveals its server seed — and
 * every roll of the session recomputes with the published formula, in the page and here. Nothing is
 * faked. SHOTS=<dir> keeps screenshots for a look.
 */

const SHOTS = process.env.SHOTS;
const GAME_NAME: Record<Lang, string> = { bn: 'লাকি ডাইস', en: 'Lucky Dice' };

async function answer<T>(page: Page, pathEnd: string, act: () => Promise<void>): Promise<T> {
  const response = page.waitForResponse((r) => r.url().endsWith(pathEnd) && r.request().method() === 'POST');
  await act();
  const r = await response;
  expect(r.status()).toBe(200);
  return ((await r.json()) as { value: T }).value;
}

describe('the in-house dice game, launched from the lobby', () => {
  const env = useKhela();

  const player = (lang: Lang) => fundedPlayer(env.khela, `dice${lang}`);

  const roll = (page: Page, frame: FrameLocator, lang: Lang) =>
    answer<DiceBetValue>(page, '/play/api/dice/bet', () =>
      frame.getByRole('button', { name: exact(t(lang, 'play-dice.roll')) }).click(),
    );

  for (const [lang, phone] of [
    ['bn', false],
    ['en', true],
  ] as const) {
    it(`rolls, changes the client seed and verifies every roll after rotation (${lang}, ${phone ? 'phone' : 'desktop'})`, async () => {
      const account = await player(lang);
      const { page, context, errors } = await openLoggedIn(env, account, lang, {
        path: '/inhouse',
        reducedMotion: 'reduce',
        ...(phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : {}),
      });
      await page.getByRole('button', { name: exact(GAME_NAME[lang]) }).click();
      if (phone) await page.waitForURL(/\/game\?/);
      const frame = page.frameLocator('iframe.game-frame');
      await frame.getByRole('button', { name: exact(t(lang, 'play-dice.roll')) }).waitFor();

      const first = await roll(page, frame, lang);
      expect(first.nonce).toBe(0);
      await frame.getByLabel(t(lang, 'play-dice.clientSeed')).fill('e2e-lucky-seed');
      const changed = await answer<DiceSeedsValue>(page, '/play/api/dice/seeds/rotate', () =>
        frame.getByRole('button', { name: exact(t(lang, 'play-dice.changeClientSeed')) }).click(),
      );
      expect(changed.current).toMatchObject({ clientSeed: 'e2e-lucky-seed', nextNonce: 0 });
      expect(changed.previous?.serverSeedHash).toBe(first.serverSeedHash);

      const second = await roll(page, frame, lang);
      expect(second).toMatchObject({ clientSeed: 'e2e-lucky-seed', nonce: 0 });
      const revealed = await answer<DiceSeedsValue>(page, '/play/api/dice/seeds/rotate', () =>
        frame.getByRole('button', { name: exact(t(lang, 'play-dice.rotate')) }).click(),
      );
      const seed = revealed.previous?.serverSeed ?? '';
      expect(serverSeedHash(seed)).toBe(second.serverSeedHash);
      expect(diceRoll(seed, 'e2e-lucky-seed', 0)).toBe(second.roll);
      expect(diceRoll(changed.previous?.serverSeed ?? '', first.clientSeed, 0)).toBe(first.roll);

      // The page checked both bets itself once their seeds were out.
      await expect.poll(() => frame.locator('.history .verified').count()).toBe(2);
      // The header follows the ledger over the WebSocket.
      const balance = page.getByTestId('header-balance');
      await expect.poll(() => balance.textContent()).toBe(money(lang, second.balance));
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/dice-${lang}-${phone ? 'phone' : 'desktop'}.png`, fullPage: true });
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
