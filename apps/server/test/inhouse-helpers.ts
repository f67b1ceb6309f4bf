import { randomBytes } from 'node:crypto';
import { IS_AGENT, playOpenCall } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import * as provider from '../src/modules/provider/service';
import { adjust } from '../src/modules/wallet/service';
import type { Database } from '../src/platform/db';

export type LaunchedPlayer = { id: bigint; isAgent: number; sessionToken: string; ticket: string };

/**
 * A member of the brand holding `opening` minor units, with an in-house game launched as the
 * launch call does it (a game session and its single-use ticket, not yet redeemed).
 */
export async function launchedPlayer(
  db: Database,
  brandId: number,
  opts: { game: string; opening?: bigint; trial?: boolean; prefix?: string },
): Promise<LaunchedPlayer> {
  const isAgent = opts.trial ? IS_AGENT.TRIAL : IS_AGENT.PLAYER;
  const m = await db.kysely
    .insertInto('members')
    .values({
      brand_id: brandId,
      account: `${opts.prefix ?? 'jl'}${randomBytes(5).toString('hex')}`,
      member_label: '[]',
      is_agent: isAgent,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const holder = { id: m.id, brandId, isAgent };
  const opening = opts.opening ?? 0n;
  if (opening > 0n)
    await adjust(db, { brandId, member: holder, amount: opening, currency: 'BDT', reason: 'desk', actor: 'test' });
  const s = await provider.createGameSession(db, { member: holder, vendor: 'JL', gameCode: opts.game, language: 'en' });
  return { id: m.id, isAgent, sessionToken: s.token, ticket: await provider.issueLaunchTicket(db, brandId, s.token) };
}

/** Redeems a launch ticket as the game page does; returns the open answer's value. */
export async function openedGame(app: FastifyInstance, ticket: string) {
  const res = await app.inject({ method: 'POST', url: playOpenCall.path, payload: { ticket } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

/** A member's wallet balance in minor units (0 before the wallet exists). */
export async function walletBalance(db: Database, memberId: bigint): Promise<bigint> {
  const r = await db.kysely
    .selectFrom('ledger_accounts as a')
    .innerJoin('wallet_balances as b', 'b.account_id', 'a.id')
    .select('b.balance')
    .where('a.member_id', '=', memberId)
    .executeTakeFirst();
  return r?.balance ?? 0n;
}
