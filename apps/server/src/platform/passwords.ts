import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum parameters (Password Storage Cheat Sheet): 19 MiB of memory,
 * 2 passes, 1 lane. About 20–40 ms per hash on one core; `npm run bench` shows the cost.
 */
export const ARGON2_PARAMS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Spec §9: the weak password that always forces a change. */
export const WEAK_PASSWORD = '123456';

/** How many of the most common breached passwords are refused (issue 3). */
export const BREACHED_LIST_SIZE = 10_000;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_PARAMS);
}

/** False for a wrong password and for a hash that is not argon2's (never throws). */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Verifies against a throwaway hash, so a login for an unknown account takes as long as one
 * with a wrong password and the timing does not tell which accounts exist.
 */
export async function burnVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('khela-no-such-account');
  await verifyPassword(await dummyHash, password);
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
