import type { FrameLocator, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from './harness';
import { fundedPlayer, openLoggedIn } from './sessions';
import { exact, type Lang, t, useKhela } from './support';

/*
 * One way to write numbers (decision 0027): a Bengali page shows Bengali digits only, an English
 * page Latin digits only, with lakh grouping and the taka sign where each language puts it — in
 * the header's balance, the account record (the wallet's movements and balances) and a game
 * page. Codes a player quotes as they are (round ids, hashes and seeds, in <code>) keep theirs.
 */

const GAME_NAME: Record<Lang, string> = { bn: 'লাকি ডাইস', en: 'Lucky Dice' };
/** ৳12,34,567.50: a balance that needs lakh grouping. */
const OPENING = 123_456_750n;

/**
 * What a person sees in `root`: its visible text and what its number fields hold, leaving out
 * <code> (quoted references), hidden elements and drawings.
 */
function shown(root: Locator): Promise<string> {
  return root.evaluate((el: Element) => {
    const parts: string[] = [];
    const visit = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) {
        parts.push(node.textContent ?? '');
        return;
      }
      if (!(node instanceof HTMLElement)) return;
      if (['CODE', 'SCRIPT', 'STYLE', 'TEMPLATE'].includes(node.tagName)) return;
      // An element laid out as its children alone (display: contents) has no box of its own.
      if (getComputedStyle(node).display !== 'contents' && !node.checkVisibility()) return;
      if (node instanceof HTMLInputElement && ['numeric', 'decimal'].includes(node.inputMode)) parts.push(node.value);
      node.childNodes.forEach(visit);
    };
    visit(el);
    // Algorithm names are names, not numbers: "SHA-256" reads the same in a Bengali sentence.
    return parts.join(' ').replace(/SHA-?256/g, 'SHA');
  });
}

/**
 * Bengali: some Bengali digits and no Latin ones; English the reverse. The player's account
 * name is theirs, as they wrote it (these test accounts carry Latin digits).
 */
async function expectDigitsOf(lang: Lang, where: string, root: Locator, account: string) {
  const text = (await shown(root)).split(account).join('');
  const [own, other] = lang === 'bn' ? [/[০-৯]/, /[0-9]/] : [/[0-9]/, /[০-৯]/];
  expect(own.test(text), `${where} shows a number in ${lang}: ${text}`).toBe(true);
  expect(text.match(new RegExp(`.{0,12}${other.source}.{0,12}`, 'g')) ?? [], `${where} in ${lang}`).toEqual([]);
}

async function openDice(page: Page, lang: Lang, phone: boolean): Promise<FrameLocator> {
  await page.goto(new URL('/inhouse', page.url()).href);
  await page.getByRole('button', { name: exact(GAME_NAME[lang]) }).click();
  if (phone) await page.waitForURL(/\/game\?/);
  const frame = page.frameLocator('iframe.game-frame');
  await frame.getByRole('button', { name: exact(t(lang, 'play-dice.roll')) }).waitFor();
  return frame;
}

describe('digits', () => {
  const env = useKhela();

  for (const [lang, phone] of [
    ['bn', false],
    ['en', false],
    ['bn', true],
    ['en', true],
  ] as const) {
    it(`shows ${lang === 'bn' ? 'Bengali' : 'Latin'} digits only: header, account record, dice (${lang}, ${phone ? 'phone' : 'desktop'})`, async () => {
      const account = await fundedPlayer(env.khela, `digits${lang}${phone ? 'p' : 'd'}`, OPENING);
      const { page, context, errors } = await openLoggedIn(env, account, lang, {
        reducedMotion: 'reduce',
        ...(phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : {}),
      });
      const header = page.getByRole('banner');
      const balance = page.getByTestId('header-balance');
      await expect.poll(() => balance.textContent()).toBe(lang === 'bn' ? '১২,৩৪,৫৬৭.৫০' : '12,34,567.50');
      // The sign after the amount in Bengali, before it in English.
      const wallet = header.locator('.hb-amount');
      await expect.poll(() => wallet.textContent()).toBe(lang === 'bn' ? '১২,৩৪,৫৬৭.৫০৳' : '৳12,34,567.50');
      await expectDigitsOf(lang, 'the header', header, account);

      await page.getByRole('button', { name: new RegExp(account) }).click();
      await page.getByRole('menuitem', { name: exact(t(lang, 'account.accountRecord')) }).click();
      const centre = page.getByRole('dialog', { name: t(lang, 'memberCentre.title') });
      const opening = lang === 'bn' ? '+১২,৩৪,৫৬৭.৫০৳' : '+৳12,34,567.50';
      await centre.getByText(opening, { exact: true }).first().waitFor();
      await expectDigitsOf(lang, 'the account record', centre, account);
      await page.keyboard.press('Escape');
      await centre.waitFor({ state: 'hidden' });

      const frame = await openDice(page, lang, phone);
      await frame.getByRole('button', { name: exact(t(lang, 'play-dice.roll')) }).click();
      await frame.locator('.history-list li').first().waitFor();
      await expectDigitsOf(lang, 'the dice page', frame.locator('body'), account);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
