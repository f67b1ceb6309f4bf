import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/platform/migrate';
import { createTestDb, type TestDb } from './harness';

/*
 * The migration to E.164 numbers, on rows written the way Khela stored them before: numbers as
 * typed, beside a dialling code or none. The database stops short of the migration, gets those
 * rows, then migrates the rest of the way.
 */

const MIGRATION = '0022-mobile-numbers-e164.ts';
let t: TestDb;
let brandId: number;
let otherBrandId: number;

type Row = { account: string; mobile_num: string | null; country_dialing_code: string | null };
const members = async () =>
  (await sql<Row>`SELECT account, mobile_num, country_dialing_code FROM members ORDER BY id`.execute(t.db.kysely)).rows;

beforeAll(async () => {
  t = await createTestDb({ migrate: false });
  await migrate(t.db, { before: MIGRATION });
  const brand = (code: string, dialing: string) =>
    sql<{ id: number }>`
      INSERT INTO brands (merchant_code, name, languages, default_language, currency, mobile_dialing_codes)
      VALUES (${code}, ${code}, '{bn}', 'bn', 'BDT', ${[dialing]}::text[]) RETURNING id`.execute(t.db.kysely);
  brandId = (await brand('MIGBD', '+880')).rows[0]?.id ?? 0;
  otherBrandId = (await brand('MIGIN', '+91')).rows[0]?.id ?? 0;
  const member = (b: number, account: string, mobile: string, cc: string | null) =>
    sql`INSERT INTO members (brand_id, account, mobile_num, country_dialing_code)
        VALUES (${b}, ${account}, ${mobile}, ${cc})`.execute(t.db.kysely);
  await member(brandId, 'national', '01712345678', '+880');
  await member(brandId, 'nocode', '01812345678', null);
  await member(brandId, 'typedplus', '+8801912345678', '+880');
  await member(brandId, 'spaced', '015 1234-5678', '880');
  // The same phone as 'national', written another way by a later account.
  await member(brandId, 'second', '1712345678', null);
  await member(brandId, 'garbage', 'call me', '+880');
  // Another brand's home code reads a number typed without one.
  await member(otherBrandId, 'india', '98765 43210', null);
  // The same digits in another brand are another brand's member: no clash.
  await member(otherBrandId, 'bdabroad', '01712345678', '+880');
  await sql`INSERT INTO sms_codes (brand_id, phone, purpose, salt, code_hash)
            VALUES (${brandId}, '880:01712345678', 'login', ${Buffer.alloc(16)}, ${Buffer.alloc(32)}),
                   (${brandId}, ':01812345678', 'login', ${Buffer.alloc(16)}, ${Buffer.alloc(32)}),
                   (${brandId}, '880:12', 'login', ${Buffer.alloc(16)}, ${Buffer.alloc(32)})`.execute(t.db.kysely);
  await migrate(t.db);
}, 60_000);
afterAll(() => t.drop());

describe('mobile numbers to E.164', () => {
  it('rewrites every readable number as E.164 beside its dialling code', async () => {
    expect(await members()).toEqual([
      { account: 'national', mobile_num: '+8801712345678', country_dialing_code: '+880' },
      { account: 'nocode', mobile_num: '+8801812345678', country_dialing_code: '+880' },
      { account: 'typedplus', mobile_num: '+8801912345678', country_dialing_code: '+880' },
      { account: 'spaced', mobile_num: '+8801512345678', country_dialing_code: '+880' },
      { account: 'second', mobile_num: null, country_dialing_code: null },
      { account: 'garbage', mobile_num: null, country_dialing_code: null },
      { account: 'india', mobile_num: '+919876543210', country_dialing_code: '+91' },
      { account: 'bdabroad', mobile_num: '+8801712345678', country_dialing_code: '+880' },
    ]);
  });

  it('keeps a cleared number in the audit log with the reason', async () => {
    const rows = await sql<{ account: string; detail: unknown }>`
      SELECT m.account, a.detail FROM audit_log a JOIN members m ON m.id = a.member_id
       WHERE a.event = 'member.mobile.cleared' ORDER BY a.id`.execute(t.db.kysely);
    const details = rows.rows.map((r) => ({
      account: r.account,
      ...(typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail),
    }));
    expect(details).toEqual([
      {
        account: 'second',
        reason: 'duplicate',
        mobileNum: '1712345678',
        countryDialingCode: null,
        heldByMember: expect.any(String),
      },
      { account: 'garbage', reason: 'unreadable', mobileNum: 'call me', countryDialingCode: '+880' },
    ]);
  });

  it('keys the SMS limits of the last day by the same E.164 number', async () => {
    const phones = await sql<{ phone: string }>`SELECT phone FROM sms_codes ORDER BY id`.execute(t.db.kysely);
    expect(phones.rows.map((r) => r.phone)).toEqual(['+8801712345678', '+8801812345678']);
  });

  it('holds one member per number and brand, and only E.164 from now on', async () => {
    const insert = (account: string, mobile: string, cc: string | null) =>
      sql`INSERT INTO members (brand_id, account, mobile_num, country_dialing_code)
          VALUES (${brandId}, ${account}, ${mobile}, ${cc})`.execute(t.db.kysely);
    await expect(insert('again', '+8801712345678', '+880')).rejects.toThrow(/members_mobile_key|duplicate/);
    await expect(insert('typed', '01612345678', '+880')).rejects.toThrow(/members_mobile_e164|check/);
    await expect(insert('nocc', '+8801612345678', null)).rejects.toThrow(/members_mobile_e164|check/);
    await expect(insert('wrongcc', '+8801612345678', '+91')).rejects.toThrow(/members_mobile_e164|check/);
  });
});
