import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Browser, BrowserContextOptions } from 'playwright-core';
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
