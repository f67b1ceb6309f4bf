import type { Kysely } from 'kysely';
import { adjust } from '../modules/wallet/service';
import type { Database } from '../platform/db';
import { hashPassword } from '../platform/passwords';
import type { DB } from '../platform/schema';

/** Each demo player's opening balance, in minor units (10,000.00 in the brand currency). */
export const DEMO_OPENING_MINOR = 1_000_000n;

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
  // An agent who only brings players: not a member account, refused on the member site (spec §6).
  {
    account: 'affiliate1234',
    password: 'Khela#Affiliate2024',
    is_agent: 1,
    nickname: 'Demo Affiliate',
    affiliate_code: 'KHELAAFF',
    agent_only: true,
  },
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
      agent_only: 'agent_only' in m ? m.agent_only : false,
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

/**
 * Opens each demo member's wallet with DEMO_OPENING_MINOR through the ledger, like any operator
 * adjustment (never by writing a balance). The key is fixed per member, so every later start
 * finds it posted and moves nothing.
 */
export async function seedDemoBalances(db: Database, merchantCode: string): Promise<void> {
  const members = await db.kysely
    .selectFrom('members')
    .innerJoin('brands', 'brands.id', 'members.brand_id')
    .select(['members.id', 'members.brand_id', 'members.is_agent', 'members.account', 'brands.currency'])
    .where('brands.merchant_code', '=', merchantCode)
    .where(
      'members.account',
      'in',
      DEMO_MEMBERS.map((m) => m.account),
    )
    .execute();
  for (const m of members) {
    await adjust(db, {
      brandId: m.brand_id,
      member: { id: m.id, brandId: m.brand_id, isAgent: m.is_agent },
      amount: DEMO_OPENING_MINOR,
      currency: m.currency,
      reason: 'demo opening balance',
      actor: 'seed',
      key: `seed:opening:${m.account.toLowerCase()}`,
    });
  }
}
