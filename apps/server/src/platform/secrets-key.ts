import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

/**
 * Secrets kept at rest (staff TOTP secrets; provider secrets later) are sealed with AES-256-GCM
 * under one key (decision 0030): SECRETS_KEY, or, when it is unset, a key generated once into
 * DATA_DIR/secrets.key with mode 0600. A database dump alone then holds no usable secret.
 */

export const SECRETS_KEY_FILE = 'secrets.key';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keys = new Map<string, Buffer>();

/** What to say at start: a production server without SECRETS_KEY keeps its key beside the data. */
export function secretsKeyWarning(config: Pick<Config, 'NODE_ENV' | 'SECRETS_KEY'>): string | null {
  if (config.SECRETS_KEY || config.NODE_ENV !== 'production') return null;
  return `SECRETS_KEY is not set: secrets at rest are sealed with ${SECRETS_KEY_FILE} in the data directory; set SECRETS_KEY and keep it out of the database's backups`;
}

/** The 32-byte key: SECRETS_KEY, else the data directory's key file (made on first use). */
export function secretsKeyOf(config: Pick<Config, 'SECRETS_KEY' | 'dataDir'>): Buffer {
  if (config.SECRETS_KEY) return Buffer.from(config.SECRETS_KEY, 'base64');
  const file = path.join(config.dataDir, SECRETS_KEY_FILE);
  let key = keys.get(file);
  if (!key) {
    key = readOrCreateKeyFile(file);
    keys.set(file, key);
  }
  return key;
}

function readOrCreateKeyFile(file: string): Buffer {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': two processes starting together never overwrite each other's key.
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  // A key file copied in with looser rights is tightened: only the server's user reads it.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}

/**
 * Seals `plain` for one purpose (`aad`, e.g. `staff-totp:42`): the sealed text opens only with
 * the same purpose, so a sealed value copied onto another row does not open there.
 */
export function seal(key: Buffer, plain: string, aad: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Opens a sealed text; throws when the key, the purpose or the bytes are not the sealer's. */
export function unseal(key: Buffer, sealed: string, aad: string): string {
  const [version, data = ''] = sealed.split('.', 2);
  if (version !== VERSION) throw new Error('unknown sealed secret version');
  const raw = Buffer.from(data, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
