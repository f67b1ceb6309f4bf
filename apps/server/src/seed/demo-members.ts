import type { Kysely } from 'kysely';
import { hashPassword } from '../platform/passwords';
import type { DB } from '../platform/schema';

/**
 * Demo accounts of the demo brand (README). Seeded only with SEED_DEMO, like the rest of the
 * demo: an operator running real money switches SEED_DEMO off, and these accounts never exist.
 */
export const DEMO_MEMBERS = [
  { account: 'demo1234', password: 'Khela#Demo2024', is_agent: 0, nickname: 'Demo Player', affiliate_code: null },
  {
    account: 'agent1234',
    password: 'Khela#Agent2024',
    is_agent: 1,
    nickname: 'Demo Agent',
    affiliate_code: 'KHELA2024',
  },
  // Logs in with the weak password of spec §9, which forces the change-password modal.
  { account: 'weak1234', password: '123456', is_agent: 0, nickname: 'Weak Password', affiliate_code: null },
] as const;

/** Adds the demo members to `brandId`; accounts that exist already are left as they are. */
export async function seedDemoMembers(db: Kysely<DB>, brandId: number): Promise<void> {
  const rows = await Promise.all(
    DEMO_MEMBERS.map(async (m) => ({
      brand_id: brandId,
      account: m.account,
      nickname: m.nickname,
      is_agent: m.is_agent,
      affiliate_code: m.affiliate_code,
      password_hash: await hashPassword(m.password),
      first_login: false,
    })),
  );
  await db
    .insertInto('members')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}
