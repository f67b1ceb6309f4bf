import type { CrashBetValue } from '@khela/contract';
import { formatter } from '@khela/contract/format';
import { sql } from 'kysely';
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from './harness';
import { fundedPlayer, openLoggedIn } from './sessions';
import { exact, type Lang, money, t, useKhela } from './support';

/*
 * A crash round end to end, on the server's real clock: two players open Rocket Crash from the
 * in-house lobby; one bets with an auto cash-out at 1.50×, the other sees that bet in the round's
 * live list; when the rocket passes 1.50× the winner's header balance, and the game's own, rise by
 * exactly stake × 1.50 − stake; the round's revealed hash then verifies on the fairness page. A round that busts below
 * 1.50× loses the bet; the test then bets on the next round (each round reaches 1.50× with
 * probability 0.97 / 1.5 ≈ 65 %).
 */

/** The single row a query must return. */
function one<T>(r: { rows: T[] }): T {
  const row = r.rows[0];
  if (!row) throw new Error('no row');
  return row;
}

const GAME_NAME: Record<Lang, string> = { bn: 'রকেট ক্র্যাশ', en: 'Rocket Crash' };
const MAX_ROUNDS = 8;
/**
 * The longest a round can keep the next betting window away: a bust at the 10,000× cap flies for
 * 154 s, then the pause. A page that opens in such a flight waits that long for a window (one in
 * ten pages opens in a flight with more than 30 s left), and so does a bet that lost the race with
 * a closing window.
 */
const LONGEST_ROUND_MS = 170_000;

const multiplier = (lang: Lang, hundredths: number) => formatter(lang).multiplier(hundredths / 100);

describe('the crash game, two players in one round', () => {
  const env = useKhela();

  async function openCrash(lang: Lang, phone: boolean) {
    const account = await fundedPlayer(env.khela, `crash${lang}`);
    const opened = await openLoggedIn(env, account, lang, {
      path: '/inhouse',
      reducedMotion: 'reduce',
      ...(phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : {}),
    });
    await opened.page.getByRole('button', { name: exact(GAME_NAME[lang]) }).click();
    const frame = opened.page.frameLocator('iframe.game-frame');
    await frame.getByRole('region', { name: t(lang, 'play-crash.panel', { n: 1 }) }).waitFor();
    return { ...opened, account, frame };
  }

  /** Waits for a betting window, then bets 1.00 with auto cash-out at 1.50× in panel 1. */
  async function betAtOneFifty(page: Page, frame: FrameLocator, lang: Lang): Promise<CrashBetValue | null> {
    const panel = frame.getByRole('region', { name: t(lang, 'play-crash.panel', { n: 1 }) });
    const startsIn = new RegExp(t(lang, 'play-crash.startsIn', { seconds: '999' }).replace('999', '.+'));
    await frame.getByText(startsIn).waitFor({ timeout: LONGEST_ROUND_MS });
    await panel.locator('input[type=checkbox]').check();
    await panel.getByRole('textbox', { name: t(lang, 'play-crash.target') }).fill('1.50');
    const bet = panel.getByRole('button', { name: exact(t(lang, 'play-crash.bet')) });
    // Awaited together, so a click that fails leaves no wait for an answer running unobserved.
    const clicked = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/play/api/crash/bet')),
      bet.click(),
    ]).catch(async (e: unknown) => {
      // A window that closed between seeing it and the click disables the button: the next
      // round's is as good. Any other failure is the test's.
      if (await bet.isDisabled()) return null;
      throw e;
    });
    if (!clicked) return null;
    const [response] = clicked;
    // A window that closed while the bet travelled: the next round's, again.
    if (response.status() !== 200) return null;
    return ((await response.json()) as { value: CrashBetValue }).value;
  }

  it('pays an auto cash-out at 1.50×, shows it to another player, and verifies the round', {
    // Room for the two longest waits (a window after a long flight, the winning round's bust).
    timeout: 3 * LONGEST_ROUND_MS,
  }, async () => {
    const winner = await openCrash('bn', false);
    const watcher = await openCrash('en', true);
    const balance = winner.page.getByTestId('header-balance');
    await expect.poll(() => balance.textContent()).toBe(money('bn', 100_000n));
    const member = await env.khela.db.kysely
      .selectFrom('members')
      .select('id')
      .where('account', '=', winner.account)
      .executeTakeFirstOrThrow();

    let won: { roundId: bigint; stake: bigint; win: bigint; name: string } | null = null;
    let spent = 0n;
    for (let i = 0; i < MAX_ROUNDS && !won; i++) {
      const placed = await betAtOneFifty(winner.page, winner.frame, 'bn');
      if (!placed) continue;
      const bet = one(
        await sql<{ id: bigint; round_id: bigint; name: string; stake: bigint }>`
          SELECT id, round_id, name, stake FROM crash_bets WHERE member_id = ${member.id} ORDER BY id DESC LIMIT 1`.execute(
          env.khela.db.kysely,
        ),
      );
      // The other player sees the bet in the round's live list (the bettor's masked name).
      await watcher.frame.locator('.crash-bets').getByText(bet.name).first().waitFor({ timeout: 15_000 });
      // The round ends: the bet is cashed at 1.50× or lost at a lower bust.
      const settled = async () =>
        one(
          await sql<{ status: string; win: bigint | null; multiplier: number | null }>`
            SELECT status, win, multiplier FROM crash_bets WHERE id = ${bet.id}`.execute(env.khela.db.kysely),
        );
      await expect.poll(async () => (await settled()).status, { timeout: 60_000 }).not.toBe('open');
      const done = await settled();
      spent += bet.stake;
      if (done.status === 'cashed') {
        expect(done.multiplier).toBe(150);
        expect(done.win).toBe((bet.stake * 150n) / 100n);
        won = { roundId: bet.round_id, stake: bet.stake, win: done.win ?? 0n, name: bet.name };
      }
    }
    if (!won) throw new Error(`no round reached 1.50× in ${MAX_ROUNDS} rounds`);

    // The header follows the ledger live: every stake out, the one win in.
    await expect.poll(() => balance.textContent(), { timeout: 10_000 }).toBe(money('bn', 100_000n - spent + won.win));
    // So does the game's own balance: the auto cash-out was no answer to a call of the page's.
    await expect
      .poll(() => winner.frame.locator('.crash-balance').textContent(), { timeout: 10_000 })
      .toContain(money('bn', 100_000n - spent + won.win));
    // The game links to the page that checks its rounds.
    const how = winner.frame.getByRole('link', { name: exact(t('bn', 'play-crash.howFair')) });
    expect(await how.getAttribute('href')).toBe('/fairness?game=crash');

    // The round's hash is revealed at the bust (as late as a round can fly); the fairness page
    // then recomputes its bust point from the hash alone.
    const roundOf = async () =>
      one(
        await sql<{ hash: string; bust: number; status: string }>`
          SELECT hash, bust, status FROM crash_rounds WHERE id = ${won.roundId}`.execute(env.khela.db.kysely),
      );
    await expect
      .poll(async () => (await roundOf()).status, { timeout: LONGEST_ROUND_MS, interval: 1_000 })
      .toBe('busted');
    const round = await roundOf();
    await watcher.page.goto(`${env.khela.url}/fairness?game=crash&hash=${round.hash}`);
    await watcher.page.getByText(multiplier('en', round.bust), { exact: true }).first().waitFor();
    expect(winner.errors).toEqual([]);
    expect(watcher.errors).toEqual([]);
    await winner.context.close();
    await watcher.context.close();
  });
});
