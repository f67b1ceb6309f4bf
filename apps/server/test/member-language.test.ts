import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { invalidateBrandCache } from '../src/platform/brand';
import { memberLanguage, RESET_EMAIL, SMS_CODE_TEXT } from '../src/platform/member-texts';
import { ACCOUNT_TEST_ENV, bearer, newIp, register, solveHumanCheck } from './accounts-helpers';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let dir: string;
const mailOutbox = () => path.join(dir, 'mail.jsonl');
const smsOutbox = () => path.join(dir, 'sms.jsonl');
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'khela-lang-'));
  process.env.MAIL_OUTBOX = mailOutbox();
  t = await createTestApp({ ...ACCOUNT_TEST_ENV, SMS_OUTBOX: smsOutbox() });
});
afterAll(async () => {
  await t.close();
  delete process.env.MAIL_OUTBOX;
  rmSync(dir, { recursive: true, force: true });
});

const lines = <T>(file: string): T[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as T)
    : [];

/** The lines of an outbox once it has `n`: the messages are sent after the answer. */
const waitFor = <T>(read: () => T[], n: number): Promise<T[]> =>
  vi.waitFor(
    () => {
      const got = read();
      if (got.length < n) throw new Error(`expected ${n} lines, found ${got.length}`);
      return got;
    },
    { timeout: 3_000, interval: 20 },
  );

async function member() {
  const { res, username } = await register(t.app);
  expect(res.statusCode).toBe(200);
  return { username, token: res.json().value.token as string };
}

const setLanguage = (token: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/wps/member/language', headers: bearer(token), payload: payload as object });
const info = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(token) })).json().value;

describe('PUT /wps/member/language', () => {
  it('keeps one of the brand languages on the member; member info returns it', async () => {
    const m = await member();
    expect((await info(m.token)).language).toBeNull();
    const res = await setLanguage(m.token, { language: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, value: { language: 'en' } });
    expect((await info(m.token)).language).toBe('en');
    expect((await setLanguage(m.token, { language: 'bn' })).statusCode).toBe(200);
    expect((await info(m.token)).language).toBe('bn');
  });

  it("refuses a language the brand does not offer, or none, and keeps the member's", async () => {
    const m = await member();
    await setLanguage(m.token, { language: 'en' });
    // 'vi' has locale files but the demo brand offers only bn and en.
    for (const payload of [{ language: 'vi' }, { language: 'xx' }, { language: '' }, {}, { language: 7 }]) {
      const res = await setLanguage(m.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().fieldErrors)).toEqual(['language']);
    }
    const extra = await setLanguage(m.token, { language: 'bn', memberId: 1 });
    expect(extra.json().fieldErrors).toEqual({ memberId: 'validation.unknownField' });
    expect((await info(m.token)).language).toBe('en');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/wps/member/language', payload: { language: 'en' } });
    expect(res.statusCode).toBe(401);
  });

  it('follows the brand language list as the operator changes it', async () => {
    const m = await member();
    const brand = await t.db.kysely
      .selectFrom('brands')
      .select(['id', 'languages'])
      .where('is_default', '=', true)
      .executeTakeFirstOrThrow();
    try {
      await sql`UPDATE brands SET languages = ARRAY['bn','en','vi'] WHERE id = ${brand.id}`.execute(t.db.kysely);
      invalidateBrandCache();
      expect((await setLanguage(m.token, { language: 'vi' })).statusCode).toBe(200);
      expect((await info(m.token)).language).toBe('vi');
    } finally {
      await sql`UPDATE brands SET languages = ${brand.languages} WHERE id = ${brand.id}`.execute(t.db.kysely);
      invalidateBrandCache();
    }
  });
});

describe("the server's texts follow the member's language", () => {
  it('sends the password-reset email in the language the member chose, else the brand default', async () => {
    type Mail = { to: string; subject: string; text: string };
    const forgot = async (username: string, email: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        headers: { 'x-forwarded-for': newIp() },
        payload: { username, email },
      });
      expect(res.statusCode).toBe(200);
    };
    const m = await member();
    const email = `${m.username}@example.com`;
    await sql`UPDATE members SET email = ${email} WHERE account = ${m.username}`.execute(t.db.kysely);

    // Never chosen: the demo brand's default, Bengali.
    await forgot(m.username, email);
    let mail = (await waitFor<Mail>(() => lines(mailOutbox()), 1)).at(-1) as Mail;
    expect(mail.subject).toBe(RESET_EMAIL.bn.subject('Khela'));
    expect(mail.text).toContain(`প্রিয় ${m.username},`);
    expect(mail.text).not.toContain('Hello');

    await setLanguage(m.token, { language: 'en' });
    await forgot(m.username, email);
    mail = (await waitFor<Mail>(() => lines(mailOutbox()), 2)).at(-1) as Mail;
    expect(mail.subject).toBe('Khela: reset your password');
    expect(mail.text).toContain(`Hello ${m.username},`);
    expect(mail.text).not.toContain('প্রিয়');
    expect(mail.text).toMatch(/^http:\/\/localhost(:\d+)?\/resetPassword\?token=[A-Za-z0-9_-]{43}$/m);
  });

  it('sends SMS codes in the member language', async () => {
    await t.db.kysely
      .updateTable('whitelabel_modules')
      .set({ enabled: true })
      .where('code', '=', 'MOBILEVERCODELOGIN3')
      .execute();
    invalidateBrandCache();
    const mobileNum = `0171${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const m = await member();
    await sql`UPDATE members SET mobile_num = ${`+880${mobileNum.slice(1)}`}, country_dialing_code = '+880' WHERE account = ${m.username}`.execute(
      t.db.kysely,
    );
    await setLanguage(m.token, { language: 'en' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      headers: { 'x-forwarded-for': newIp() },
      payload: { mobileNum, countryDialingCode: '+880', altcha: await solveHumanCheck(t.app) },
    });
    expect(res.statusCode).toBe(200);
    const sms = (await waitFor<{ to: string; text: string }>(() => lines(smsOutbox()), 1)).at(-1);
    expect(sms?.to).toBe(`+880${mobileNum.slice(1)}`);
    expect(sms?.text).toMatch(/^Khela: \d{6} is your verification code\./);
  });

  it("speaks the member's chosen language, else the brand default, else Bengali", () => {
    const brand = { info: { defaultLanguage: 'bn' } };
    expect(memberLanguage('en', brand)).toBe('en');
    expect(memberLanguage(null, brand)).toBe('bn');
    expect(memberLanguage('xx', { info: { defaultLanguage: 'en' } })).toBe('en');
    expect(memberLanguage(null, { info: { defaultLanguage: 'zz' } })).toBe('bn');
  });

  it.each(Object.keys(RESET_EMAIL))(
    'has the reset email in %s: account, link alone on a line, minutes, brand',
    (lang) => {
      const texts = RESET_EMAIL[lang as keyof typeof RESET_EMAIL];
      const text = texts.text({
        account: 'rahim42',
        link: 'https://khela.example/resetPassword?token=abc',
        minutes: 30,
      });
      expect(text).toContain('rahim42');
      expect(text.split('\n')).toContain('https://khela.example/resetPassword?token=abc');
      expect(text).toContain('30');
      expect(texts.subject('Khela')).toMatch(/^Khela/);
    },
  );

  it.each(Object.keys(SMS_CODE_TEXT))('has the SMS code text in %s, its code readable as six digits', (lang) => {
    const sms = SMS_CODE_TEXT[lang as keyof typeof SMS_CODE_TEXT]({ brand: 'Khela', code: '123456', minutes: 5 });
    expect(/\b(\d{6})\b/.exec(sms)?.[1]).toBe('123456');
  });
});
