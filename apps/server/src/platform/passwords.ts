import { type Algorithm, hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * argon2id with OWASP's minimum parameters (Password Storage Cheat Sheet): 19 MiB of memory,
 * 2 passes, 1 lane. About 20–40 ms per hash on one core; `npm run bench` shows the cost.
 * `algorithm: 2` is `Algorithm.Argon2id`, a const enum that isolated modules cannot read at run
 * time. The binding is @node-rs/argon2's prebuilt one (decision 0005).
 */
export const ARGON2_PARAMS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Spec §9: the weak password that always forces a change. */
export const WEAK_PASSWORD = '123456';

/** How many of the most common breached passwords are refused (decision 0004). */
export const BREACHED_LIST_SIZE = 10_000;

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password, ARGON2_PARAMS);
}

/** False for a wrong password and for a hash that is not argon2's (never throws). */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2Verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** The throwaway hash, made once (at start: see primeDummyHash). */
export function primeDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('khela-no-such-account');
  return dummyHash;
}

/**
 * Verifies against a throwaway hash, so a login for an unknown account takes as long as one
 * with a wrong password and the timing does not tell which accounts exist.
 */
export async function burnVerifyTime(password: string): Promise<void> {
  await verifyPassword(await primeDummyHash(), password);
}

let breached: Set<string> | undefined;
/** One of the 10,000 most common breached passwords (the list is ordered by frequency), any case. */
export function isBreached(password: string): boolean {
  breached ??= new Set(dictionary['passwords-common'].slice(0, BREACHED_LIST_SIZE).map((p) => p.toLowerCase()));
  return breached.has(password.toLowerCase());
}

export function isWeak(password: string): boolean {
  return password === WEAK_PASSWORD;
}
