import { type Selectable, sql } from 'kysely';
import type { Database } from '../../platform/db';
import type { CashierSettingsTable } from '../../platform/schema';

/** A brand's cashier settings as the server uses them (amounts in minor units). */
export type CashierSettings = Selectable<CashierSettingsTable>;

/**
 * The brand's cashier settings, its row made with the defaults of migrations/0039-cashier.sql on
 * first read (two first reads at once both get the one row).
 */
export async function cashierSettings(db: Database, brandId: number): Promise<CashierSettings> {
  const found = await db.kysely
    .selectFrom('cashier_settings')
    .selectAll()
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  if (found) return found;
  await sql`INSERT INTO cashier_settings (brand_id) VALUES (${brandId}) ON CONFLICT DO NOTHING`.execute(db.kysely);
  return db.kysely.selectFrom('cashier_settings').selectAll().where('brand_id', '=', brandId).executeTakeFirstOrThrow();
}
