import { createHash, randomBytes } from 'node:crypto';
import {
  FIELD_ERRORS,
  type ForgotByEmailBody,
  RESET_LINK_MINUTES,
  RESET_PASSWORD_PATH,
  type ResetPasswordBody,
  validateChangePassword,
  validateForgotByEmail,
} from '@khela/contract';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../../platform/audit';
import { type BrandSnapshot, normaliseHost } from '../../platform/brand';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db';
import { type EmailSender, type MailConfig, mailFailure } from '../../platform/email';
import { AppError } from '../../platform/errors';
import { memberLanguage, RESET_EMAIL } from '../../platform/member-texts';
import { hashPassword, isBreached, isWeak } from '../../platform/passwords';
import type { Visit } from '../../platform/visit';
import { statusRefusal } from '../auth/service';
import * as repo from './repo';

/** 32 random bytes (256 bits) per link; only the SHA-256 is stored. */
export const RESET_TOKEN_BYTES = 32;
/** Reset requests allowed per hour: from one visitor address, for one typed account name, for one email. */
export const RESETS_PER_IP_PER_HOUR = 10;
export const RESETS_PER_ACCOUNT_PER_HOUR = 3;
export const RESETS_PER_EMAIL_PER_HOUR = 3;

const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/** What the reset by email works with besides the call's input and its visit. */
export type MailDeps = {
  db: Database;
  config: Config;
  mailConfig: MailConfig;
  mail: EmailSender;
  log: FastifyBaseLogger;
};

/** Where a call came in: its scheme and its Host header as sent. */
export type Site = { protocol: string; host: string };

/**
 * Where reset links point: PUBLIC_URL when configured, else the call's host but only when it is
 * one of this brand's domains — in every NODE_ENV. A link built from any Host header would let
 * an attacker have the victim's token mailed to a site of theirs (reset poisoning); the Host
 * header is the only one read (X-Forwarded-Host is not trusted, see app.ts trustProxy). Null:
 * no link can be made.
 */
export async function resetLinkOrigin(deps: MailDeps, brand: BrandSnapshot, site: Site): Promise<string | null> {
  if (deps.mailConfig.PUBLIC_URL) return deps.mailConfig.PUBLIC_URL;
  if (!/^[A-Za-z0-9.:[\]-]{1,255}$/.test(site.host)) return null;
  if (!(await repo.isBrandDomain(deps.db, brand.id, normaliseHost(site.host)))) return null;
  return `${site.protocol}://${site.host}`;
}

/** The warning `npm start` logs once when reset links have no PUBLIC_URL to point to. */
export const NO_PUBLIC_URL_WARNING =
  'PUBLIC_URL is not set: password-reset emails link to the address a request came to only when it is one of the ' +
  "brand's domains (brand_domains), with the request's scheme; requests to any other address get no email. " +
  'Set PUBLIC_URL=https://your-site.example';

/** The start-up warnings of the password reset: one when PUBLIC_URL is unset. */
export function startWarnings(mailConfig: Pick<MailConfig, 'PUBLIC_URL'>): string[] {
  return mailConfig.PUBLIC_URL ? [] : [NO_PUBLIC_URL_WARNING];
}

/**
 * POST /wps/member/password/email. Validates, throttles (by address, typed account and typed
 * email, counted whether or not they match, so a 429 tells nothing about accounts), and when
 * username and email name a member of this brand with a password, emails a single-use link
 * good for 30 minutes. The caller answers the same success either way. The email is sent
 * after the answer, not awaited, so its time does not tell either.
 */
export async function requestReset(deps: MailDeps, visit: Visit, site: Site, body: ForgotByEmailBody): Promise<null> {
  const { db } = deps;
  const { brand, ip } = visit;
  const errors = validateForgotByEmail(brand.registerRules, body);
  if (Object.keys(errors).length > 0)
    throw new AppError('VALIDATION_FAILED', Object.fromEntries(Object.entries(errors).map(([f, m]) => [f, m.key])));
  const request = { ip, account: body.username.trim().toLowerCase(), email: body.email.trim().toLowerCase() };

  const c = await repo.requestsLastHour(db, brand.id, request);
  if (
    c.byIp >= RESETS_PER_IP_PER_HOUR ||
    c.byAccount >= RESETS_PER_ACCOUNT_PER_HOUR ||
    c.byEmail >= RESETS_PER_EMAIL_PER_HOUR
  )
    throw new AppError('TOO_MANY_REQUESTS');
  await repo.recordRequest(db, brand.id, request);

  // Looked up whether or not the names match, so a match does not answer later.
  const origin = await resetLinkOrigin(deps, brand, site);
  const member = await repo.memberByAccountAndEmail(db, brand.id, request.account, request.email);
  if (!member) return null;
  if (!origin) {
    deps.log.error('password reset: no PUBLIC_URL and the request host is not a brand domain; no email sent');
    return null;
  }

  const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url');
  await repo.replaceToken(db, BigInt(member.id), digest(token), ip);
  const link = `${origin}${RESET_PASSWORD_PATH}?token=${token}`;
  // In the language the member last chose on the site, else the brand's default.
  const texts = RESET_EMAIL[memberLanguage(member.language, brand)];
  // Not awaited: an async function would wait for the promise it returns, and a match would
  // then answer as late as the mail server does.
  void deps.mail
    .send({
      to: member.email,
      subject: texts.subject(brand.info.name || 'Khela'),
      text: texts.text({ account: member.account, link, minutes: RESET_LINK_MINUTES }),
    })
    .catch((err) =>
      deps.log.error({ mail: mailFailure(err), to: member.email }, 'password reset email could not be sent'),
    );
  return null;
}

/**
 * POST /wps/member/password/reset: a new password by the brand's rule (not '123456', not a
 * common breached password) and its confirmation, then the link's token is consumed — only a
 * valid request uses it up — the password set, every session ended, the lock lifted.
 */
export async function resetPassword(db: Database, visit: Visit, body: ResetPasswordBody): Promise<null> {
  const { brand, ip } = visit;
  const errors: Record<string, string> = {};
  const checks = validateChangePassword(brand.registerRules.password, body, { oldKnown: true });
  for (const [f, m] of Object.entries(checks)) errors[f] = m.key;
  if (!errors.newPassword) {
    if (isWeak(body.newPassword)) errors.newPassword = FIELD_ERRORS.weakPassword;
    else if (isBreached(body.newPassword)) errors.newPassword = FIELD_ERRORS.breachedPassword;
  }
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(body.token)) throw new AppError('RESET_LINK_INVALID');
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', errors);
  const passwordHash = await hashPassword(body.newPassword);

  const reset = await repo.resetWithToken(db, {
    brandId: brand.id,
    tokenHash: digest(body.token),
    minutes: RESET_LINK_MINUTES,
    passwordHash,
  });
  if (!reset) {
    const status = await repo.statusOfLink(db, {
      brandId: brand.id,
      tokenHash: digest(body.token),
      minutes: RESET_LINK_MINUTES,
    });
    const refusal = status ? statusRefusal(status) : null;
    throw new AppError(refusal ?? 'RESET_LINK_INVALID');
  }
  await audit(db, {
    event: 'password.change',
    brandId: brand.id,
    memberId: reset.memberId,
    ip,
    detail: { via: 'email-reset', revokedSessions: reset.revokedSessions },
  });
  return null;
}
