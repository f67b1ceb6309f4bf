import { staffLoginCall, staffSetupConfirmCall, staffSetupPasswordCall, staffVerifyCall } from '@khela/contract';
import { generate } from 'otplib';
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { staffCommand } from '../../apps/server/src/cli-back-office';
import type { Khela } from './harness';
import { open } from './support';

/*
 * What the cashier journeys share: a back-office staff member of a given role logged in by
 * their own calls (set-up link, password, authenticator codes), and the back office opened
 * with that session in English.
 */

const STAFF_PASSWORD = 'Lantern-Quiet-Harbour-57';

type Env = { readonly khela: Khela; readonly browser: Browser };

/** A staff member of the demo brand with `role`, set up and logged in by their calls: a token. */
export async function staffToken(env: Env, username: string, role: string): Promise<string> {
  const out = await staffCommand(env.khela.db, env.khela.url, ['create'], { brand: 'khela', username, role });
  const setup = (out.trim().split('\n').at(-1) as string).split('/admin/setup/')[1];
  const post = async (p: string, body: unknown) => {
    const res = await fetch(`${env.khela.url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()).value;
  };
  const now = Math.floor(Date.now() / 1000);
  const { secret } = await post(staffSetupPasswordCall.path, { token: setup, password: STAFF_PASSWORD });
  await post(staffSetupConfirmCall.path, { token: setup, code: await generate({ secret, epoch: now }) });
  const { challenge } = await post(staffLoginCall.path, { username, password: STAFF_PASSWORD });
  // The next period's code: a code is never accepted twice.
  const session = await post(staffVerifyCall.path, { challenge, code: await generate({ secret, epoch: now + 30 }) });
  return session.token;
}

/** The back office in English, logged in with `token` (where a login leaves it), at `at`. */
export async function openOffice(env: Env, token: string, at: string) {
  const opened = await open(env.browser);
  await opened.context.addInitScript((tk) => {
    localStorage.setItem('admin.lang', 'en');
    sessionStorage.setItem('admin.token', tk);
  }, token);
  await opened.page.goto(`${env.khela.url}/admin${at}`);
  return opened;
}
