import { randomBytes } from 'node:crypto';
import { staffLoginCall, staffSetupConfirmCall, staffSetupPasswordCall, staffVerifyCall } from '@khela/contract';
import { generate } from 'otplib';
import { createStaff } from '../src/modules/staff/accounts';
import { openStaffSession } from '../src/modules/staff/sessions';
import type { TestApp } from './harness';

/** A fixed secrets key for the staff tests: nothing is written into the data directory. */
export const TEST_SECRETS_KEY = randomBytes(32).toString('base64');

/** Where the tests' set-up links point (PUBLIC_URL). */
export const LINK_BASE = 'https://bo.khela.example';

export const STAFF_PASSWORD = 'Quiet-Harbour-Lantern-42';

/** A TOTP code of the step `steps` after now (an authenticator app a little ahead). */
export function codeAt(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

export async function post(t: TestApp, d: { path: string }, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: d.path, payload: payload as object, headers });
}

export type EnrolledStaff = {
  id: bigint;
  username: string;
  secret: string;
  recoveryCodes: string[];
  /** The code the enrolment was confirmed with (spent: it never opens a session). */
  enrolCode?: string;
};

/**
 * A staff member taken through the whole set-up as a person would: `staff create`, the link's
 * password, the TOTP secret, the first code (of the current step), the recovery codes.
 */
export async function enrolStaff(t: TestApp, roles: string[], username?: string): Promise<EnrolledStaff> {
  const name = username ?? `s${randomBytes(4).toString('hex')}`;
  const made = await createStaff(t.db, LINK_BASE, {
    merchantCode: 'khela',
    username: name,
    roles,
    createdBy: 'test',
  });
  const token = made.link.split('/admin/setup/')[1] as string;
  const setup = await post(t, staffSetupPasswordCall, { token, password: STAFF_PASSWORD });
  if (setup.statusCode !== 200) throw new Error(`set-up: ${setup.body}`);
  const { secret } = setup.json().value as { secret: string };
  const enrolCode = await codeAt(secret);
  const confirm = await post(t, staffSetupConfirmCall, { token, code: enrolCode });
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.body}`);
  return { id: made.staffId, username: name, secret, recoveryCodes: confirm.json().value.recoveryCodes, enrolCode };
}

/** The password step: the challenge for the second factor. */
export async function passwordStep(t: TestApp, username: string, password = STAFF_PASSWORD): Promise<string> {
  const res = await post(t, staffLoginCall, { username, password });
  if (res.statusCode !== 200) throw new Error(`login: ${res.body}`);
  return res.json().value.challenge;
}

/**
 * Logs an enrolled staff member in with the code of the next step (the enrolment spent the
 * current one: a code is never accepted twice).
 */
export async function loginStaff(t: TestApp, s: EnrolledStaff): Promise<string> {
  const challenge = await passwordStep(t, s.username);
  const res = await post(t, staffVerifyCall, { challenge, code: await codeAt(s.secret, 1) });
  if (res.statusCode !== 200) throw new Error(`verify: ${res.body}`);
  return res.json().value.token;
}

/**
 * A staff session with exactly `roles`, as a login leaves it, without the set-up: for the
 * permission checks, which are about the session, not the login.
 */
export async function staffSessionWithRoles(t: TestApp, roles: string[], merchantCode = 'khela'): Promise<string> {
  const brand = await t.db.kysely
    .selectFrom('brands')
    .select('id')
    .where('merchant_code', '=', merchantCode)
    .executeTakeFirstOrThrow();
  const s = await t.db.kysely
    .insertInto('staff')
    .values({ brand_id: brand.id, username: `r${randomBytes(4).toString('hex')}`, roles, created_by: 'test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const session = await openStaffSession(t.db, t.config, s.id, {
    brand: { id: brand.id } as never,
    ip: '127.0.0.1',
    userAgent: 'test',
  });
  return session.token;
}

export const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });
