import type { CallDefinition } from '@khela/contract';
import * as contract from '@khela/contract';
import { PERMISSIONS, ROLE_NAMES, ROLES, STAFF_SESSION_AUTH, staffLoginCall } from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { memberWithSession } from './member-session';
import { bearerOf, post, STAFF_PASSWORD, staffSessionWithRoles, TEST_SECRETS_KEY } from './staff-helpers';

/**
 * Every back-office call of the contract, found in it, so a call added later is checked by
 * default: a visitor and a player's token get 401, a staff session without the call's
 * permission 403 — each before the input is read (ARCHITECTURE §3, decision 0030).
 */
const boCalls: CallDefinition[] = (Object.values(contract) as unknown[]).filter(
  (v): v is CallDefinition =>
    typeof v === 'object' &&
    v !== null &&
    'path' in v &&
    'auth' in v &&
    'response' in v &&
    String(v.path).startsWith('/bo/'),
);

/** The only /bo/ calls a visitor may make: the set-up link and the two login steps. */
const OPEN_BO_CALLS = ['/bo/setup/password', '/bo/setup/confirm', '/bo/session/login', '/bo/session/verify'];

const guarded = boCalls.filter((d) => d.auth !== 'none');
const permissioned = guarded.filter((d) => d.auth !== STAFF_SESSION_AUTH);

const urlOf = (d: CallDefinition) => d.path.replace(/:([A-Za-z_]+)/g, '1');

/**
 * The call with a malformed input of every kind, as `token`'s holder (a visitor without one):
 * whoever is refused must be refused before this is read.
 */
function badCall(d: CallDefinition, token?: string) {
  const json = d.method !== 'GET';
  return t.app.inject({
    method: d.method,
    url: `${urlOf(d)}?pageSize=%00&unexpected=${'x'.repeat(300)}`,
    headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...(token ? bearerOf(token) : {}) },
    ...(json ? { payload: '{"unexpected": "\\u0000", ' } : {}),
  });
}

let t: TestApp;
let playerToken: string;
let noRoles: string;
/** A session of a role that holds the permission, per permission. */
const holders = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: TEST_SECRETS_KEY, STAFF_LOGIN_RATE_PER_MINUTE: '3' });
  const brand = await t.db.kysely
    .selectFrom('brands')
    .select('id')
    .where('merchant_code', '=', 'khela')
    .executeTakeFirstOrThrow();
  playerToken = (await memberWithSession(t.db, brand.id, { prefix: 'boauth' })).token;
  noRoles = await staffSessionWithRoles(t, []);
  for (const d of permissioned) {
    const permission = d.auth.slice('staff:'.length);
    if (holders.has(permission)) continue;
    const role = ROLE_NAMES.find((r) => (ROLES[r] as readonly string[]).includes(permission));
    if (!role) throw new Error(`no role grants ${permission}`);
    holders.set(permission, await staffSessionWithRoles(t, [role]));
  }
});
afterAll(() => t.close());

describe('the permission catalogue', () => {
  it('names only permissions of the catalogue in every /bo/ call', () => {
    for (const d of permissioned) expect(PERMISSIONS as readonly string[]).toContain(d.auth.slice('staff:'.length));
  });

  it('leaves no /bo/ call open but set-up and login', () => {
    expect(boCalls.filter((d) => d.auth === 'none').map((d) => d.path)).toEqual(OPEN_BO_CALLS);
    expect(guarded.length).toBeGreaterThan(0);
  });

  it('gives the auditor every read and no write', () => {
    expect([...ROLES.auditor].sort()).toEqual(PERMISSIONS.filter((p) => p.endsWith('.read')).sort());
    expect(ROLES.owner).toEqual(PERMISSIONS);
  });
});

describe.each(guarded.map((d) => [`${d.method} ${d.path}`, d] as const))('%s', (_name, d) => {
  it('answers a visitor 401 before it reads the input', async () => {
    const res = await badCall(d);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it("answers a player's token 401 before it reads the input", async () => {
    const res = await badCall(d, playerToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  if (d.auth !== STAFF_SESSION_AUTH) {
    it('answers staff without the permission 403 before it reads the input', async () => {
      const res = await badCall(d, noRoles);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    });

    it('lets staff holding the permission through to validation', async () => {
      const holder = holders.get(d.auth.slice('staff:'.length)) as string;
      const res = await badCall(d, holder);
      expect(res.statusCode).toBe(400);
    });
  }
});

describe('the staff login throttle', () => {
  it('answers 429 past STAFF_LOGIN_RATE_PER_MINUTE attempts from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(t, staffLoginCall, { username: 'nobody', password: STAFF_PASSWORD });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 429, 429]);
  });
});
