import { possibleNumber } from '@khela/contract/phone';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../src/platform/schema';

/**
 * Mobile numbers in E.164 (decision 0023). Members' numbers were stored as typed — 01712345678
 * beside '+880', or beside no dialling code at all — so one phone could be two members' and one
 * person's SMS limits were counted once per spelling. Each stored number is read again with the
 * phone-number library (with its dialling code, else the brand's first): a number it can read
 * becomes '+8801712345678' beside '+880'. A number it cannot read, or a second account's
 * spelling of a number an older account holds, is cleared; the audit log keeps what it was
 * (member.mobile.cleared). The SMS codes and new-address checks of the last day are keyed by
 * the same E.164 number, so their limits carry over.
 */

type MemberRow = { id: string; brand_id: number; mobile_num: string; country_dialing_code: string | null };
const BATCH = 1000;

export async function up(db: Kysely<DB>): Promise<void> {
  const homes = await sql<{ id: number; home: string }>`
    SELECT id, mobile_dialing_codes[1] AS home FROM brands`.execute(db);
  const homeOf = new Map(homes.rows.map((b) => [b.id, b.home]));

  const members = await sql<MemberRow>`
    SELECT id::text AS id, brand_id, mobile_num, country_dialing_code
      FROM members WHERE mobile_num IS NOT NULL ORDER BY id`.execute(db);
  const kept = new Map<string, string>();
  const updates: { id: string; e164: string; code: string }[] = [];
  const cleared: { row: MemberRow; reason: 'unreadable' | 'duplicate'; heldBy?: string }[] = [];
  for (const row of members.rows) {
    const dialing = row.country_dialing_code?.trim() || homeOf.get(row.brand_id) || '+880';
    const number = possibleNumber(row.mobile_num, dialing);
    if (!number) {
      cleared.push({ row, reason: 'unreadable' });
      continue;
    }
    const key = `${row.brand_id}:${number.e164}`;
    const holder = kept.get(key);
    if (holder) {
      cleared.push({ row, reason: 'duplicate', heldBy: holder });
      continue;
    }
    kept.set(key, row.id);
    updates.push({ id: row.id, e164: number.e164, code: number.dialingCode });
  }

  // The old unique index reads (brand, dialling code, number): dropped before numbers change.
  await sql`DROP INDEX members_mobile_key`.execute(db);
  for (const { row, reason, heldBy } of cleared) {
    await sql`UPDATE members SET mobile_num = NULL, country_dialing_code = NULL WHERE id = ${row.id}::bigint`.execute(
      db,
    );
    const detail = {
      reason,
      mobileNum: row.mobile_num,
      countryDialingCode: row.country_dialing_code,
      ...(heldBy ? { heldByMember: heldBy } : {}),
    };
    await sql`
      INSERT INTO audit_log (event, brand_id, member_id, detail)
      VALUES ('member.mobile.cleared', ${row.brand_id}, ${row.id}::bigint, ${JSON.stringify(detail)}::jsonb)`.execute(
      db,
    );
  }
  for (let i = 0; i < updates.length; i += BATCH) {
    const part = updates.slice(i, i + BATCH);
    await sql`
      UPDATE members m SET mobile_num = u.e164, country_dialing_code = u.code
        FROM (SELECT unnest(${part.map((u) => u.id)}::bigint[]) AS id,
                     unnest(${part.map((u) => u.e164)}::text[]) AS e164,
                     unnest(${part.map((u) => u.code)}::text[]) AS code) u
       WHERE m.id = u.id`.execute(db);
  }
  await sql`CREATE UNIQUE INDEX members_mobile_key ON members (brand_id, mobile_num) WHERE mobile_num IS NOT NULL`.execute(
    db,
  );
  await sql`
    ALTER TABLE members ADD CONSTRAINT members_mobile_e164 CHECK (
      (mobile_num IS NULL) = (country_dialing_code IS NULL)
      AND mobile_num ~ '^\\+[1-9][0-9]{6,14}$'
      AND country_dialing_code ~ '^\\+[1-9][0-9]{0,3}$'
      AND starts_with(mobile_num, country_dialing_code))`.execute(db);

  // Codes and checks of the last day: 'cc:number' becomes the number in E.164.
  for (const table of ['sms_codes', 'login_challenges'] as const) {
    const keys = await sql<{ phone: string }>`
      SELECT DISTINCT phone FROM ${sql.table(table)} WHERE phone NOT LIKE '+%'`.execute(db);
    for (const { phone } of keys.rows) {
      const [cc = '', national = ''] = phone.split(':');
      const number = possibleNumber(national, cc || '+880');
      if (number) await sql`UPDATE ${sql.table(table)} SET phone = ${number.e164} WHERE phone = ${phone}`.execute(db);
      else await sql`DELETE FROM ${sql.table(table)} WHERE phone = ${phone}`.execute(db);
    }
  }
}
