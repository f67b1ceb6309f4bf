import { createHash } from 'node:crypto';
import { fromMinor } from '@khela/contract';
import { currencySymbol } from '@khela/contract/format';
import type { BrandSnapshot } from '../../platform/brand';
import type { Config } from '../../platform/config';
import { currencyOf, currentBalance, walletFor } from '../wallet/service';
import { type Desk, isLinked, memberOf } from './guard';
import * as repo from './repo';
import { iso } from './search';

/** The player site's page that checks an in-house round in the browser (apps/web features/fairness). */
export const FAIRNESS_PAGE = '/fairness';

const holderOf = (m: repo.MemberRecord) => ({ id: BigInt(m.id), brandId: m.brand_id, isAgent: Number(m.is_agent) });

/** An amount with what writes it: play money (not the brand's currency) carries no symbol. */
export function money(minor: bigint, brand: BrandSnapshot, currency = brand.info.currency) {
  const decimals = brand.info.currencyDecimals;
  return {
    amount: fromMinor(minor, decimals),
    minor: minor.toString(),
    currency,
    symbol: currencySymbol(currency !== brand.info.currency, brand.info.currencySymbol),
    decimals,
  };
}

/** GET /bo/players/:id: the profile the desk opens on. */
export async function playerProfile(d: Desk, brand: BrandSnapshot, id: number) {
  const m = await memberOf(d, id);
  const holder = holderOf(m);
  const currencyBrand = { currency: brand.info.currency };
  const wallet = await walletFor(d.db, holder, currencyBrand);
  const balance = await currentBalance(d.db, wallet);
  const lockUntil = m.locked_until && new Date(m.locked_until).getTime() > Date.now() ? iso(m.locked_until) : null;
  const lastLogin = await repo.lastLoginAt(d.db, holder.id);
  return {
    id: Number(m.id),
    account: m.account,
    mobile: m.mobile_num,
    email: m.email,
    status: m.status,
    isAgent: Number(m.is_agent),
    createdAt: iso(m.created_at),
    nickname: m.nickname,
    balance: money(balance, brand, currencyOf(holder, currencyBrand)),
    upline: m.upline_id === null ? null : { id: Number(m.upline_id), account: m.upline_account ?? '' },
    labels: m.member_label ?? [],
    clubLabel: m.club_label,
    vipLevel: m.club_label?.rankLevel ?? null,
    statusChangedAt: m.status_changed_at ? iso(m.status_changed_at) : null,
    failedLoginLockUntil: lockUntil,
    lastLoginAt: lastLogin ? iso(lastLogin) : null,
    language: m.language,
    payeeName: m.payee_name,
    payoutAccounts: await repo.livePayoutAccounts(d.db, holder.id),
    linkedToMe: await isLinked(d, m),
    adjustThreshold: money(await repo.fourEyesThreshold(d.db, d.staff.brandId), brand),
  };
}

const beforeOf = (before: string | undefined) => (before === undefined ? null : BigInt(before));

/** GET /bo/players/:id/ledger: the wallet's movements, newest first, by transaction id. */
export async function playerLedger(
  d: Desk,
  brand: BrandSnapshot,
  id: number,
  q: { before?: string; pageSize: number },
) {
  const m = await memberOf(d, id);
  const holder = holderOf(m);
  const currencyBrand = { currency: brand.info.currency };
  const wallet = await walletFor(d.db, holder, currencyBrand);
  const currency = currencyOf(holder, currencyBrand);
  const decimals = brand.info.currencyDecimals;
  const rows = await repo.ledgerPage(d.db, wallet, beforeOf(q.before), q.pageSize + 1);
  const page = rows.slice(0, q.pageSize);
  return {
    list: page.map((r) => ({
      txId: r.tx_id.toString(),
      at: iso(r.created_at),
      kind: r.kind,
      amount: fromMinor(BigInt(r.amount), decimals),
      balanceAfter: r.balance_after === null ? null : fromMinor(BigInt(r.balance_after), decimals),
      currency,
      memo: r.memo,
      category: r.category,
      roundId: r.round_id,
      key: r.idempotency_key,
    })),
    next: rows.length > q.pageSize ? (page.at(-1)?.tx_id.toString() ?? null) : null,
  };
}

const sha256Hex = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/**
 * The fairness page with the round's values, as the game's own page links it (apps/web
 * src/play): a slot round by its revealed seed and stake; a dice bet by its seed pair and nonce
 * — the server seed only once the player's rotation revealed it, so a link never discloses a
 * seed still in play; a crash bet by its round's hash once busted. Null for providers' rounds.
 */
export function replayUrl(r: repo.RoundRecord, decimals: number): string | null {
  const inputs = r.inputs ?? {};
  let game: string;
  let values: Record<string, string>;
  if (r.crash_hash) {
    game = 'crash';
    values = { hash: r.crash_hash };
  } else if (r.server_seed && r.game_code === 'slot') {
    game = 'slot';
    values = {
      serverSeed: r.server_seed,
      serverSeedHash: sha256Hex(r.server_seed),
      model: String(inputs.modelVersion ?? ''),
      stake: fromMinor(BigInt(String(inputs.stake ?? r.stake_total)), decimals),
    };
  } else if (r.server_seed && r.game_code === 'dice') {
    game = 'dice';
    values = {
      clientSeed: r.client_seed ?? '',
      nonce: String(r.nonce ?? ''),
      serverSeedHash: sha256Hex(r.server_seed),
      ...(r.seed_revealed ? { serverSeed: r.server_seed } : {}),
    };
  } else return null;
  return `${FAIRNESS_PAGE}?${new URLSearchParams({ game, ...values })}`;
}

/** GET /bo/players/:id/rounds: in-house and providers' rounds alike (provider_rounds), newest first. */
export async function playerRounds(
  d: Desk,
  brand: BrandSnapshot,
  id: number,
  q: { before?: string; pageSize: number },
) {
  const m = await memberOf(d, id);
  const decimals = brand.info.currencyDecimals;
  const rows = await repo.roundsPage(d.db, d.staff.brandId, BigInt(m.id), beforeOf(q.before), q.pageSize + 1);
  const page = rows.slice(0, q.pageSize);
  const amount = (v: bigint) => fromMinor(BigInt(v), decimals);
  return {
    list: page.map((r) => ({
      id: r.id.toString(),
      vendor: r.vendor,
      gameCode: r.game_code,
      roundId: r.round_id,
      currency: r.currency,
      stake: amount(r.stake_total),
      win: amount(r.win_total),
      refund: amount(r.refund_total),
      held: amount(r.held_total),
      status: r.status,
      openedAt: iso(r.opened_at),
      closedAt: r.closed_at ? iso(r.closed_at) : null,
      replayUrl: replayUrl(r, decimals),
    })),
    next: rows.length > q.pageSize ? (page.at(-1)?.id.toString() ?? null) : null,
  };
}

/** How many logins and devices the desk shows. */
const RECENT = 100;

/** GET /bo/players/:id/logins: recent logins (refused ones too) and the devices they came from. */
export async function playerLogins(d: Desk, id: number) {
  const m = await memberOf(d, id);
  const [logins, devices] = [
    await repo.loginEvents(d.db, d.staff.brandId, BigInt(m.id), RECENT),
    await repo.devicesOf(d.db, BigInt(m.id), RECENT),
  ];
  return {
    logins: logins.map((l) => ({ at: iso(l.at), event: l.event, ip: l.ip, type: l.type })),
    devices: devices.map((v) => ({
      ip: v.ip,
      userAgent: v.user_agent,
      firstAt: iso(v.first_at),
      lastAt: iso(v.last_at),
      sessions: Number(v.sessions),
    })),
  };
}

/** GET /bo/players/:id/sessions: the live ones (the same rules as the player's token check). */
export async function playerSessions(d: Desk, config: Pick<Config, 'SESSION_IDLE_MINUTES'>, id: number) {
  const m = await memberOf(d, id);
  const rows = await repo.liveSessionsOf(d.db, BigInt(m.id), config.SESSION_IDLE_MINUTES);
  return rows.map((s) => ({
    id: Number(s.id),
    createdAt: iso(s.created_at),
    lastSeenAt: iso(s.last_seen_at),
    expiresAt: iso(s.expires_at),
    ip: s.ip,
    userAgent: s.user_agent,
    loginType: s.login_type,
  }));
}
