import { randomBytes } from 'node:crypto';
import {
  FIELD_ERRORS,
  type FreePlayBody,
  type LoginBody,
  type LoginFailureValue,
  type LoginResult,
  type NewIpVerifyBody,
  payeeNameError,
  payeeText,
  type RegisterBody,
  VALIDATION_KEYS,
  validateField,
  validateForm,
} from '@khela/contract';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { createHumanChallenge, requireHumanCheck } from '../../platform/human-check';
import { burnVerifyTime, hashPassword, isBreached, isWeak, verifyPassword } from '../../platform/passwords';
import type { MemberLabel, MemberStatus } from '../../platform/schema';
import { createSession, revokeMemberSessions, type SessionMember } from '../../platform/sessions';
import { siteRefusal, TRIAL_TYPE } from '../../platform/site-kind';
import type { SmsSender } from '../../platform/sms';
import {
  captchaRequired,
  clearFailures,
  recentFailures,
  recordTakenAnswer,
  requireTakenAnswersLeft,
} from '../../platform/throttle';
import type { Visit } from '../../platform/visit';
import { endGameSessions } from '../provider/service';
import { consumeCode, memberByMobile, type Phone, phoneOrRefusal, readPhone } from '../verification/service';
import { checkCaptcha } from './captcha';
import { countWrongPassword, isLocked } from './failures';
import { passNewIpCheck, requireKnownIp } from './new-ip';
import * as repo from './repo';
import { refuseInactive } from './status';

export { countWrongPassword, isLocked } from './failures';
export { refuseInactive, statusRefusal } from './status';

/** What the account services work with besides the call's input and its visit. */
export type AccountDeps = { db: Database; config: Config; sms: SmsSender; log: FastifyBaseLogger };
/** What opening a session needs (no texts are sent). */
export type SessionDeps = Pick<AccountDeps, 'db' | 'config'>;

/** A refused login; `captcha` tells the form to show the captcha from now on (spec §4). */
export class LoginRefused extends AppError {
  override readonly value: LoginFailureValue | null;
  constructor(code: 'INVALID_CREDENTIALS' | 'CAPTCHA_REQUIRED' | 'CAPTCHA_INVALID', captcha: boolean) {
    super(code);
    this.value = captcha ? { captcha: true } : null;
  }
}

/** What opening a session needs of a member. */
export type SessionCandidate = {
  id: bigint;
  account: string;
  is_agent: number;
  member_label: MemberLabel[];
  status: MemberStatus;
};

/**
 * Opens a session for a member whose password or code was proven, and answers like a login
 * (spec §3 login response). Also used by the password reset by phone, which logs in.
 */
export async function openSession(
  deps: SessionDeps,
  visit: Visit,
  member: SessionCandidate,
  loginType: string,
  passwordExpired: boolean,
): Promise<LoginResult> {
  const { db, config } = deps;
  // Every login kind ends here: none opens a session on an account the operator closed off.
  await refuseInactive(db, visit, member, loginType);
  const token = await createSession(db, member, {
    ip: visit.ip,
    userAgent: visit.userAgent,
    loginType,
    hours: config.SESSION_ABSOLUTE_HOURS,
  });
  await repo.recordLoginIp(db, member.id, visit.ip);
  const firstTimeLogin = await repo.markLoggedIn(db, member.id);
  return {
    token,
    firstTimeLogin,
    passwordExpired,
    account: member.account,
    customerId: Number(member.id),
    isAgent: member.is_agent,
    memberLabel: member.member_label,
  };
}

function expired(config: Config, brand: BrandSnapshot, changedAt: Date, password: string): boolean {
  // Spec §9: '123456' always forces a change; otherwise only an expiry the operator set — the
  // brand's own (back office, decision 0038), else the server's.
  if (isWeak(password)) return true;
  const days = brand.passwordMaxAgeDays ?? config.PASSWORD_MAX_AGE_DAYS;
  return days > 0 && Date.now() - new Date(changedAt).getTime() > days * 86_400_000;
}

/**
 * The account a login names, and its member. An account opened by mobile is the number as
 * dialled at home (01712345678), so a name nobody has that reads as a mobile number (+880…,
 * without the 0, Bengali digits) names that account, and counts toward the same lock.
 */
async function accountNamed(db: Database, brand: BrandSnapshot, account: string) {
  const member = await repo.memberByAccount(db, brand.id, account);
  if (member || !/^[+\p{Nd}]/u.test(account)) return { account, member };
  const reading = readPhone(brand, account, undefined);
  if (!reading.ok || reading.national === account) return { account, member };
  return { account: reading.national, member: await repo.memberByAccount(db, brand.id, reading.national) };
}

/**
 * POST /wps/session/login (spec §2, §4). A wrong password, a name nobody has, a trial account
 * and a locked account get the same answer — the same code, text, shape and status — after the
 * same argon2 work, so no answer tells which accounts exist or which are locked (decision 0028).
 * 3 failures in an hour (account or address) ask for a captcha, 10 lock the account for 15
 * minutes.
 */
export async function login(deps: AccountDeps, visit: Visit, body: LoginBody): Promise<LoginResult> {
  if (body.type === 'sms') return smsLogin(deps, visit, body);
  const { db, config } = deps;
  const { brand, ip } = visit;
  const typed = body.username.trim();
  if (typed === '' || body.password === '')
    throw new AppError('VALIDATION_FAILED', {
      ...(typed === '' ? { username: VALIDATION_KEYS.usernamePassword } : {}),
      ...(body.password === '' ? { password: VALIDATION_KEYS.usernamePassword } : {}),
    });
  await requireHumanCheck(db, config, body.altcha);

  const { account, member } = await accountNamed(db, brand, typed);
  const failures = await recentFailures(db, brand.id, account, ip);
  if (captchaRequired(failures)) {
    if (!body.captcha || !body.captchaId) throw new LoginRefused('CAPTCHA_REQUIRED', true);
    if (!(await checkCaptcha(db, body.captchaId, body.captcha))) throw new LoginRefused('CAPTCHA_INVALID', true);
  }

  const locked = isLocked(member);
  // One argon2 verification whatever the account: its own hash, or a throwaway one for a name
  // nobody has, a trial account (no password: it comes back only through free play) and a
  // locked account (its password is not tried while the lock holds).
  let ok = false;
  if (member?.password_hash && member.is_agent !== TRIAL_TYPE && !locked)
    ok = await verifyPassword(member.password_hash, body.password);
  else await burnVerifyTime(body.password);

  if (!member || !ok) {
    const { counts } = await countWrongPassword(db, {
      brandId: brand.id,
      ip,
      account,
      member: member ? { id: member.id, locked } : null,
      event: 'login.failed',
      detail: { account: account.slice(0, 64) },
    });
    throw new LoginRefused('INVALID_CREDENTIALS', captchaRequired(counts));
  }

  await refuseInactive(db, visit, member, 'username');
  await refuseOffSite(deps, visit, member, 'username');
  const passwordExpired = expired(config, brand, member.password_changed_at, body.password);
  await requireKnownIp(deps, visit, member, passwordExpired);
  await clearFailures(db, brand.id, account);
  const result = await openSession(deps, visit, member, 'username', passwordExpired);
  await audit(db, { event: 'login.ok', brandId: brand.id, memberId: member.id, ip, detail: { type: 'username' } });
  return result;
}

/**
 * Spec §6/§8 by SITE_KIND: an account this site does not admit is refused (and audited) once
 * its password or code has been proven, so the refusal tells nothing to someone without them.
 */
export async function refuseOffSite(
  deps: SessionDeps,
  visit: Visit,
  member: { id: bigint; is_agent: number; agent_only: boolean },
  type: string,
): Promise<void> {
  const refusal = siteRefusal(deps.config, member);
  if (!refusal) return;
  await audit(deps.db, {
    event: 'login.refused',
    brandId: visit.brand.id,
    memberId: member.id,
    ip: visit.ip,
    detail: { reason: refusal, type, siteKind: deps.config.SITE_KIND },
  });
  throw new AppError(refusal);
}

/** POST /wps/session/login/newip: the SMS code of a new-address check opens the held-back session. */
export async function loginFromNewIp(deps: AccountDeps, visit: Visit, body: NewIpVerifyBody): Promise<LoginResult> {
  const { member, passwordExpired } = await passNewIpCheck(deps, visit, body);
  const result = await openSession(deps, visit, member, 'username', passwordExpired);
  await audit(deps.db, {
    event: 'login.ok',
    brandId: visit.brand.id,
    memberId: member.id,
    ip: visit.ip,
    detail: { type: 'username', newIp: true },
  });
  return result;
}

/**
 * Login type sms (spec §2, §4): `username` is the mobile number, `password` the code from
 * /wps/verification/sms/noLogin. No human check (spec); the code is single use and takes 5
 * wrong tries at most. Owning the phone also lifts a lockout. Never asks for a password change.
 */
async function smsLogin(deps: AccountDeps, visit: Visit, body: LoginBody): Promise<LoginResult> {
  const { brand, ip } = visit;
  if (!brand.flags.MOBILEVERCODELOGIN3) throw new AppError('FEATURE_DISABLED');
  const db = deps.db;
  const mobile = body.username.trim();
  const code = body.password.trim();
  if (mobile === '' || code === '')
    throw new AppError('VALIDATION_FAILED', {
      ...(mobile === '' ? { username: VALIDATION_KEYS.mobileNum } : {}),
      ...(code === '' ? { password: VALIDATION_KEYS.verificationCode } : {}),
    });
  const phone = phoneOrRefusal(brand, mobile, body.countryDialingCode, 'username');
  try {
    await consumeCode(db, { brandId: brand.id, phone, purpose: 'login', code, field: 'password' });
  } catch (err) {
    await audit(db, {
      event: 'login.failed',
      brandId: brand.id,
      ip,
      detail: { account: mobile.slice(0, 64), type: 'sms' },
    });
    throw err;
  }
  const member = await memberByMobile(db, brand.id, phone);
  if (!member) throw new AppError('INVALID_SMS_CODE', { password: VALIDATION_KEYS.verificationCode });
  await refuseInactive(db, visit, member, 'sms');
  await refuseOffSite(deps, visit, member, 'sms');
  // Owning the phone lifts the failed-login lock, never the member status.
  if (member.locked_until) await repo.unlockMember(db, member.id);
  await clearFailures(db, brand.id, member.account);
  const result = await openSession(deps, visit, member, 'sms', false);
  await audit(db, { event: 'login.ok', brandId: brand.id, memberId: member.id, ip, detail: { type: 'sms' } });
  return result;
}

/** Field errors a new password earns beyond the brand's pattern: breached or weak. */
export function passwordStrengthError(password: string): string | null {
  if (isWeak(password)) return FIELD_ERRORS.weakPassword;
  if (isBreached(password)) return FIELD_ERRORS.breachedPassword;
  return null;
}

/**
 * POST /wps/member/register (username mode) and /wps/member/register/mobile (spec §2, §4, §5);
 * logs the new member in. In mobile mode the account is the mobile number, and a password is
 * always asked: SMS login is a brand option (MOBILEVERCODELOGIN3), and without it the password
 * is the only way back in.
 */
export async function register(
  deps: AccountDeps,
  visit: Visit,
  body: RegisterBody,
  mode: 'username' | 'mobile' = 'username',
): Promise<LoginResult> {
  const { db, config } = deps;
  const { brand, ip } = visit;
  if (!brand.flags[mode === 'mobile' ? 'MOBILENUMREG3' : 'DIRECTREG3']) throw new AppError('FEATURE_DISABLED');
  // Registration makes players; the agent site has no use for them (agents are opened by their upline).
  if (config.SITE_KIND === 'agent') throw new AppError('FEATURE_DISABLED');
  await requireTakenAnswersLeft(db, brand.id, ip, config.REGISTER_TAKEN_PER_HOUR);
  // REGMOBVERF3: the mobile number is verified by a code from /wps/verification/sms/register.
  const smsCode = !!brand.flags.REGMOBVERF3;
  const { altcha: _a, registerUrl, registerMethod: _m, login: _l, language, domain: _d, ...values } = body;
  const fieldErrors: Record<string, string> = {};
  const readTyped = (typed: string) => readPhone(brand, typed, body.countryDialingCode);
  for (const [field, m] of Object.entries(
    validateForm(brand.registerRules, values, mode, { mobilePassword: true, smsCode, mobile: readTyped }),
  ))
    fieldErrors[field] = m.key;
  const typedMobile = body.mobileNum?.trim() ?? '';
  const reading = typedMobile ? readTyped(typedMobile) : null;
  // Another country's number is refused as such, not as a mistyped one.
  if (reading && !reading.ok && reading.foreign)
    throw new AppError('MOBILE_COUNTRY_NOT_ALLOWED', { ...fieldErrors, mobileNum: reading.key });
  // Spec §5 payeeName and paymentPassword: kept only where the brand's form asks for them. The
  // username form checked them above; the mobile form does not show them, so a value sent there
  // is checked by the same rule here.
  const rules = brand.registerRules;
  const payeeName = rules.payeeName.enabled ? (body.payeeName ?? '').trim() : '';
  const paymentPassword = rules.paymentPassword.enabled ? (body.paymentPassword ?? '') : '';
  if (mode === 'mobile')
    for (const [f, v] of [
      ['payeeName', payeeName],
      ['paymentPassword', paymentPassword],
    ] as const) {
      const m = v === '' ? null : validateField(rules[f], v, { required: false, field: f });
      if (m) fieldErrors[f] = m.key;
    }
  // A payee name given meets the rules of every payee name too, as a first payout account's does.
  const payeeProblem = payeeName === '' ? null : payeeNameError(payeeName);
  if (payeeProblem && !fieldErrors.payeeName) fieldErrors.payeeName = payeeProblem;
  const password = body.password ?? '';
  if (!fieldErrors.password) {
    const weak = passwordStrengthError(password);
    if (weak) fieldErrors.password = weak;
  }
  if (Object.keys(fieldErrors).length > 0) throw new AppError('VALIDATION_FAILED', fieldErrors);

  await requireHumanCheck(db, config, body.altcha);
  // Checked by validateForm above: a number, when one was typed.
  const phone: Phone | null = reading?.ok ? reading : null;
  if (smsCode) {
    if (!phone) throw new AppError('INVALID_SMS_CODE', { verificationCode: VALIDATION_KEYS.verificationCode });
    await consumeCode(db, {
      brandId: brand.id,
      phone,
      purpose: 'register',
      code: body.verificationCode ?? '',
      field: 'verificationCode',
    });
  }

  const code = (body.affiliateCode || body.referralCode || '').trim();
  let uplineId: bigint | null = null;
  if (code) {
    const agent = await repo.agentByCode(db, brand.id, code);
    if (!agent) throw new AppError('INVITATION_CODE_ERROR', { affiliateCode: VALIDATION_KEYS.invalidInvitationCode });
    uplineId = agent.id;
  }

  // By mobile, the account is the number as it is dialled at home (01712345678).
  const account = mode === 'mobile' ? (phone?.national ?? '') : (body.username ?? '').trim();
  const passwordHash = await hashPassword(password);
  const paymentPasswordHash = paymentPassword === '' ? null : await hashPassword(paymentPassword);
  let member: Awaited<ReturnType<typeof repo.insertMember>>;
  try {
    member = await repo.insertMember(db, {
      brand_id: brand.id,
      account,
      password_hash: passwordHash,
      // The player chose this password just now: not a first login with a preset password (spec §4 cpw).
      first_login: false,
      mobile_num: phone?.e164 ?? null,
      country_dialing_code: phone?.dialingCode ?? null,
      email: body.email?.trim() || null,
      upline_id: uplineId,
      register_ip: ip,
      register_url: registerUrl ?? null,
      referred_by_code: code || null,
      language: language ?? null,
      payee_name: payeeName === '' ? null : payeeText(payeeName),
      payment_password_hash: paymentPasswordHash,
    });
  } catch (err) {
    const constraint = (err as { constraint?: string }).constraint ?? String((err as Error).message);
    if ((err as { code?: string }).code === '23505' || /duplicate key/.test(String((err as Error).message))) {
      // The one answer that tells an outsider an account exists: counted per address.
      await recordTakenAnswer(db, brand.id, ip);
      if (constraint.includes('mobile') || mode === 'mobile')
        throw new AppError('ACCOUNT_EXISTS', { mobileNum: FIELD_ERRORS.mobileTaken });
      throw new AppError('ACCOUNT_EXISTS', { username: FIELD_ERRORS.accountTaken });
    }
    throw err;
  }
  await audit(db, {
    event: 'member.register',
    brandId: brand.id,
    memberId: member.id,
    ip,
    detail: { method: mode, upline: uplineId === null ? null : String(uplineId) },
  });
  const result = await openSession(deps, visit, member, 'username', false);
  await audit(db, { event: 'login.ok', brandId: brand.id, memberId: member.id, ip, detail: { type: 'register' } });
  return result;
}

/** POST /wps/agent/affiliate: whether `code` is an agent's invitation code of this brand. */
export async function checkAffiliate(db: Database, brand: BrandSnapshot, code: string) {
  const agent = code.trim() ? await repo.agentByCode(db, brand.id, code.trim()) : undefined;
  if (!agent) throw new AppError('INVITATION_CODE_ERROR');
  return { valid: true as const };
}

/**
 * POST /wps/session/login/freeplay: a new trial account (isAgent 4, no password) and its session,
 * after the human check registration asks (a bot would otherwise open accounts by the thousand).
 */
export async function freePlay(deps: AccountDeps, visit: Visit, body: FreePlayBody): Promise<LoginResult> {
  const { db, config } = deps;
  const { brand, ip } = visit;
  if (!brand.flags.FREEPLAY3) throw new AppError('FEATURE_DISABLED');
  // A trial account is no agent: the agent site would turn it away at once.
  if (siteRefusal(config, { is_agent: TRIAL_TYPE, agent_only: false })) throw new AppError('NON_AGENT_LOGIN');
  await requireHumanCheck(db, config, body.altcha);
  // 'guest' + 10 base-36 characters (~51 bits): matches the username pattern, never guessed.
  const account = `guest${BigInt(`0x${randomBytes(8).toString('hex')}`)
    .toString(36)
    .slice(0, 10)}`;
  const member = await repo.insertMember(db, {
    brand_id: brand.id,
    account,
    password_hash: null,
    is_agent: TRIAL_TYPE,
    first_login: false,
    register_ip: ip,
  });
  const result = await openSession(deps, visit, member, 'freeplay', false);
  await audit(db, { event: 'login.freeplay', brandId: brand.id, memberId: member.id, ip });
  return result;
}

/**
 * Ends every session of the member (decision 0028): every login, and the game sessions and
 * launch tickets they opened, so no new bet or launch is taken; rounds already open still
 * settle. The counts ended, for the audit.
 */
export async function endEverySession(
  db: Database,
  memberId: bigint,
): Promise<{ sessions: number; gameSessions: number }> {
  const sessions = await revokeMemberSessions(db, memberId);
  const gameSessions = await endGameSessions(db, memberId);
  return { sessions, gameSessions };
}

/** DELETE /wps/session/logout: ends every session of the member, on every device. */
export async function logout(db: Database, member: SessionMember, ip: string): Promise<null> {
  const ended = await endEverySession(db, member.id);
  await audit(db, { event: 'session.logout', brandId: member.brandId, memberId: member.id, ip, detail: ended });
  return null;
}

/** GET /wps/verification/human: a new ALTCHA challenge for the widget. */
export async function humanChallenge(db: Database, config: Config) {
  const challenge = await createHumanChallenge(db, config);
  return { parameters: { ...challenge.parameters }, signature: challenge.signature };
}

/**
 * Whether the member had logged in before the login of this session (every login counts once,
 * openSession): the site greets a returning member differently from a new one.
 */
export async function hasLoggedInBefore(db: Database, memberId: bigint): Promise<boolean> {
  return (await repo.loginCount(db, memberId)) > 1;
}
