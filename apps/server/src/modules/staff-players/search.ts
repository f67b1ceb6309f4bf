import type { PlayerSearchQuery } from '@khela/contract';
import type { BrandSnapshot } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { readPhone } from '../verification/service';
import * as repo from './repo';

type By = 'username' | 'mobile' | 'email' | 'id';

/**
 * How `auto` reads what was typed: an @ is an email; a + or a leading 0 before digits is a
 * mobile number (as players write them: +880 17…, 017…, with spaces or dashes, Bengali digits);
 * other bare digits are an id; anything else is the start of a username.
 */
export function readSearch(q: string): By {
  if (q.includes('@')) return 'email';
  const digits = q.replace(/[\s().-]/g, '');
  if (/^(\+|0|০)[\p{Nd}]{5,}$/u.test(digits)) return 'mobile';
  if (/^\d{1,19}$/.test(digits)) return 'id';
  return 'username';
}

export const iso = (d: Date | string) => new Date(d).toISOString();

function rowOf(r: repo.PlayerRow) {
  return {
    id: Number(r.id),
    account: r.account,
    mobile: r.mobile_num,
    email: r.email,
    status: r.status,
    isAgent: Number(r.is_agent),
    createdAt: iso(r.created_at),
  };
}

/**
 * GET /bo/players: every way is index-backed (migration 0028) and server-paged — a username
 * prefix by the name, the rest by id; `next` is what to send as `after`.
 */
export async function searchPlayers(db: Database, brand: BrandSnapshot, q: PlayerSearchQuery) {
  const by: By = q.by === 'auto' ? readSearch(q.q) : q.by;
  const limit = q.pageSize + 1;
  const afterId = (): bigint | null => {
    if (q.after === undefined) return null;
    if (!/^\d{1,19}$/.test(q.after)) throw new AppError('VALIDATION_FAILED', { after: 'validation.invalid' });
    return BigInt(q.after);
  };
  let rows: repo.PlayerRow[];
  if (by === 'username') {
    rows = await repo.searchByPrefix(db, brand.id, q.q.toLowerCase(), q.after?.toLowerCase() ?? null, limit);
  } else if (by === 'mobile') {
    const reading = readPhone(brand, q.q, undefined);
    // Another country's number or none at all: nobody of this brand holds it.
    rows = reading.ok ? await repo.searchByMobile(db, brand.id, reading.e164, afterId(), limit) : [];
  } else if (by === 'email') {
    rows = await repo.searchByEmail(db, brand.id, q.q.trim(), afterId(), limit);
  } else {
    const id = q.q.replace(/[\s().-]/g, '');
    rows = /^\d{1,18}$/.test(id) && q.after === undefined ? await repo.searchById(db, brand.id, BigInt(id)) : [];
  }
  const more = rows.length > q.pageSize;
  const page = more ? rows.slice(0, q.pageSize) : rows;
  const last = page.at(-1);
  const next = more && last ? (by === 'username' ? last.account.toLowerCase() : String(last.id)) : null;
  return { by, list: page.map(rowOf), next };
}
