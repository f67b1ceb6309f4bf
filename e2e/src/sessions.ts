import { randomBytes } from 'node:crypto';
import { staffLoginCall, staffSetupConfirmCall, staffSetupPasswordCall, staffVerifyCall } from '@khela/contract';
import { sql } from 'kysely';
import { generate } from 'otplib';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { expect } from 'vitest';
import { staffCommand } from '../../apps/server/src/cli-back-office';
import { adjust } from '../../apps/server/src/modules/wallet/service';
import { hashToken } from '../../apps/server/src/platform/sessions';
import type { Khela } from './harness';
import { addMember, defaultBrandId, type Lang, open } from './support';

/**
 * Opens a session for an existing account straight in the database, as a login would, and
 * returns its token. For tests about what a logged-in player sees (the login flows themselves
 * have their own tests); the page then carries it in sessionStorage as a login leaves it.
 */
export async function sessionFor(khela: Khela, account: string): Promise<{ token: string; memberId: bigint }> {
  const m = await khela.db.kysely
    .selectFrom('members')
    .select(['id'])
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  const token = randomBytes(32).toString('base64url');
  await khela.db.kysely
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      member_id: m.id,
      expires_at: sql<Date>`now() + interval '1 hour'`,
    })
    .execute();
  return { token, memberId: BigInt(m.id) };
}

/**
 * A page logged in as `account` (a fresh session, put where a login leaves it) in `lang`,
 * opened at `path`. The popup announcement is already marked seen (see harness openPage).
 */
export async function openLoggedIn(
  env: { readonly khela: Khela; readonly browser: Browser },
  account: string,
  lang: Lang,
  opts: BrowserContextOptions & { path?: string; theme?: 'dark' | 'light' } = {},
): Promise<Awaited<ReturnType<typeof open>>> {
  const { path = '/', theme, ...contextOptions } = opts;
  const { token } = await sessionFor(env.khela, account);
  const opened = await open(env.browser, contextOptions);
  await opened.context.addInitScript(
    (a) => {
      localStorage.setItem('lang', a.lang);
      if (a.theme) localStorage.setItem('theme', a.theme);
      sessionStorage.setItem('token', a.token);
    },
    { lang, token, theme },
  );
  await opened.page.goto(`${env.khela.url}${path}`);
  return opened;
}

/** A new player of the default brand (so tests never share a balance) holding `opening` minor units. */
export async function fundedPlayer(khela: Khela, prefix: string, opening = 100_000n): Promise<string> {
  const account = `${prefix}${Date.now().toString(36).slice(-6)}${randomBytes(2).toString('hex')}`;
  const id = await addMember(khela, { account, password: 'Kh#players2024' });
  const brandId = await defaultBrandId(khela);
  await adjust(khela.db, {
    brandId,
    member: { id, brandId, isAgent: 0 },
    amount: opening,
    currency: 'BDT',
    reason: 'e2e',
    actor: 'e2e',
  });
  return account;
}

/*
 * A back-office staff member of a given role logged in by their own calls (set-up link,
 * password, authenticator codes), and the back office opened with that session in English:
 * for journeys about what staff do (the staff login itself has its own journeys).
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
