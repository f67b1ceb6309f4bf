/**
 * Why the finance desk turned a deposit or a withdrawal down: one of a fixed list, which the
 * player reads in their own language, and an optional note the staff member types (shown as
 * typed). Stored as one string wherever a reason lives (the request, its history, the audit, the
 * notice's params), `[code]` or `[code] note`, so rows written before the list stay readable as
 * free text. No zod here: the site's notice toast reads it and loads nothing else of the contract.
 */

export const REJECT_REASONS = [
  'payment_not_received',
  'details_mismatch',
  'duplicate_request',
  'limits',
  'other',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/** The reasons the desk offers for each direction (no payment arrives on a withdrawal). */
export const REJECT_REASONS_FOR: Record<'deposit' | 'withdraw', readonly RejectReason[]> = {
  deposit: REJECT_REASONS,
  withdraw: REJECT_REASONS.filter((r) => r !== 'payment_not_received'),
};

/** The stored form of a reason code and its note. */
export function storedReason(code: RejectReason, note?: string | null): string {
  const typed = note?.trim();
  return typed ? `[${code}] ${typed}` : `[${code}]`;
}

const STORED = /^\[([a-z_]+)\](?: ([\s\S]*))?$/;

/** A stored reason as its code and note; a free-text one (or an unknown code) is all note. */
export function readReason(stored: string): { code: RejectReason | null; note: string } {
  const m = STORED.exec(stored);
  const code = m?.[1] as RejectReason | undefined;
  if (!m || !code || !REJECT_REASONS.includes(code)) return { code: null, note: stored };
  return { code, note: m[2]?.trim() ?? '' };
}

/** The stored reason of a rejection as the desk sends it (a code and note, or older free text). */
export function rejectionOf(body: { reasonCode?: RejectReason; note?: string; reason?: string }): string {
  return body.reasonCode ? storedReason(body.reasonCode, body.note) : (body.reason ?? '').trim();
}
