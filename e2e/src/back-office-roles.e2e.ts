import {
  jobRerunCall,
  playerAdjustCall,
  playerStatusCall,
  roleEditCall,
  staffAddressesEditCall,
  staffCreateCall,
  staffSetupConfirmCall,
  staffSetupPasswordCall,
} from '@khela/contract';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../apps/admin/src/app/areas';
import { staffCommand } from '../../apps/server/src/cli-back-office';
import { tx } from './admin-texts';
import { addMember, exact, open, useKhela } from './support';

/*
 * Roles in Chromium: staff made with `staff create` (as an operator would), set up by the link's
 * calls and logged in with computed TOTP codes. A content editor meets the 403 page on the
 * finance and player areas and the server refuses their player writes; an auditor reads every
 * built screen, is offered no write, and the server refuses the writes they try by hand.
 */

const PASSWORD = 'Copper-Window-Meadow-83';

/** The code an authenticator shows `steps` periods from now (a step is never accepted twice). */
const codeAt = (secret: string, steps: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

type Env = ReturnType<typeof useKhela>;

/** `staff create --role <role>`, then the link's password and TOTP by their calls; the secret. */
async function enrolled(env: Env, username: string, role: string): Promise<string> {
  const out = await staffCommand(env.khela.db, env.khela.url, ['create'], { brand: 'khela', username, role });
  const token = (out.trim().split('\n').at(-1) as string).split('/admin/setup/')[1];
  const post = async (p: string, body: unknown) => {
    const res = await fetch(`${env.khela.url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, p).toBe(200);
    return (await res.json()).value;
  };
  const { secret } = await post(staffSetupPasswordCall.path, { token, password: PASSWORD });
  await post(staffSetupConfirmCall.path, { token, code: await codeAt(secret, 0) });
  return secret;
}

/** Logs in through the login page with the authenticator's next code; the session's token. */
async function login(env: Env, username: string, secret: string) {
  const opened = await open(env.browser);
  await opened.context.addInitScript(() => localStorage.setItem('admin.lang', 'en'));
  const { page } = opened;
  await page.goto(`${env.khela.url}/admin/login`);
  await page.getByLabel(exact(tx('login.username'))).fill(username);
  await page.getByLabel(exact(tx('login.password'))).fill(PASSWORD);
  await page.getByRole('button', { name: exact(tx('login.next')) }).click();
  await page.getByLabel(exact(tx('login.code'))).fill(await codeAt(secret, 1));
  await page.getByRole('button', { name: exact(tx('login.submit')) }).click();
  await page.getByRole('navigation', { name: exact(tx('shell.navigation')) }).waitFor();
  const token = (await page.evaluate(() => sessionStorage.getItem('admin.token'))) as string;
  expect(token).toBeTruthy();
  return { ...opened, token };
}

/** A write by hand, with the staff member's own token: what the server answers. */
async function write(env: Env, token: string, d: { method: string; path: string }, params: object, body: object) {
  const url = Object.entries(params).reduce((p, [k, v]) => p.replace(`:${k}`, String(v)), d.path);
  const res = await fetch(`${env.khela.url}${url}`, {
    method: d.method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, code: (await res.json()).code as string };
}

async function forbidden(page: Page, env: Env, to: string) {
  await page.goto(`${env.khela.url}/admin${to}`);
  await page.getByRole('heading', { name: exact(tx('areas.forbiddenHeading')) }).waitFor();
}

describe('the back office: what a role may open and write', () => {
  const env = useKhela();

  it('shows a content editor the 403 page for players and cashier, and the server refuses their player writes', async () => {
    const secret = await enrolled(env, 'content.e2e', 'content');
    const player = await addMember(env.khela, { account: 'rolesplayer1', password: 'Player-Pass-2041' });
    const { page, context, token } = await login(env, 'content.e2e', secret);
    try {
      // The menu offers neither area; typed into the address bar, each says it is not open.
      const nav = page.getByRole('navigation', { name: exact(tx('shell.navigation')) });
      expect(await nav.getByRole('link', { name: tx('nav.players') }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: tx('nav.cashier') }).count()).toBe(0);
      await forbidden(page, env, '/players');
      await page.getByText(tx('areas.forbiddenText', { roles: tx('roles.content') })).waitFor();
      await forbidden(page, env, `/players/${player}`);
      await forbidden(page, env, '/cashier');
      await forbidden(page, env, '/staff');

      const status = await write(env, token, playerStatusCall, { id: player }, { status: 'locked', reason: 'x' });
      expect(status).toEqual({ status: 403, code: 'FORBIDDEN' });
      const adjust = await write(
        env,
        token,
        playerAdjustCall,
        { id: player },
        { amount: '500', reason: 'x', idempotencyKey: 'roles-e2e-adjust-1' },
      );
      expect(adjust).toEqual({ status: 403, code: 'FORBIDDEN' });
    } finally {
      await context.close();
    }
  });

  it('lets an auditor read every built screen, offers no write, and the server refuses the writes', async () => {
    const secret = await enrolled(env, 'auditor.e2e', 'auditor');
    const { page, context, token } = await login(env, 'auditor.e2e', secret);
    try {
      for (const area of AREAS.filter((a) => a.built)) {
        await page.goto(`${env.khela.url}/admin${area.path}`);
        await page.locator('main h1, .content h1').first().waitFor();
        expect(await page.getByRole('heading', { name: exact(tx('areas.forbiddenHeading')) }).count(), area.id).toBe(0);
      }

      // Staff: the list and a record's details, without create, roles, reset or disable.
      await page.goto(`${env.khela.url}/admin/staff`);
      const row = page.getByRole('row').filter({ hasText: 'content.e2e' });
      await row.getByRole('button', { name: exact(tx('table.showDetails')) }).click();
      await page.getByText(tx('staffArea.created'), { exact: true }).waitFor();
      for (const name of ['createTitle', 'changeRoles', 'editLinks', 'reset', 'disable'])
        expect(await page.getByRole('button', { name: exact(tx(`staffArea.${name}`)) }).count(), name).toBe(0);

      // Roles: the matrix, no edit.
      await page.getByRole('link', { name: exact(tx('staffArea.tabs.roles')) }).click();
      await page.getByRole('table', { name: exact(tx('staffArea.rolesPage.matrix')) }).waitFor();
      expect(await page.getByRole('button', { name: exact(tx('staffArea.rolesPage.edit')) }).count()).toBe(0);

      // Allowed addresses: read, no form.
      await page.getByRole('link', { name: exact(tx('staffArea.tabs.addresses')) }).click();
      await page.getByText(tx('staffArea.addresses.anywhere')).waitFor();
      expect(await page.getByRole('button', { name: exact(tx('staffArea.addresses.save')) }).count()).toBe(0);

      // Jobs: the table and a refresh, no re-run.
      await page.goto(`${env.khela.url}/admin/jobs`);
      await page.getByRole('table', { name: exact(tx('jobs.title')) }).waitFor();
      expect(await page.getByRole('button', { name: exact(tx('jobs.rerun')) }).count()).toBe(0);

      // By hand, every write is refused before it is read.
      const refused = [
        await write(env, token, staffCreateCall, {}, { username: 'sneaky', roles: ['owner'], reason: 'x' }),
        await write(env, token, roleEditCall, { role: 'auditor' }, { permissions: ['staff.write'], reason: 'x' }),
        await write(env, token, staffAddressesEditCall, {}, { addresses: [], reason: 'x' }),
        await write(env, token, jobRerunCall, { job: 'sessions-sweep', period: 'x' }, { reason: 'x' }),
        await write(env, token, playerStatusCall, { id: 1 }, { status: 'locked', reason: 'x' }),
      ];
      expect(refused).toEqual(refused.map(() => ({ status: 403, code: 'FORBIDDEN' })));
    } finally {
      await context.close();
    }
  });
});
