import { crashPointOf, hashChain } from '@khela/games/fair/crash';
import { diceMultiplier, diceRoll } from '@khela/games/fair/dice';
import { describe, expect, it } from 'vitest';
import { blocking, describeViolations, runAxe } from './axe';
import { exact, type Lang, settle, t, useKhela, visit } from './support';

/*
 * The fairness page in a real browser: the page's own chunk (the hash code) loads, a deep link
 * from a game checks its round at once, a pasted crash hash is checked by typing, and the page
 * passes axe. Expected figures come from @khela/games in the test, so they are the server's.
 */

const SEED = 'ab'.repeat(32);
const CHAIN = hashChain('6b68656c61'.padEnd(64, '0'), 5);
const fixed = (lang: Lang, n: number, digits: number, max = digits) =>
  new Intl.NumberFormat(lang === 'bn' ? 'bn-BD' : 'en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: max,
  }).format(n);

describe('/fairness', () => {
  const env = useKhela();

  for (const lang of ['bn', 'en'] as const) {
    it(`checks a dice round from a game's deep link (${lang})`, async () => {
      const nonce = 7;
      const roll = diceRoll(SEED, 'lucky', nonce);
      const { context, page, errors } = await visit(
        env,
        lang,
        `/fairness?game=dice&serverSeed=${SEED}&clientSeed=lucky&nonce=${nonce}&target=25&side=over`,
      );
      try {
        await page.getByRole('heading', { level: 1, name: exact(t(lang, 'fairness.title')) }).waitFor();
        // The steps of how it works count in the page's digits: ১. ২. ৩. on a Bengali page.
        const steps = page.locator('.fair-how ol').first();
        expect(await steps.evaluate((ol) => getComputedStyle(ol).listStyleType)).toBe(
          lang === 'bn' ? 'bengali' : 'decimal',
        );
        const result = page.getByRole('status');
        await result.getByText(exact(fixed(lang, roll / 100, 2))).waitFor();
        const won = t(lang, 'fairness.dice.won', {
          multiplier: fixed(lang, diceMultiplier(2500, 'over') / 10_000, 2, 4),
        });
        expect(await result.getByText(exact(won)).count()).toBe(roll > 2500 ? 1 : 0);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('checks a pasted crash hash against the previous one, and passes axe', async () => {
    const { context, page, errors } = await visit(env, 'en', '/fairness');
    try {
      await page.getByLabel(t('en', 'fairness.crash.hash')).fill(CHAIN[2] as string);
      await page.getByLabel(t('en', 'fairness.crash.previousHash'), { exact: false }).fill(CHAIN[1] as string);
      await page.getByRole('button', { name: exact(t('en', 'fairness.verify')) }).click();
      const result = page.getByRole('status');
      await result.getByText(`${fixed('en', crashPointOf(CHAIN[2] as string) / 100, 2)}×`).waitFor();
      expect(await result.getByText(exact(t('en', 'fairness.yes'))).count()).toBe(1);
      await settle(page);
      const found = blocking(await runAxe(page));
      expect(
        found.map((v) => v.id),
        describeViolations('/fairness', found),
      ).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
