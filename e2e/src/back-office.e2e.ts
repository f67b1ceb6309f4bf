import { staffSetupConfirmCall, staffSetupPasswordCall } from '@khela/contract';
import { sql } from 'kysely';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { staffCommand } from '../../apps/server/src/cli-back-office';
import { tx } from './admin-texts';
import { exact, open, useKhela } from './support';

/*
 * The back office in Chromium, as its first owner meets it: `staff create` prints a link; the
 * link sets a password and enrols TOTP (codes computed here, as an authenticator app would);
 * the recovery codes are shown once; login takes a TOTP code or a recovery code, and a
 * recovery code works once; an idle session ends and the app says so on the login page.
 */

const PASSWORD = 'Lantern-Quiet-Harbour-57';

/** The code an authenticator shows `steps` periods from now (a step is never accepted twice). */
const codeAt = (secret: string, steps: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** `staff create` as the operator runs it; the link is the output's last line. */
async function createOwner(db: Parameters<typeof staffCommand>[0], base: string, username: string) {
  const out = await staffCommand(db, base, ['create'], { brand: 'khela', username, role: 'owner' });
  return out.trim().split('\n').at(-1) as string;
}

/** Errors on the page other than the refused calls the journey makes on purpose. */
const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));

async function openAdmin(browser: Parameters<typeof open>[0]) {
  const opened = await open(browser);
  await opened.context.addInitScript(() => localStorage.setItem('admin.lang', 'en'));
  return opened;
}

async function passwordStep(page: Page, username: string) {
  await page.getByLabel(exact(tx('login.username'))).fill(username);
  await page.getByLabel(exact(tx('login.password'))).fill(PASSWORD);
  await page.getByRole('button', { name: exact(tx('login.next')) }).click();
}

async function logout(page: Page) {
  await page.getByRole('button', { name: exact(tx('shell.logout')) }).click();
  await page.getByRole('heading', { name: exact(tx('login.title')) }).waitFor();
}

describe('the back office: set-up, login with TOTP and recovery codes', () => {
  const env = useKhela();

  it('takes a new owner from the printed link to a logged-in shell, and a recovery code works once', async () => {
    const link = await createOwner(env.khela.db, env.khela.url, 'owner.e2e');
    expect(link).toMatch(new RegExp(`^${env.khela.url}/admin/setup/[A-Za-z0-9_-]+$`));
    const { page, context, errors } = await openAdmin(env.browser);
    try {
      await page.goto(link);
      // The password, with its rules on screen.
      await page.getByText(tx('setup.rule.length', { min: 12, max: 128 })).waitFor();
      await page.getByLabel(exact(tx('setup.password'))).fill(PASSWORD);
      await page.getByLabel(exact(tx('setup.confirm'))).fill(PASSWORD);
      await page.getByRole('button', { name: exact(tx('setup.setPassword')) }).click();

      // The authenticator: a QR code and the same key as text.
      const qr = page.getByRole('img', { name: exact(tx('setup.qrLabel')) });
      await qr.waitFor();
      const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
      expect(await qr.getAttribute('data-value')).toContain(`secret=${secret}`);
      await page.getByLabel(exact(tx('setup.code'))).fill(await codeAt(secret, 0));
      await page.getByRole('button', { name: exact(tx('setup.confirmCode')) }).click();

      // The recovery codes, shown once; the last step waits for "I have saved them".
      const list = page.getByRole('list', { name: exact(tx('setup.codesLabel')) });
      await list.waitFor();
      const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
      expect(codes).toHaveLength(10);
      const finish = page.getByRole('button', { name: exact(tx('setup.finish')) });
      expect(await finish.isDisabled()).toBe(true);
      await page.getByLabel(exact(tx('setup.saved'))).check();
      await finish.click();
      await page.getByText(tx('login.setupDone')).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/login');

      // Login: the password, then the authenticator's next code.
      await passwordStep(page, 'owner.e2e');
      await page.getByLabel(exact(tx('login.code'))).fill(await codeAt(secret, 1));
      await page.getByRole('button', { name: exact(tx('login.submit')) }).click();
      const nav = page.getByRole('navigation', { name: exact(tx('shell.navigation')) });
      await nav.waitFor();
      await page
        .getByRole('banner')
        .getByText(tx('common.timeZone', { zone: 'Asia/Dhaka' }))
        .waitFor();
      expect(await nav.getByRole('link').count()).toBe(12);

      // This session, marked, in My sessions; the login in the audit log.
      await nav.getByRole('link', { name: exact(tx('nav.sessions')) }).click();
      await page
        .getByRole('table', { name: exact(tx('sessions.title')) })
        .getByText(tx('sessions.thisOne'))
        .waitFor();
      await nav.getByRole('link', { name: tx('nav.audit') }).click();
      await page
        .getByRole('cell', { name: tx('audit.events.staff_login_ok') })
        .first()
        .waitFor();
      await page
        .getByRole('cell', { name: tx('audit.events.staff_totp_enrolled') })
        .first()
        .waitFor();
      // A deep link reloads into the same screen.
      await page.reload();
      await page.getByRole('heading', { name: exact(tx('audit.title')) }).waitFor();
      await logout(page);

      // A recovery code instead of the phone: it works once.
      const byRecovery = async () => {
        await passwordStep(page, 'owner.e2e');
        await page.getByRole('button', { name: exact(tx('login.useRecovery')) }).click();
        await page.getByLabel(exact(tx('login.recoveryCode'))).fill(codes[0] as string);
        await page.getByRole('button', { name: exact(tx('login.submit')) }).click();
      };
      await byRecovery();
      await page.getByText(tx('shell.recoveryLeft', { count: 9 })).waitFor();
      await logout(page);
      await byRecovery();
      await page
        .getByRole('alert')
        .getByText(exact(tx('login.recoveryInvalid')))
        .waitFor();
      expect(page.url()).toMatch(/\/admin\/login$/);

      // The back office's CSP let everything it needs run: nothing was refused on the way.
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the back office: an idle session ends', () => {
  const IDLE_SECONDS = 3;
  const env = useKhela({ STAFF_SESSION_IDLE_SECONDS: String(IDLE_SECONDS) });

  it('returns to the login page with "your session ended" after the idle time', async () => {
    const link = await createOwner(env.khela.db, env.khela.url, 'idle.e2e');
    const token = link.split('/admin/setup/')[1];
    // The set-up by its calls (the journey above does it by hand).
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

    const { page, context, errors } = await openAdmin(env.browser);
    try {
      await page.goto(`${env.khela.url}/admin/staff/sessions`);
      await passwordStep(page, 'idle.e2e');
      await page.getByLabel(exact(tx('login.code'))).fill(await codeAt(secret, 1));
      await page.getByRole('button', { name: exact(tx('login.submit')) }).click();
      // Back where the link pointed, logged in.
      await page.getByRole('table', { name: exact(tx('sessions.title')) }).waitFor();

      // Wait until the server counts the session idle (read without touching it).
      await expect
        .poll(
          async () =>
            (
              await sql<{ n: number }>`
                SELECT count(*)::int AS n FROM staff_sessions s JOIN staff st ON st.id = s.staff_id
                 WHERE st.username = 'idle.e2e' AND s.revoked_at IS NULL
                   AND s.last_seen_at > now() - make_interval(secs => ${IDLE_SECONDS})`.execute(env.khela.db.kysely)
            ).rows[0]?.n,
          { timeout: 20_000, interval: 250 },
        )
        .toBe(0);

      // The next call is refused, and the app says why on the login page.
      await page
        .getByRole('navigation', { name: exact(tx('shell.navigation')) })
        .getByRole('link', { name: tx('nav.audit') })
        .click();
      await page.getByText(exact(tx('login.sessionEnded'))).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/login');
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
