import {
  auditLogCall,
  roleEditCall,
  rolesListCall,
  staffCreateCall,
  staffDisableCall,
  staffEnableCall,
  staffLinkedMembersCall,
  staffListCall,
  staffLoginCall,
  staffMeCall,
  staffResetCall,
  staffRolesCall,
  staffSetupConfirmCall,
  staffSetupPasswordCall,
} from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { memberWithSession } from './member-session';
import {
  bearerOf,
  codeAt,
  type EnrolledStaff,
  enrolStaff,
  loginStaff,
  post,
  STAFF_PASSWORD,
  TEST_SECRETS_KEY,
} from './staff-helpers';

let t: TestApp;
let owner: EnrolledStaff;
let ownerToken: string;
let brandId: number;

beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: TEST_SECRETS_KEY, STAFF_LOGIN_RATE_PER_MINUTE: '1000' });
  brandId = (
    await t.db.kysely.selectFrom('brands').select('id').where('merchant_code', '=', 'khela').executeTakeFirstOrThrow()
  ).id;
  owner = await enrolStaff(t, ['owner']);
  ownerToken = await loginStaff(t, owner);
});
afterAll(() => t.close());

const as = (token: string) => bearerOf(token);
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: as(token) });
const pathOf = (d: { path: string }, id: number | string) => d.path.replace(/:(id|role)/, String(id));
const tokenOf = (link: string) => link.split('/admin/setup/')[1] as string;

/** Takes a set-up link through password and TOTP as its holder would; the TOTP secret. */
async function setUp(link: string): Promise<string> {
  const token = tokenOf(link);
  const setup = await post(t, staffSetupPasswordCall, { token, password: STAFF_PASSWORD });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json().value;
  const confirm = await post(t, staffSetupConfirmCall, { token, code: await codeAt(secret) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return secret;
}

async function lastAudit(event: string) {
  return t.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('event', '=', event)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

describe(`staff management on ${TEST_ENGINE}`, () => {
  it('creates a staff member whose set-up link works, and lists them with status, TOTP and last login', async () => {
    const res = await post(
      t,
      staffCreateCall,
      { username: 'rina.support', roles: ['support'], reason: 'new support desk hire' },
      as(ownerToken),
    );
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().value;
    // PUBLIC_URL, else this machine: where the password-reset emails link to as well.
    expect(made.setupLink).toMatch(/^https?:\/\/[^/]+\/admin\/setup\/[A-Za-z0-9_-]{43}$/);
    expect(made.expiresHours).toBe(24);
    expect(made.staff).toMatchObject({ username: 'rina.support', roles: ['support'], status: 'setup' });
    expect(made.staff.totpEnrolled).toBe(false);

    const secret = await setUp(made.setupLink);
    const rina = { id: BigInt(made.staff.id), username: 'rina.support', secret, recoveryCodes: [] };
    await loginStaff(t, rina);
    const list = (await get(staffListCall.path, ownerToken)).json().value as {
      username: string;
      lastLoginAt: string | null;
    }[];
    const row = list.find((s) => s.username === 'rina.support');
    expect(row).toMatchObject({ status: 'active', totpEnrolled: true, roles: ['support'] });
    expect(row?.lastLoginAt).toEqual(expect.any(String));

    const audited = await lastAudit('staff.created');
    expect(audited).toMatchObject({
      staff_id: owner.id,
      target: `staff:${made.staff.id}`,
      reason: 'new support desk hire',
    });
    expect(audited.after).toMatchObject({ username: 'rina.support', roles: ['support'] });
  });

  it('refuses a username the brand already has, naming the field', async () => {
    const res = await post(
      t,
      staffCreateCall,
      { username: owner.username.toUpperCase(), roles: ['auditor'], reason: 'duplicate' },
      as(ownerToken),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_EXISTS', fieldErrors: { username: 'validation.accountTaken' } });
  });

  it('changes roles so that the live session of the staff member gains and loses permissions at once', async () => {
    const s = await enrolStaff(t, ['support']);
    const token = await loginStaff(t, s);
    expect((await get(auditLogCall.path, token)).statusCode).toBe(403);
    const res = await post(
      t,
      { path: pathOf(staffRolesCall, Number(s.id)) },
      { roles: ['support', 'auditor'], reason: 'covers the audit desk this week' },
      as(ownerToken),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.roles).toEqual(['support', 'auditor']);
    expect((await get(auditLogCall.path, token)).statusCode).toBe(200);
    const audited = await lastAudit('staff.roles.changed');
    expect(audited.before).toMatchObject({ roles: ['support'] });
    expect(audited.after).toMatchObject({ roles: ['support', 'auditor'] });
    expect(audited.reason).toBe('covers the audit desk this week');
  });

  it('disables a staff member: their session ends at once and they cannot log in until enabled', async () => {
    const s = await enrolStaff(t, ['content']);
    const token = await loginStaff(t, s);
    const off = await post(t, { path: pathOf(staffDisableCall, Number(s.id)) }, { reason: 'left' }, as(ownerToken));
    expect(off.json().value.status).toBe('disabled');
    expect((await get(staffMeCall.path, token)).statusCode).toBe(401);
    const login = await post(t, staffLoginCall, { username: s.username, password: STAFF_PASSWORD });
    expect(login.json().code).toBe('INVALID_CREDENTIALS');
    expect((await lastAudit('staff.disabled')).detail).toMatchObject({ sessionsEnded: 1 });

    const on = await post(t, { path: pathOf(staffEnableCall, Number(s.id)) }, { reason: 'back' }, as(ownerToken));
    expect(on.json().value.status).toBe('active');
    const again = await post(t, staffLoginCall, { username: s.username, password: STAFF_PASSWORD });
    expect(again.statusCode).toBe(200);
  });

  it.each(['password', 'totp'] as const)(
    'resets the %s of another staff member: sessions end, the old password fails, a new link sets up again',
    async (kind) => {
      const s = await enrolStaff(t, ['finance']);
      const token = await loginStaff(t, s);
      const res = await post(
        t,
        { path: pathOf(staffResetCall, Number(s.id)) },
        { kind, reason: 'lost phone' },
        as(ownerToken),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value.staff).toMatchObject({ status: 'setup', totpEnrolled: false });
      expect((await get(staffMeCall.path, token)).statusCode).toBe(401);
      const old = await post(t, staffLoginCall, { username: s.username, password: STAFF_PASSWORD });
      expect(old.json().code).toBe('INVALID_CREDENTIALS');
      const secret = await setUp(res.json().value.setupLink);
      expect(await loginStaff(t, { ...s, secret })).toEqual(expect.any(String));
      const audited = await lastAudit(kind === 'password' ? 'staff.password.reset' : 'staff.totp.reset');
      expect(audited).toMatchObject({ staff_id: owner.id, target: `staff:${s.id}`, reason: 'lost phone' });
      expect(audited.before).toMatchObject({ totpEnrolled: true });
      expect(audited.after).toMatchObject({ totpEnrolled: false });
    },
  );

  it('refuses to reset, disable or re-role oneself', async () => {
    const own = Number(owner.id);
    for (const [d, body] of [
      [staffResetCall, { kind: 'password', reason: 'x' }],
      [staffDisableCall, { reason: 'x' }],
      [staffRolesCall, { roles: ['auditor'], reason: 'x' }],
    ] as const) {
      const res = await post(t, { path: pathOf(d, own) }, body, as(ownerToken));
      expect(res.statusCode, d.path).toBe(403);
      expect(res.json().code).toBe('STAFF_SELF_ACTION');
    }
    expect((await get(staffMeCall.path, ownerToken)).statusCode).toBe(200);
  });

  it("edits the declared linked player accounts, refusing ids that are not the brand's players", async () => {
    const s = await enrolStaff(t, ['support']);
    const member = await memberWithSession(t.db, brandId, { prefix: 'kin' });
    const url = pathOf(staffLinkedMembersCall, Number(s.id));
    const bad = await post(t, { path: url }, { linkedMemberIds: [999_999_999], reason: 'cousin' }, as(ownerToken));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ linkedMemberIds: 'validation.invalid' });
    const ok = await post(t, { path: url }, { linkedMemberIds: [Number(member.id)], reason: 'cousin' }, as(ownerToken));
    expect(ok.json().value.linkedMemberIds).toEqual([Number(member.id)]);
    expect((await lastAudit('staff.linked.changed')).after).toMatchObject({ linkedMemberIds: [Number(member.id)] });
  });

  it('answers 404 for a staff member of another brand or nobody', async () => {
    const res = await post(t, { path: pathOf(staffDisableCall, 987654) }, { reason: 'x' }, as(ownerToken));
    expect(res.statusCode).toBe(404);
  });
});

describe(`roles stored per brand on ${TEST_ENGINE}`, () => {
  it('lists the catalogue roles with their default permissions', async () => {
    const roles = (await get(rolesListCall.path, ownerToken)).json().value as {
      role: string;
      permissions: string[];
      edited: boolean;
    }[];
    expect(roles.map((r) => r.role)).toEqual(['owner', 'admin', 'finance', 'support', 'content', 'risk', 'auditor']);
    expect(roles.find((r) => r.role === 'support')).toMatchObject({ edited: false });
    expect(roles.find((r) => r.role === 'support')?.permissions).not.toContain('audit.read');
  });

  it("gives a role's holders the permissions the brand stored for it, audited", async () => {
    const s = await enrolStaff(t, ['content']);
    const token = await loginStaff(t, s);
    expect((await get(auditLogCall.path, token)).statusCode).toBe(403);
    const res = await post(
      t,
      { path: pathOf(roleEditCall, 'content') },
      { permissions: ['content.read', 'content.write', 'audit.read'], reason: 'content checks its own edits' },
      as(ownerToken),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ role: 'content', edited: true, updatedBy: `staff:${owner.id}` });
    expect((await get(auditLogCall.path, token)).statusCode).toBe(200);
    // catalog.write went with the edit
    expect((await get(staffMeCall.path, token)).json().value.permissions).toEqual([
      'content.read',
      'content.write',
      'audit.read',
    ]);
    const audited = await lastAudit('role.permissions.changed');
    expect(audited.target).toBe('role:content');
    expect((audited.before as { permissions: string[] }).permissions).toContain('catalog.write');
  });

  it('refuses a stale edit: a save made since the form read the role is not overwritten', async () => {
    const url = pathOf(roleEditCall, 'risk');
    const read = (await get(rolesListCall.path, ownerToken))
      .json()
      .value.find((r: { role: string }) => r.role === 'risk');
    expect(read.updatedAt).toBeNull();
    const first = await post(
      t,
      { path: url },
      { permissions: ['risk.read'], updatedAt: read.updatedAt, reason: 'read only for now' },
      as(ownerToken),
    );
    expect(first.statusCode, first.body).toBe(200);
    const stale = await post(
      t,
      { path: url },
      { permissions: ['risk.read', 'risk.write'], updatedAt: read.updatedAt, reason: 'from an old tab' },
      as(ownerToken),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_EDIT');
    const fresh = await post(
      t,
      { path: url },
      { permissions: ['risk.read', 'risk.write'], updatedAt: first.json().value.updatedAt, reason: 'after reload' },
      as(ownerToken),
    );
    expect(fresh.json().value.permissions).toEqual(['risk.read', 'risk.write']);
  });

  it('never lets the owner role lose staff.write', async () => {
    const res = await post(
      t,
      { path: pathOf(roleEditCall, 'owner') },
      { permissions: ['staff.read'], reason: 'oops' },
      as(ownerToken),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('STAFF_LOCKOUT');
    expect((await get(staffMeCall.path, ownerToken)).json().value.permissions).toContain('staff.write');
  });

  it('refuses a role outside the catalogue', async () => {
    const res = await post(t, { path: '/bo/roles/superuser' }, { permissions: [], reason: 'x' }, as(ownerToken));
    expect(res.statusCode).toBe(400);
  });
});
