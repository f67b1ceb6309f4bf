import { sql } from 'kysely';
import { createStaff, replaceSetupLink, SETUP_LINK_HOURS, setupLinkOf } from '../modules/staff/accounts';
import { audit } from '../platform/audit';
import type { Database } from '../platform/db';
import { DEMO_MERCHANT_CODE } from './demo';

/** The demo brand's owner in the back office, made at the first start with SEED_DEMO. */
export const DEMO_OWNER_USERNAME = 'owner';

/**
 * With SEED_DEMO, a start prints a one-time set-up link for the demo brand's owner while that
 * owner has not finished setting up (decision 0032): the first start creates the owner and its
 * link; a later start answers a fresh link (the earlier ones stop working) only while none has
 * been used — not opened, or opened but expired before the TOTP was confirmed — so a link lost
 * before it was opened is not a dead end, and one being used is not pulled from under its
 * holder. Once the owner has enrolled, or when the brand has another owner, nothing is printed.
 */
export async function demoOwnerSetupLink(
  db: Database,
  linkBase: string,
): Promise<{ link: string; expiresHours: number; created: boolean } | null> {
  const brand = await db.kysely
    .selectFrom('brands')
    .select('id')
    .where('merchant_code', '=', DEMO_MERCHANT_CODE)
    .executeTakeFirst();
  if (!brand) return null;
  const owners = await db.kysely
    .selectFrom('staff')
    .select(['id', 'username', 'password_hash', 'totp_enrolled_at', 'disabled_at'])
    .where('brand_id', '=', brand.id)
    .where((eb) => eb(eb.val('owner'), '=', eb.fn.any('roles')))
    .orderBy('id')
    .execute();
  if (owners.length === 0) {
    const made = await createStaff(db, linkBase, {
      merchantCode: DEMO_MERCHANT_CODE,
      username: DEMO_OWNER_USERNAME,
      roles: ['owner'],
      createdBy: 'seed',
    });
    return { link: made.link, expiresHours: made.expiresHours, created: true };
  }
  // Another owner (made with `staff create` or on the staff screen) or an enrolled one: done.
  const demoOwner = owners.find((o) => o.username === DEMO_OWNER_USERNAME);
  if (owners.length > 1 || !demoOwner || demoOwner.totp_enrolled_at || demoOwner.disabled_at) return null;
  // A link opened (a password chosen) and still live is someone half-way through: left alone.
  if (demoOwner.password_hash && (await hasLiveLink(db, demoOwner.id))) return null;
  const token = await replaceSetupLink(db, demoOwner.id);
  await audit(db, {
    event: 'staff.setup.link',
    brandId: brand.id,
    ip: '',
    target: `staff:${demoOwner.id}`,
    detail: { by: 'seed', reason: 'the demo owner has not set up yet' },
  });
  return { link: setupLinkOf(linkBase, token), expiresHours: SETUP_LINK_HOURS, created: false };
}

async function hasLiveLink(db: Database, staffId: bigint): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('staff_setup_links')
    .select('staff_id')
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}
