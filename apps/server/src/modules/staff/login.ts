import { randomBytes } from 'node:crypto';
import type { StaffLoginBody, StaffVerifyBody } from '@khela/contract';
import { addressAllowed } from '../../platform/address-list';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { burnVerifyTime, verifyPassword } from '../../platform/passwords';
import { hashToken, TOKEN_BYTES } from '../../platform/sessions';
import type { Visit } from '../../platform/visit';
import * as repo from './repo';
import { openStaffSession } from './sessions';
import { recoveryCodeHash, totpStep } from './totp';

/**
 * Staff login in two steps (decision 0030): the password answers a short-lived challenge, and
 * the challenge with a TOTP code (or a recovery code) answers the session. Failures of either
 * step count toward one lock per account.
 */

/** Failures in a row that lock a staff account… */
export const STAFF_LOCK_AFTER_FAILURES = 5;
/** …for this long. */
export const STAFF_LOCK_MINUTES = 15;
/** How long the password step's challenge waits for the second factor. */
export const STAFF_CHALLENGE_SECONDS = 300;

export type LoginDeps = { db: Database; config: Config };

const isLocked = (s: { locked_until: Date | null }) => !!s.locked_until && s.locked_until.getTime() > Date.now();

async function failed(
  db: Database,
  visit: Visit,
  staff: repo.StaffRow | undefined,
  detail: { step: 'password' | 'code'; why: string; username?: string },
) {
  await audit(db, {
    event: 'staff.login.failed',
    brandId: visit.brand.id,
    staffId: staff?.id ?? null,
    ip: visit.ip,
    detail,
  });
  if (!staff || detail.why === 'locked') return;
  const { lockedNow } = await repo.countFailure(db, staff.id, STAFF_LOCK_AFTER_FAILURES, STAFF_LOCK_MINUTES);
  if (lockedNow)
    await audit(db, {
      event: 'staff.login.lockout',
      brandId: visit.brand.id,
      staffId: staff.id,
      ip: visit.ip,
      detail: { minutes: STAFF_LOCK_MINUTES },
    });
}

/**
 * The brand's staff address allow-list (decision 0032) holds at login too: an address outside
 * it gets no further than this, whatever it sends, and the attempt is audited.
 */
async function refuseOutsideAllowList(db: Database, visit: Visit, step: 'password' | 'code') {
  if (addressAllowed(await repo.brandStaffAddresses(db, visit.brand.id), visit.ip)) return;
  await audit(db, {
    event: 'staff.address.refused',
    brandId: visit.brand.id,
    ip: visit.ip,
    detail: { step },
  });
  throw new AppError('STAFF_ADDRESS_NOT_ALLOWED');
}

/**
 * Step one. A wrong password, a name nobody has, a locked or disabled account and one not yet
 * set up get the same answer, after the same argon2 work, so none tells which exist.
 */
export async function staffLogin(deps: LoginDeps, visit: Visit, body: StaffLoginBody) {
  const { db } = deps;
  await refuseOutsideAllowList(db, visit, 'password');
  const staff = await repo.staffByUsername(db, visit.brand.id, body.username);
  const usable = staff?.password_hash && staff.totp_enrolled_at && !staff.disabled_at ? staff : undefined;
  const right = usable?.password_hash
    ? await verifyPassword(usable.password_hash, body.password)
    : await burnVerifyTime(body.password).then(() => false);
  if (!usable || !right || isLocked(usable)) {
    const why = !staff ? 'unknown' : !usable ? 'not-set-up' : isLocked(usable) ? 'locked' : 'password';
    await failed(db, visit, staff, { step: 'password', why, ...(staff ? {} : { username: body.username }) });
    throw new AppError('INVALID_CREDENTIALS');
  }
  const challenge = randomBytes(TOKEN_BYTES).toString('base64url');
  await repo.insertLoginChallenge(db, {
    tokenHash: hashToken(challenge),
    staffId: usable.id,
    ip: visit.ip,
    seconds: STAFF_CHALLENGE_SECONDS,
  });
  return { challenge, expiresInSeconds: STAFF_CHALLENGE_SECONDS };
}

/**
 * Step two: a TOTP code newer than the last one accepted (a code seen on a shoulder or a screen
 * share cannot be used again within its window), or an unused recovery code.
 */
export async function staffVerify(deps: LoginDeps, visit: Visit, body: StaffVerifyBody) {
  const { db, config } = deps;
  await refuseOutsideAllowList(db, visit, 'code');
  const tokenHash = hashToken(body.challenge);
  const challenge = await repo.liveLoginChallenge(db, tokenHash);
  const staff = challenge ? await repo.staffById(db, challenge.staff_id) : undefined;
  if (!staff?.totp_secret_sealed || staff.disabled_at || staff.brand_id !== visit.brand.id)
    throw new AppError('LOGIN_CHALLENGE_INVALID');
  if (isLocked(staff)) {
    await failed(db, visit, staff, { step: 'code', why: 'locked' });
    throw new AppError('ACCOUNT_LOCKED');
  }
  let via: 'totp' | 'recovery';
  if (body.code !== undefined) {
    via = 'totp';
    const step = await totpStep(config, staff.id, staff.totp_secret_sealed, body.code);
    const fresh = step !== null && (await repo.acceptTotpStep(db, staff.id, step));
    if (!fresh) {
      await failed(db, visit, staff, { step: 'code', why: step === null ? 'wrong-code' : 'replayed-code' });
      throw new AppError('TOTP_INVALID');
    }
  } else {
    via = 'recovery';
    if (!(await repo.spendRecoveryCode(db, staff.id, recoveryCodeHash(body.recoveryCode ?? '')))) {
      await failed(db, visit, staff, { step: 'code', why: 'recovery-code' });
      throw new AppError('TOTP_INVALID');
    }
  }
  if (!(await repo.spendLoginChallenge(db, tokenHash))) throw new AppError('LOGIN_CHALLENGE_INVALID');
  await repo.clearFailures(db, staff.id);
  const left = await repo.recoveryCodesLeft(db, staff.id);
  if (via === 'recovery')
    await audit(db, {
      event: 'staff.recovery.used',
      brandId: visit.brand.id,
      staffId: staff.id,
      ip: visit.ip,
      detail: { left },
    });
  const session = await openStaffSession(db, config, staff.id, visit);
  await audit(db, {
    event: 'staff.login.ok',
    brandId: visit.brand.id,
    staffId: staff.id,
    ip: visit.ip,
    detail: { via, sessionId: Number(session.id) },
  });
  return {
    token: session.token,
    idleSeconds: config.STAFF_SESSION_IDLE_SECONDS,
    expiresAt: session.expiresAt.toISOString(),
    recoveryCodesLeft: left,
  };
}
