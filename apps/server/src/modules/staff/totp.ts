import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@khela/contract';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Config } from '../../platform/config';
import { seal, secretsKeyOf, unseal } from '../../platform/secrets-key';

/**
 * The second factor (decision 0030): RFC 6238 TOTP (30 s, 6 digits, SHA-1, what every
 * authenticator app reads from a QR code), a code accepted one step either side for clock
 * drift and never twice; and 10 single-use recovery codes kept as SHA-256 digests.
 */

/** One step either side of the server's clock (RFC 6238 §5.2 recommends at most one). */
const TOLERANCE_SECONDS = 30;

/** The sealed secret opens only on its own staff row. */
const purposeOf = (staffId: bigint) => `staff-totp:${staffId}`;

export type KeyConfig = Pick<Config, 'SECRETS_KEY' | 'dataDir'>;

export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUri(o: { issuer: string; username: string; secret: string }): string {
  return generateURI({ issuer: o.issuer, label: o.username, secret: o.secret });
}

export function sealTotpSecret(config: KeyConfig, staffId: bigint, secret: string): string {
  return seal(secretsKeyOf(config), secret, purposeOf(staffId));
}

/** The code's time step when it is right for the sealed secret (replays are the caller's check). */
export async function totpStep(
  config: KeyConfig,
  staffId: bigint,
  sealed: string,
  code: string,
): Promise<number | null> {
  const secret = unseal(secretsKeyOf(config), sealed, purposeOf(staffId));
  const r = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS });
  return r.valid && 'timeStep' in r ? r.timeStep : null;
}

/** Letters and digits that cannot be misread for one another (no I, O, 0, 1). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 80 random bits as `ABCD-EFGH-JKLM-NPQR`. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 0; i < 16; i++) {
    out += ALPHABET[Number((bits >> BigInt(75 - i * 5)) & 31n)];
    if (i % 4 === 3 && i < 15) out += '-';
  }
  return out;
}

/** A recovery code as typed, normalised (case and dashes forgiven) and digested. */
export function recoveryCodeHash(typed: string): Buffer {
  const norm = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return createHash('sha256').update(norm, 'utf8').digest();
}

export function newRecoveryCodes(): { codes: string[]; hashes: Buffer[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: codes.map(recoveryCodeHash) };
}
