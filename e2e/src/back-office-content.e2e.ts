import { staffSetupConfirmCall, staffSetupPasswordCall } from '@khela/contract';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { staffCommand } from '../../apps/server/src/cli-back-office';
import { tx } from './admin-texts';
import { defaultBrandId, exact, open, settle, t, useKhela } from './support';

/*
 * The Content desk in Chromium (decision 0039): a content staff member rewrites an announcement
 * in the rich-text editor and, in its HTML view, adds a script and an event handler; the player
 * site, open in another browser context, shows the new text on its next load, and nothing of the
 * script survives — not in the page, not in the database.
 */

const PASSWORD = 'Harbour-Lantern-Quiet-93';
const codeAt = (secret: string, steps: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const TITLE = { bn: 'শনিবারের ফাইনাল', en: 'Saturday final' };
const OLD_TEXT = 'খেলা শুরু রাত ৮টায়';
const NEW_TEXT = 'খেলা শুরু রাত ৯টায়';

type Probe = { __pwned?: number };

/** The player's notice list, opened from the side menu, on the notice of TITLE. */
async function playerNotice(page: Page) {
  // Notices are kept for the browser session: start from an empty cache so the list is read again.
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  const menu = page.getByRole('complementary', { name: exact(t('bn', 'sideMenu.label')) });
  await menu.waitFor();
  await settle(page);
  await menu.getByRole('button', { name: exact(t('bn', 'sideMenu.announcements')) }).click();
  const dialog = page.getByRole('dialog', { name: exact(t('bn', 'notices.title')) });
  await dialog.getByRole('button', { name: TITLE.bn }).click();
  return dialog.getByRole('article', { name: exact(TITLE.bn) }).locator('.notice-content');
}

describe('the back office: content reaches the player site', () => {
  const env = useKhela();

  it('an announcement rewritten in the rich-text editor shows on the next load, without its script', async () => {
    const brandId = await defaultBrandId(env.khela);
    const { id } = await env.khela.db.kysely
      .insertInto('announcements')
      .values({
        brand_id: brandId,
        type: 'PL',
        platform: 'W',
        title: JSON.stringify(TITLE),
        content: JSON.stringify({ bn: `<p>${OLD_TEXT}</p>`, en: '<p>Kick-off at 8 pm</p>' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    // A content staff member, set up by the printed link's calls.
    const out = await staffCommand(env.khela.db, env.khela.url, ['create'], {
      brand: 'khela',
      username: 'content.e2e',
      role: 'content',
    });
    const token = (out.trim().split('\n').at(-1) as string).split('/admin/setup/')[1];
    const post = async (p: string, body: unknown) => {
      const res = await fetch(`${env.khela.url}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return (await res.json()).value;
    };
    const { secret } = await post(staffSetupPasswordCall.path, { token, password: PASSWORD });
    await post(staffSetupConfirmCall.path, { token, code: await codeAt(secret, 0) });

    const player = await open(env.browser);
    const staff = await open(env.browser);
    try {
      // The player sees the notice as it is.
      await player.page.goto(`${env.khela.url}/`);
      await (await playerNotice(player.page)).getByText(OLD_TEXT).waitFor();

      // The staff member logs in and opens the announcement.
      const page = staff.page;
      await staff.context.addInitScript(() => localStorage.setItem('admin.lang', 'en'));
      await page.goto(`${env.khela.url}/admin/content/announcements`);
      await page.getByLabel(exact(tx('login.username'))).fill('content.e2e');
      await page.getByLabel(exact(tx('login.password'))).fill(PASSWORD);
      await page.getByRole('button', { name: exact(tx('login.next')) }).click();
      await page.getByLabel(exact(tx('login.code'))).fill(await codeAt(secret, 1));
      await page.getByRole('button', { name: exact(tx('login.submit')) }).click();
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: exact(TITLE.en) }) });
      await row.getByRole('button', { name: new RegExp(`^${tx('content.edit')}`) }).click();

      // Rewritten in the editor: select everything in the Bengali text and type over it.
      const editor = page.getByRole('textbox', {
        name: exact(`${tx('content.fields.content')} · ${tx('content.languages.bn')}`),
      });
      await editor.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(NEW_TEXT);
      await page.getByRole('button', { name: exact(tx('content.editor.bold')) }).waitFor();

      // The HTML view takes anything: a script and a handler are typed in after the text.
      await page.getByRole('button', { name: exact(tx('content.editor.html')) }).click();
      const source = page.getByRole('textbox', { name: new RegExp(tx('content.editor.html')) });
      expect(await source.inputValue()).toContain(NEW_TEXT);
      await source.press('End');
      await source.pressSequentially('<script>window.__pwned=1</script><img src="x" onerror="window.__pwned=2">');
      await page.getByRole('button', { name: exact(tx('content.save')) }).click();
      await page.getByRole('status').filter({ hasText: TITLE.en }).waitFor();

      // Stored clean.
      const stored = await env.khela.db.kysely
        .selectFrom('announcements')
        .select('content')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const bn = (stored.content as Record<string, string>).bn ?? '';
      expect(bn).toContain(NEW_TEXT);
      expect(bn).not.toMatch(/<script|onerror|__pwned/i);

      // The player's next load shows the new text, and nothing ran.
      const content = await playerNotice(player.page);
      await content.getByText(NEW_TEXT).waitFor();
      expect(await content.getByText(OLD_TEXT).count()).toBe(0);
      await player.page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('.notice-content img')).every((img) => img.complete),
      );
      expect(await player.page.evaluate(() => (window as unknown as Probe).__pwned)).toBeUndefined();
      expect(await content.locator('script, [onerror]').count()).toBe(0);
    } finally {
      await player.context.close();
      await staff.context.close();
    }
  });
});
