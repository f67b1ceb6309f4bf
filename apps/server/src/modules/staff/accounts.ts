import { randomBytes } from 'node:crypto';
import { FIELD_ERRORS, isRole, ROLE_NAMES, type StaffSetupBody } from '@khela/contract';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { hashPassword, isBreached, isWeak } from '../../platform/passwords';
import { hashToken, TOKEN_BYTES } from '../../platform/sessions';
import * as repo from './repo';
import { type KeyConfig, newRecoveryCodes, newTotpSecret, otpauthUri, sealTotpSecret, totpStep } from './totp';

/** A set-up link lives this long (BACK-OFFICE.md "Starting a real brand"). */
export const SETUP_LINK_HOURS = 24;

/** Staff usernames: letters, digits and . _ - ; 3 to 32 characters. */
const USERNAME = /^[A-Za-z0-9._-]{3,32}$/;

/** A refused `staff create`: `field` names the input at fault, `taken` a username in use. */
export class StaffInputError extends Error {
  constructor(
    message: string,
    readonly field: 'username' | 'roles' | 'brand',
    readonly taken = false,
  ) {
    super(message);
  }
}

/**
 * The address set-up links start with: PUBLIC_URL (read with the mail settings, which link to
 * the site too), else the server on this machine.
 */
export function linkBaseOf(publicUrl: string | undefined, config: Pick<Config, 'PORT'>): string {
  return publicUrl ?? `http://localhost:${config.PORT}`;
}

/** A new one-time set-up link for a staff member; only its digest is stored. */
export async function newSetupLink(db: Database, staffId: bigint): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await repo.insertSetupLink(db, staffId, hashToken(token), SETUP_LINK_HOURS);
  return token;
}

/** A new set-up link that replaces the staff member's unused ones (they stop working). */
export async function replaceSetupLink(db: Database, staffId: bigint): Promise<string> {
  await repo.expireSetupLinks(db, staffId);
  return newSetupLink(db, staffId);
}

/**
 * `staff create` and the staff screen's create alike: a staff member of a brand with roles, and
 * the one-time link where they set their password and enrol TOTP. `createdBy` names who asked
 * (`cli:<user>` or `staff:<id>`); a staff member's create carries their id, address and reason
 * into the audit trail.
 */
export async function createStaff(
  db: Database,
  linkBase: string,
  o: {
    merchantCode: string;
    username: string;
    roles: string[];
    createdBy: string;
    linkedMemberIds?: bigint[];
    /** Their own mobile (E.164) and email, as read by the staff screen (decision 0037). */
    contact?: { mobileNum: string | null; email: string | null };
    actor?: { staffId: bigint; ip: string; reason: string };
  },
): Promise<{ staffId: bigint; link: string; expiresHours: number }> {
  if (!USERNAME.test(o.username))
    throw new StaffInputError('the username takes 3 to 32 letters, digits, . _ or -', 'username');
  if (o.roles.length === 0 || !o.roles.every(isRole))
    throw new StaffInputError(`--role is one or more of ${ROLE_NAMES.join(', ')} (comma-separated)`, 'roles');
  const brand = await db.kysely
    .selectFrom('brands')
    .select(['id'])
    .where('merchant_code', '=', o.merchantCode)
    .executeTakeFirst();
  if (!brand) throw new StaffInputError(`no brand ${o.merchantCode}`, 'brand');
  const roles = [...new Set(o.roles)];
  const staffId = await repo.insertStaff(db, {
    brandId: brand.id,
    username: o.username,
    roles,
    createdBy: o.createdBy,
    linkedMemberIds: o.linkedMemberIds ?? [],
    mobileNum: o.contact?.mobileNum ?? null,
    email: o.contact?.email ?? null,
  });
  if (staffId === null)
    throw new StaffInputError(`brand ${o.merchantCode} already has a staff member ${o.username}`, 'username', true);
  const token = await newSetupLink(db, staffId);
  await audit(db, {
    event: 'staff.created',
    brandId: brand.id,
    staffId: o.actor?.staffId ?? null,
    ip: o.actor?.ip ?? '',
    target: `staff:${staffId}`,
    reason: o.actor?.reason ?? null,
    detail: { by: o.createdBy },
    after: {
      id: Number(staffId),
      username: o.username,
      roles,
      linkedMemberIds: (o.linkedMemberIds ?? []).map(Number),
      mobile: o.contact?.mobileNum ?? null,
      email: o.contact?.email ?? null,
    },
  });
  return { staffId, link: setupLinkOf(linkBase, token), expiresHours: SETUP_LINK_HOURS };
}

/** The address of a set-up link's page in the back office. */
export const setupLinkOf = (linkBase: string, token: string) => `${linkBase}/admin/setup/${token}`;

async function linkOf(db: Database, token: string) {
  const link = await repo.liveSetupLink(db, hashToken(token));
  // A link whose TOTP is already enrolled has done its work: it opens nothing more.
  if (!link || link.totp_enrolled_at) throw new AppError('SETUP_LINK_INVALID');
  return link;
}

/**
 * Set-up, step one: the link's holder chooses a password and receives a TOTP secret (as a QR
 * code's URI and as text). The link stays usable until a code confirms the secret, so a page
 * closed too early can be opened again; each opening makes a new secret.
 */
export async function setupPassword(db: Database, config: KeyConfig, ip: string, body: StaffSetupBody) {
  const link = await linkOf(db, body.token);
  if (isWeak(body.password)) throw new AppError('VALIDATION_FAILED', { password: FIELD_ERRORS.weakPassword });
  if (isBreached(body.password)) throw new AppError('VALIDATION_FAILED', { password: FIELD_ERRORS.breachedPassword });
  const secret = newTotpSecret();
  await repo.setPasswordAndSecret(
    db,
    link.id,
    await hashPassword(body.password),
    sealTotpSecret(config, link.id, secret),
  );
  await audit(db, { event: 'staff.setup.password', brandId: link.brand_id, staffId: link.id, ip });
  return {
    username: link.username,
    secret,
    otpauthUri: otpauthUri({ issuer: `${link.brand_name} back office`, username: link.username, secret }),
  };
}

/**
 * Set-up, step two: a code from the authenticator proves it holds the secret; the link is spent
 * and the recovery codes are answered — once, only their digests are kept.
 */
export async function setupConfirm(db: Database, config: KeyConfig, ip: string, body: { token: string; code: string }) {
  const link = await linkOf(db, body.token);
  if (!link.totp_secret_sealed) throw new AppError('SETUP_LINK_INVALID');
  const step = await totpStep(config, link.id, link.totp_secret_sealed, body.code);
  if (step === null) throw new AppError('TOTP_INVALID');
  const { codes, hashes } = newRecoveryCodes();
  const done = await repo.completeEnrolment(db, {
    tokenHash: hashToken(body.token),
    staffId: link.id,
    step,
    codeHashes: hashes,
  });
  if (!done) throw new AppError('SETUP_LINK_INVALID');
  await audit(db, { event: 'staff.totp.enrolled', brandId: link.brand_id, staffId: link.id, ip });
  return { recoveryCodes: codes };
}
