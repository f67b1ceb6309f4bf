import {
  type CashierSettings,
  type CashierSettingsBody,
  type CashierSettingsFields,
  FIELD_ERRORS,
  fromMinor,
  toMinor,
} from '@khela/contract';
import type { z } from 'zod';
import { audit } from '../../platform/audit';
import type { BrandSnapshot } from '../../platform/brand';
import { AppError } from '../../platform/errors';
import { forgetWebhookKeys } from '../cashier/providers/sandbox';
import { cashierSettings as settingsRow } from '../cashier/settings';
import type { Desk } from '../staff-players/guard';

/**
 * The brand's cashier settings on the desk (contract CashierSettings): amounts in major units of
 * the brand's currency, saved whole under the version read (STALE_EDIT over a later one) and
 * audited with the changed fields before and after.
 */

type Body = z.output<typeof CashierSettingsBody>;

export async function readSettings(d: Desk, brand: BrandSnapshot): Promise<CashierSettings> {
  const s = await settingsRow(d.db, d.staff.brandId);
  const decimals = brand.info.currencyDecimals;
  const m = (v: bigint) => fromMinor(BigInt(v), decimals);
  return {
    sandboxEnabled: s.sandbox_enabled,
    depositExpiryMinutes: s.deposit_expiry_minutes,
    withdrawMin: m(s.withdraw_min_minor),
    withdrawMax: m(s.withdraw_max_minor),
    withdrawDailyCount: s.withdraw_daily_count,
    withdrawDailyAmount: m(s.withdraw_daily_minor),
    autoConfirmMinutes: s.auto_confirm_minutes,
    fourEyes: m(s.four_eyes_minor),
    payoutRetries: s.payout_retries,
    depositTurnoverPct: s.deposit_turnover_pct,
    uplineTurnoverPct: s.upline_turnover_pct,
    transferMin: m(s.transfer_min_minor),
    transferMax: m(s.transfer_max_minor),
    playerTwoFactorOptIn: s.player_two_factor_opt_in,
    version: s.version,
    updatedAt: s.updated_at ? new Date(s.updated_at).toISOString() : null,
    updatedBy: s.updated_by,
    currency: brand.info.currency,
    decimals,
  };
}

/** The amounts in minor units, each refused under its field when it is not one of the currency's. */
function amountsOf(b: Body, decimals: number) {
  const errors: Record<string, string> = {};
  const read = (field: keyof Body, min: bigint) => {
    const v = toMinor(String(b[field]), decimals);
    if (v === null || v < min) errors[field] = FIELD_ERRORS.invalid;
    return v ?? 0n;
  };
  const a = {
    withdraw_min_minor: read('withdrawMin', 1n),
    withdraw_max_minor: read('withdrawMax', 1n),
    withdraw_daily_minor: read('withdrawDailyAmount', 1n),
    four_eyes_minor: read('fourEyes', 0n),
    transfer_min_minor: read('transferMin', 1n),
    transfer_max_minor: read('transferMax', 1n),
  };
  if (!errors.withdrawMax && a.withdraw_max_minor < a.withdraw_min_minor)
    errors.withdrawMax = 'cashier.invalid.maxBelowMin';
  if (!errors.transferMax && a.transfer_max_minor < a.transfer_min_minor)
    errors.transferMax = 'cashier.invalid.maxBelowMin';
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', errors);
  return a;
}

function fieldsOf(s: CashierSettings): CashierSettingsFields {
  const { version: _v, updatedAt: _u, updatedBy: _b, currency: _c, decimals: _d, ...f } = s;
  return f;
}

/** PUT /bo/cashier/settings. */
export async function saveSettings(d: Desk, brand: BrandSnapshot, b: Body): Promise<CashierSettings> {
  const before = await readSettings(d, brand);
  if (b.version !== before.version) throw new AppError('STALE_EDIT');
  const amounts = amountsOf(b, before.decimals);
  const m = (v: bigint) => fromMinor(v, before.decimals);
  // What the save makes of the fields (amounts as the currency writes them), for the audit row.
  const next: CashierSettingsFields = {
    sandboxEnabled: b.sandboxEnabled,
    depositExpiryMinutes: b.depositExpiryMinutes,
    withdrawMin: m(amounts.withdraw_min_minor),
    withdrawMax: m(amounts.withdraw_max_minor),
    withdrawDailyCount: b.withdrawDailyCount,
    withdrawDailyAmount: m(amounts.withdraw_daily_minor),
    autoConfirmMinutes: b.autoConfirmMinutes,
    fourEyes: m(amounts.four_eyes_minor),
    payoutRetries: b.payoutRetries,
    depositTurnoverPct: b.depositTurnoverPct,
    uplineTurnoverPct: b.uplineTurnoverPct,
    transferMin: m(amounts.transfer_min_minor),
    transferMax: m(amounts.transfer_max_minor),
    playerTwoFactorOptIn: b.playerTwoFactorOptIn,
  };
  const p = fieldsOf(before);
  const was: Record<string, unknown> = { version: before.version };
  const now: Record<string, unknown> = { version: before.version + 1 };
  for (const key of Object.keys(next) as (keyof CashierSettingsFields)[]) {
    if (next[key] === p[key]) continue;
    was[key] = p[key];
    now[key] = next[key];
  }
  // The change and its audit row commit together, or neither does.
  await d.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('cashier_settings')
      .set((e) => ({
        sandbox_enabled: b.sandboxEnabled,
        deposit_expiry_minutes: b.depositExpiryMinutes,
        withdraw_daily_count: b.withdrawDailyCount,
        auto_confirm_minutes: b.autoConfirmMinutes,
        payout_retries: b.payoutRetries,
        deposit_turnover_pct: b.depositTurnoverPct,
        upline_turnover_pct: b.uplineTurnoverPct,
        player_two_factor_opt_in: b.playerTwoFactorOptIn,
        ...amounts,
        version: e('version', '+', 1),
        updated_at: new Date(),
        updated_by: d.staff.username,
      }))
      .where('brand_id', '=', d.staff.brandId)
      .where('version', '=', b.version)
      .returning('version')
      .executeTakeFirst();
    // Someone saved between our read and this write: theirs stands.
    if (!row) throw new AppError('STALE_EDIT');
    await audit(trx, {
      event: 'cashier.settings.changed',
      brandId: d.staff.brandId,
      staffId: d.staff.id,
      ip: d.ip,
      target: `brand:${d.staff.merchantCode}`,
      reason: b.reason || null,
      before: was,
      after: now,
    });
  });
  // The sandbox's switch takes effect on this process's next webhook (others within seconds).
  forgetWebhookKeys(d.db, d.staff.brandId);
  return readSettings(d, brand);
}
