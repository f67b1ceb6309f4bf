import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invalidateBrandCache } from '../src/platform/brand';
import {
  ACCOUNT_TEST_ENV,
  bearer,
  lastSmsCode,
  login,
  newIp,
  STRONG_PASSWORD,
  smsOutbox,
  solveHumanCheck,
} from './accounts-helpers';
import { createTestApp, type TestApp } from './harness';

const OUTBOX = path.join(tmpdir(), `khela-sms-${process.pid}-${Date.now()}.jsonl`);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...ACCOUNT_TEST_ENV, SMS_OUTBOX: OUTBOX });
});
afterAll(async () => {
  await t.close();
  rmSync(OUTBOX, { force: true });
});

let seq = 0;
/** A fresh Bangladeshi number (Robi's 018 range). */
const newMobile = () => `0181${String((Date.now() + ++seq * 7919) % 10_000_000).padStart(7, '0')}`;

const outbox = () => smsOutbox(OUTBOX);
/** The code of the last message to the number (+880 and the number without its 0). */
const lastCode = (mobile: string) => lastSmsCode(OUTBOX, mobile);

async function setFlag(code: string, enabled: boolean) {
  await t.db.kysely.updateTable('whitelabel_modules').set({ enabled }).where('code', '=', code).execute();
  invalidateBrandCache();
}

async function registerMobile(mobileNum: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/wps/member/register/mobile',
    headers: { 'x-forwarded-for': newIp() },
    payload: {
      mobileNum,
      username: mobileNum,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      countryDialingCode: '+880',
      registerMethod: 'WEB',
      login: true,
      altcha: await solveHumanCheck(t.app),
      ...extra,
    },
  });
}

async function askLoginCode(mobileNum: string, purpose?: 'login' | 'reset') {
  return t.app.inject({
    method: 'POST',
    url: '/wps/verification/sms/noLogin',
    headers: { 'x-forwarded-for': newIp() },
    payload: {
      mobileNum,
      countryDialingCode: '+880',
      altcha: await solveHumanCheck(t.app),
      ...(purpose ? { purpose } : {}),
    },
  });
}

const smsLogin = (mobileNum: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    headers: { 'x-forwarded-for': newIp() },
    payload: { username: mobileNum, password: code, type: 'sms', countryDialingCode: '+880' },
  });

/** Moves the number's codes back in time (expiry, hourly limit and resend gap are by created_at). */
const age = (mobile: string, seconds: number) =>
  sql`UPDATE sms_codes SET created_at = created_at - make_interval(secs => ${seconds}) WHERE phone = ${`+880${mobile.slice(1)}`}`.execute(
    t.db.kysely,
  );

async function member(): Promise<string> {
  await setFlag('REGMOBVERF3', false);
  const mobile = newMobile();
  const res = await registerMobile(mobile);
  expect(res.statusCode).toBe(200);
  return mobile;
}

describe('SMS codes', () => {
  it('sends 6 digits for a member and stores only a salted digest', async () => {
    const mobile = await member();
    const res = await askLoginCode(mobile);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, value: { expiredMinutes: 10 } });
    const code = lastCode(mobile);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.db.kysely
      .selectFrom('sms_codes')
      .selectAll()
      .where('phone', '=', `+880${mobile.slice(1)}`)
      .execute();
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row?.code_hash).toHaveLength(32);
    expect(Buffer.from(row?.code_hash ?? []).toString('utf8')).not.toContain(code);
    expect(Buffer.from(row?.code_hash ?? []).toString('hex')).not.toContain(code);
    for (const v of Object.values(row ?? {})) expect(String(v)).not.toBe(code);
    const digest = createHash('sha256')
      .update(Buffer.from(row?.salt ?? []))
      .update(code ?? '')
      .digest();
    expect(Buffer.from(row?.code_hash ?? []).equals(digest)).toBe(true);
  });

  it('answers an unknown number the same and sends nothing', async () => {
    const before = outbox().length;
    const unknown = newMobile();
    const res = await askLoginCode(unknown);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, value: { expiredMinutes: 10 } });
    expect(outbox().length).toBe(before);
  });

  it('asks for the human check first', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { mobileNum: newMobile(), countryDialingCode: '+880' },
    });
    expect(res.json().code).toBe('HUMAN_CHECK_FAILED');
  });

  it('refuses a resend within 60 s and a 6th code within the hour, for known and unknown numbers', async () => {
    for (const mobile of [await member(), newMobile()]) {
      expect((await askLoginCode(mobile)).statusCode).toBe(200);
      const soon = await askLoginCode(mobile);
      expect(soon.statusCode).toBe(429);
      expect(soon.json().code).toBe('SMS_RESEND_TOO_SOON');
      for (let i = 0; i < 4; i++) {
        await age(mobile, 61);
        expect((await askLoginCode(mobile)).statusCode).toBe(200);
      }
      await age(mobile, 61);
      const sixth = await askLoginCode(mobile);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toMatchObject({ code: 'SMS_TOO_MANY', message: 'errors.SMS_TOO_MANY' });
      await age(mobile, 3600);
      expect((await askLoginCode(mobile)).statusCode).toBe(200);
    }
  });
});

describe('one phone, however it is written', () => {
  /** Asks a login code with this body (the number and its dialling code as the client sent them). */
  async function ask(body: { mobileNum: string; countryDialingCode?: string }) {
    return t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      headers: { 'x-forwarded-for': newIp() },
      payload: { ...body, altcha: await solveHumanCheck(t.app) },
    });
  }
  const bengali = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));

  it('sends one text a minute to a number, whatever its spelling or dialling code', async () => {
    // Registered without a dialling code, as the web form does when codes are not asked.
    await setFlag('REGMOBVERF3', false);
    const mobile = newMobile();
    expect((await registerMobile(mobile, { countryDialingCode: undefined })).statusCode).toBe(200);
    const tail = mobile.slice(1);
    const spellings = [
      { mobileNum: mobile, countryDialingCode: '+880' },
      { mobileNum: mobile },
      { mobileNum: mobile, countryDialingCode: '00880' },
      { mobileNum: mobile, countryDialingCode: '+0880' },
      { mobileNum: `+880${tail}`, countryDialingCode: '+880' },
      { mobileNum: `880${tail}` },
      { mobileNum: tail, countryDialingCode: '+880' },
      { mobileNum: `${mobile.slice(0, 5)}-${mobile.slice(5)}`, countryDialingCode: '+880' },
      { mobileNum: `+880 ${tail.slice(0, 4)} ${tail.slice(4)}` },
      { mobileNum: bengali(mobile), countryDialingCode: '+880' },
    ];
    const before = outbox().length;
    const answers: string[] = [];
    for (const body of spellings) answers.push((await ask(body)).json().code);
    expect(answers).toEqual(['OK', ...spellings.slice(1).map(() => 'SMS_RESEND_TOO_SOON')]);
    const sent = outbox()
      .slice(before)
      .filter((m) => m.to.replace(/\D/g, '').endsWith(tail));
    expect(sent.map((m) => m.to)).toEqual([`+880${tail}`]);
  });
});

describe('SMS login', () => {
  it('logs the member in once with the code, without a human check', async () => {
    const mobile = await member();
    await askLoginCode(mobile);
    const code = lastCode(mobile) ?? '';
    const res = await smsLogin(mobile, code);
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ account: mobile, passwordExpired: false });
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(v.token) });
    expect(info.json().value.account).toBe(mobile);
    const again = await smsLogin(mobile, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'INVALID_SMS_CODE',
      fieldErrors: { password: 'validation.verificationCode' },
    });
  });

  it('refuses a wrong code, and burns the code after 5 wrong tries', async () => {
    const mobile = await member();
    await askLoginCode(mobile);
    const code = lastCode(mobile) ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await smsLogin(mobile, wrong)).json().code).toBe('INVALID_SMS_CODE');
    expect((await smsLogin(mobile, code)).json().code).toBe('INVALID_SMS_CODE');
  });

  it('refuses an expired code', async () => {
    const mobile = await member();
    await askLoginCode(mobile);
    const code = lastCode(mobile) ?? '';
    await age(mobile, 10 * 60 + 1);
    expect((await smsLogin(mobile, code)).json().code).toBe('INVALID_SMS_CODE');
  });

  it('does not take a reset code for login', async () => {
    const mobile = await member();
    await askLoginCode(mobile, 'reset');
    expect((await smsLogin(mobile, lastCode(mobile) ?? '')).json().code).toBe('INVALID_SMS_CODE');
  });
});

describe('registration with REGMOBVERF3', () => {
  const askRegisterCode = async (mobileNo: string) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      headers: { 'x-forwarded-for': newIp() },
      payload: { mobileNo, countryDialingCode: '+880', altcha: await solveHumanCheck(t.app) },
    });

  it('needs the code sent to the number', async () => {
    await setFlag('REGMOBVERF3', true);
    try {
      const mobile = newMobile();
      const missing = await registerMobile(mobile);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fieldErrors).toMatchObject({ verificationCode: 'validation.notEmpty' });
      const sent = await askRegisterCode(mobile);
      expect(sent.json()).toMatchObject({ success: true, value: { expiredMinutes: 10 } });
      const code = lastCode(mobile) ?? '';
      const wrong = await registerMobile(mobile, { verificationCode: code === '000000' ? '111111' : '000000' });
      expect(wrong.json()).toMatchObject({
        code: 'INVALID_SMS_CODE',
        fieldErrors: { verificationCode: 'validation.verificationCode' },
      });
      const ok = await registerMobile(mobile, { verificationCode: code });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().value.account).toBe(mobile);
      const taken = await askRegisterCode(mobile);
      expect(taken.json().code).toBe('ACCOUNT_EXISTS');
    } finally {
      await setFlag('REGMOBVERF3', false);
    }
  });

  it('is refused while REGMOBVERF3 is off', async () => {
    await setFlag('REGMOBVERF3', false);
    expect((await askRegisterCode(newMobile())).json().code).toBe('FEATURE_DISABLED');
  });
});

describe('password reset by phone', () => {
  const reset = (mobileNum: string, verificationCode: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/member/password/verification',
      headers: { 'x-forwarded-for': newIp() },
      payload: { mobileNum, countryDialingCode: '+880', verificationCode, newPassword },
    });

  it('sets the password, ends the sessions, logs in and audits', async () => {
    const mobile = await member();
    const old = (await login(t.app, mobile, STRONG_PASSWORD)).json().value.token;
    await askLoginCode(mobile, 'reset');
    const code = lastCode(mobile) ?? '';
    const weak = await reset(mobile, code, 'password');
    expect(weak.json().fieldErrors).toMatchObject({ newPassword: 'validation.breachedPassword' });
    const res = await reset(mobile, code, 'River#Stone77');
    expect(res.statusCode).toBe(200);
    const token = res.json().value.token;
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(old) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect((await login(t.app, mobile, 'River#Stone77')).statusCode).toBe(200);
    expect((await login(t.app, mobile, STRONG_PASSWORD)).statusCode).toBe(400);
    expect((await reset(mobile, code, 'Other#Stone77')).json().code).toBe('INVALID_SMS_CODE');
    const events = await t.db.kysely
      .selectFrom('audit_log')
      .select('event')
      .where('event', '=', 'password.reset')
      .execute();
    expect(events.length).toBeGreaterThan(0);
  });

  it('refuses an unknown number like a wrong code', async () => {
    const res = await reset(newMobile(), '123456', 'River#Stone77');
    expect(res.json().code).toBe('INVALID_SMS_CODE');
  });
});

describe('numbers of other countries', () => {
  const INDIA = '+91 98765 43210';
  async function setCodes(codes: string[]) {
    await t.db.kysely.updateTable('brands').set({ mobile_dialing_codes: codes }).execute();
    invalidateBrandCache();
  }
  const calls = async () => ({
    loginCode: await askLoginCode(INDIA),
    resetCode: await askLoginCode(INDIA, 'reset'),
    registerCode: await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      headers: { 'x-forwarded-for': newIp() },
      payload: { mobileNo: INDIA, countryDialingCode: '+880', altcha: await solveHumanCheck(t.app) },
    }),
    login: await smsLogin(INDIA, '123456'),
    reset: await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/verification',
      headers: { 'x-forwarded-for': newIp() },
      payload: { mobileNum: INDIA, verificationCode: '123456', newPassword: 'River#Stone77' },
    }),
    register: await registerMobile(INDIA, { username: undefined }),
  });

  it('get a translated refusal on every call, and no text goes out', async () => {
    await setFlag('REGMOBVERF3', true);
    try {
      const before = outbox().length;
      const rows = async () =>
        Number((await sql<{ n: string }>`SELECT count(*) AS n FROM sms_codes`.execute(t.db.kysely)).rows[0]?.n);
      const codesBefore = await rows();
      const answers = await calls();
      const field = { loginCode: 'mobileNum', resetCode: 'mobileNum', registerCode: 'mobileNo', login: 'username' };
      for (const [name, res] of Object.entries(answers)) {
        expect(res.statusCode, name).toBe(400);
        expect(res.json(), name).toMatchObject({
          code: 'MOBILE_COUNTRY_NOT_ALLOWED',
          message: 'errors.MOBILE_COUNTRY_NOT_ALLOWED',
          fieldErrors: { [field[name as keyof typeof field] ?? 'mobileNum']: 'validation.mobileCountry' },
        });
      }
      expect(outbox().length).toBe(before);
      expect(await rows()).toBe(codesBefore);
    } finally {
      await setFlag('REGMOBVERF3', false);
    }
  });

  it('are taken, and texted, once the brand lists their dialling code', async () => {
    await setCodes(['+880', '+91']);
    try {
      const registered = await registerMobile(INDIA, { username: undefined });
      expect(registered.statusCode).toBe(200);
      expect(registered.json().value.account).toBe('09876543210');
      expect(await askLoginCode(INDIA).then((r) => r.statusCode)).toBe(200);
      expect(outbox().at(-1)?.to).toBe('+919876543210');
      // A Bangladeshi number typed without its code still reads as the brand's first.
      const mobile = await member();
      expect((await askLoginCode(mobile.slice(1))).statusCode).toBe(200);
      expect(outbox().at(-1)?.to).toBe(`+880${mobile.slice(1)}`);
    } finally {
      await setCodes(['+880']);
    }
  });
});

describe('the SMS login, however the number is written', () => {
  const bengali = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));

  it('logs in with +880… and with the number without its 0, and takes a code in Bengali digits', async () => {
    for (const spelling of [(m: string) => `+880${m.slice(1)}`, (m: string) => m.slice(1)]) {
      const mobile = await member();
      expect((await askLoginCode(spelling(mobile))).statusCode).toBe(200);
      const code = lastCode(mobile) ?? '';
      const res = await smsLogin(spelling(mobile), bengali(code));
      expect(res.statusCode).toBe(200);
      expect(res.json().value.account).toBe(mobile);
    }
  });

  it('refuses what is no mobile number with the field error, and sends nothing', async () => {
    const before = outbox().length;
    for (const typed of ['01212345678', '0171234567', '02 5501 2345', 'hello']) {
      const res = await askLoginCode(typed);
      expect(res.statusCode, typed).toBe(400);
      expect(res.json(), typed).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { mobileNum: 'validation.mobileNum' },
      });
    }
    expect(outbox().length).toBe(before);
  });
});

describe("the brand's daily SMS budget", () => {
  const sentToday = async () =>
    Number(
      (
        await sql<{
          n: string;
        }>`SELECT count(*) AS n FROM sms_codes WHERE sent AND created_at > now() - interval '1 day'`.execute(
          t.db.kysely,
        )
      ).rows[0]?.n,
    );
  async function setBudget(budget: number) {
    await t.db.kysely.updateTable('brands').set({ sms_daily_budget: budget, sms_budget_alerted_at: null }).execute();
    invalidateBrandCache();
  }

  it('refuses every code once reached, alerts once in the log and the audit trail, and frees up as texts age', async () => {
    const [first, second] = [await member(), await member()];
    await setBudget((await sentToday()) + 1);
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      expect((await askLoginCode(first)).statusCode).toBe(200);
      const before = outbox().length;
      const refusals = [
        await askLoginCode(second),
        await askLoginCode(newMobile()),
        await askLoginCode(second, 'reset'),
      ];
      for (const res of refusals) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ code: 'SMS_DAILY_LIMIT', message: 'errors.SMS_DAILY_LIMIT' });
      }
      expect(outbox().length).toBe(before);
      const alerts = warn.mock.calls.filter((c) => /SMS budget reached/.test(String(c[1])));
      expect(alerts).toHaveLength(1);
      expect(alerts[0]?.[0]).toMatchObject({ budget: expect.any(Number), sent: expect.any(Number) });
      const events = await t.db.kysely
        .selectFrom('audit_log')
        .select('detail')
        .where('event', '=', 'sms.budget.reached')
        .execute();
      expect(events).toHaveLength(1);
      // A day later the texts have left the window.
      await sql`UPDATE sms_codes SET created_at = created_at - interval '1 day'`.execute(t.db.kysely);
      expect((await askLoginCode(second)).statusCode).toBe(200);
    } finally {
      warn.mockRestore();
      await setBudget(1000);
    }
  });
});
