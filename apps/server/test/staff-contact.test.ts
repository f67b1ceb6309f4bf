import { randomBytes } from 'node:crypto';
import {
  type CallDefinition,
  playerLabelsCall,
  playerStatusCall,
  staffContactCall,
  staffCreateCall,
  staffLinkedMembersCall,
  staffListCall,
  staffRolesCall,
} from '@khela/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';
import { memberWithSession } from './member-session';
import { bearerOf, staffSessionWithRoles, TEST_SECRETS_KEY } from './staff-helpers';

/**
 * A staff member's own mobile and email (decision 0037): set by a colleague from the staff
 * screen, matched by the linked-account guard against the brand's players on every player write;
 * and the staff edit forms' stale-edit check.
 */

let t: TestApp;
let brandId: number;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  brandId = (
    await t.db.kysely.selectFrom('brands').select('id').where('merchant_code', '=', 'khela').executeTakeFirstOrThrow()
  ).id;
  owner = await staffSessionWithRoles(t, ['owner']);
});
afterAll(() => t.close());

function call(d: CallDefinition, token: string, o: { params?: Record<string, string | number>; body?: object } = {}) {
  const url = d.path.replace(/:([A-Za-z]+)/g, (_, name: string) => String(o.params?.[name]));
  return t.app.inject({ method: d.method, url, headers: bearerOf(token), ...(o.body ? { payload: o.body } : {}) });
}

/** A staff member with a session and their id (the newest session's). */
async function staff(roles: string[]) {
  const token = await staffSessionWithRoles(t, roles);
  const row = await sql<{ staff_id: string }>`
    SELECT staff_id::text FROM staff_sessions ORDER BY id DESC LIMIT 1`.execute(t.db.kysely);
  return { token, id: Number(row.rows[0]?.staff_id) };
}

async function member(fields: { mobile?: string; email?: string }) {
  const m = await memberWithSession(t.db, brandId, { prefix: 'kin' });
  await t.db.kysely
    .updateTable('members')
    .set({
      mobile_num: fields.mobile ?? null,
      country_dialing_code: fields.mobile ? '+880' : null,
      email: fields.email ?? null,
    })
    .where('id', '=', m.id)
    .execute();
  return m;
}

/** The newest audit row of `event`. */
function lastAudit(event: string) {
  return t.db.kysely
    .selectFrom('audit_log')
    .select(['before', 'after', 'reason', 'target'])
    .where('event', '=', event)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

async function viewOf(id: number) {
  const list = (await call(staffListCall, owner)).json().value as { id: number; updatedAt: string }[];
  return list.find((s) => s.id === id) as {
    id: number;
    updatedAt: string;
    mobile: string | null;
    email: string | null;
  };
}

describe(`a staff member's own mobile and email on ${TEST_ENGINE}`, () => {
  it('stores the mobile as E.164 and the email in lower case, audited with the record before and after', async () => {
    const s = await staff(['support']);
    const res = await call(staffContactCall, owner, {
      params: { id: s.id },
      body: { mobile: '০১৭১১-২২৩৩৪৪', email: ' Rahim.Uddin@Example.com ', reason: 'declared at hiring' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ mobile: '+8801711223344', email: 'rahim.uddin@example.com' });
    expect(await lastAudit('staff.contact.changed')).toMatchObject({
      reason: 'declared at hiring',
      target: `staff:${s.id}`,
      before: { mobile: null, email: null },
      after: { mobile: '+8801711223344', email: 'rahim.uddin@example.com' },
    });
    // '' clears both.
    const cleared = await call(staffContactCall, owner, {
      params: { id: s.id },
      body: { mobile: '', email: '', reason: 'left the family business' },
    });
    expect(cleared.json().value).toMatchObject({ mobile: null, email: null });
  });

  it('refuses a number that is not a mobile one and an address that is not an email, naming the fields', async () => {
    const s = await staff(['support']);
    const res = await call(staffContactCall, owner, {
      params: { id: s.id },
      body: { mobile: '12345', email: 'not-an-address', reason: 'typo' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { mobile: 'validation.invalid', email: 'validation.invalid' },
    });
  });

  it('takes the mobile and email at creation, in the creation audit row', async () => {
    const username = `c${randomBytes(4).toString('hex')}`;
    const res = await call(staffCreateCall, owner, {
      body: { username, roles: ['support'], mobile: '+8801811000111', email: 'New@Example.com', reason: 'hired' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.staff).toMatchObject({ username, mobile: '+8801811000111', email: 'new@example.com' });
    expect((await lastAudit('staff.created')).after).toMatchObject({
      username,
      mobile: '+8801811000111',
      email: 'new@example.com',
    });
  });

  it("refuses a staff member's write on a player holding the mobile or email set for them, and audits it", async () => {
    const mobile = `+88017${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    const byMobile = await member({ mobile });
    const byEmail = await member({ email: 'Sister@Example.com' });
    const s = await staff(['support']);
    // Before the colleague sets the contact, the write goes through.
    const free = await call(playerLabelsCall, s.token, { params: { id: String(byMobile.id) }, body: { labels: [] } });
    expect(free.statusCode, free.body).toBe(200);

    const set = await call(staffContactCall, owner, {
      params: { id: s.id },
      body: { mobile: `0${mobile.slice(4)}`, email: 'sister@example.com', reason: 'declared' },
    });
    expect(set.statusCode, set.body).toBe(200);
    for (const m of [byMobile, byEmail]) {
      const res = await call(playerStatusCall, s.token, {
        params: { id: String(m.id) },
        body: { status: 'locked', reason: 'x' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('LINKED_MEMBER');
      const refusal = await t.db.kysely
        .selectFrom('audit_log')
        .select(sql<string>`detail->>'action'`.as('action'))
        .where('event', '=', 'player.linked.refused')
        .where('staff_id', '=', BigInt(s.id))
        .where('member_id', '=', m.id)
        .executeTakeFirst();
      expect(refusal?.action).toBe('status');
    }
    const status = await t.db.kysely
      .selectFrom('members')
      .select('status')
      .where('id', '=', byMobile.id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('active');
  });
});

describe(`staff edit forms refuse a stale edit on ${TEST_ENGINE}`, () => {
  it('saves with the version read, then refuses a second form holding the same old version', async () => {
    const s = await staff(['support']);
    const read = (await viewOf(s.id)).updatedAt;
    const first = await call(staffRolesCall, owner, {
      params: { id: s.id },
      body: { roles: ['support', 'content'], updatedAt: read, reason: 'covers content too' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value.updatedAt).not.toBe(read);
    for (const [d, body] of [
      [staffRolesCall, { roles: ['auditor'] }],
      [staffLinkedMembersCall, { linkedMemberIds: [] }],
      [staffContactCall, { mobile: '', email: 'x@example.com' }],
    ] as const) {
      const res = await call(d, owner, { params: { id: s.id }, body: { ...body, updatedAt: read, reason: 'late' } });
      expect(res.statusCode, d.path).toBe(409);
      expect(res.json().code).toBe('STALE_EDIT');
    }
    expect((await viewOf(s.id)).email).toBeNull();
    // The version just read saves.
    const now = (await viewOf(s.id)).updatedAt;
    const ok = await call(staffContactCall, owner, {
      params: { id: s.id },
      body: { mobile: '', email: 'x@example.com', updatedAt: now, reason: 'on time' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
