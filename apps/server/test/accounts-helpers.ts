import { existsSync, readFileSync } from 'node:fs';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';

/** Test settings: a cheap proof of work and no per-address throttle in the way. */
export const ACCOUNT_TEST_ENV = {
  HUMAN_CHECK_COST: '1',
  LOGIN_RATE_PER_MINUTE: '10000',
  TRUSTED_PROXY_HEADER: 'x-forwarded-for',
};

let lastOctets = 0;
/** A visitor address of its own, so one test's failed logins do not count against another's. */
export function newIp(): string {
  lastOctets++;
  return `10.${(lastOctets >> 16) & 255}.${(lastOctets >> 8) & 255}.${lastOctets & 255}`;
}

/** Fetches and solves a human-check challenge as the ALTCHA widget would; returns the `altcha` field. */
export async function solveHumanCheck(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/wps/verification/human' });
  const challenge = res.json().value;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let n = 0;
/** A fresh username that satisfies the demo rule (letter first, 6–16 letters and digits). */
export function newUsername(prefix = 'player'): string {
  n++;
  return `${prefix}${Date.now().toString(36).slice(-5)}${n}`.slice(0, 16);
}

export const STRONG_PASSWORD = 'Tiger#Lake42';

export async function register(app: FastifyInstance, fields: Record<string, unknown> = {}, ip?: string) {
  const username = (fields.username as string | undefined) ?? newUsername();
  const res = await app.inject({
    method: 'POST',
    url: '/wps/member/register',
    ...(ip ? { headers: { 'x-forwarded-for': ip } } : {}),
    payload: {
      username,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      registerMethod: 'WEB',
      login: true,
      altcha: await solveHumanCheck(app),
      ...fields,
    },
  });
  return { res, username };
}

export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
  ip = newIp(),
) {
  return app.inject({
    method: 'POST',
    headers: { 'x-forwarded-for': ip },
    url: '/wps/session/login',
    payload: { username, password, type: 'username', altcha: await solveHumanCheck(app), ...extra },
  });
}

/** Free play as the login form asks it: the spec's fields and a solved human check. */
export async function freePlay(app: FastifyInstance, fields: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/wps/session/login/freeplay',
    payload: { os: 'web', platform: 'W', altcha: await solveHumanCheck(app), ...fields },
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The messages the console SMS transport appended to `file` (oldest first). */
export function smsOutbox(file: string): { to: string; text: string }[] {
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
}

/** The code of the last message in `file` to a number: E.164, or Bangladeshi national (01712345678). */
export function lastSmsCode(file: string, mobile: string): string | undefined {
  const to = mobile.startsWith('+') ? mobile : `+880${mobile.slice(1)}`;
  const msg = smsOutbox(file)
    .filter((m) => m.to === to)
    .at(-1);
  return msg ? /\b(\d{6})\b/.exec(msg.text)?.[1] : undefined;
}
