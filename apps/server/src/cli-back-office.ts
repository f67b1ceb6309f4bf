import { createStaff, StaffInputError } from './modules/staff/accounts';
import { BrandInputError, createBrand } from './modules/system/brand-create';
import type { Database } from './platform/db';

/**
 * The operator commands that start a real brand (BACK-OFFICE.md "Starting a real brand"):
 * `brand create` and `staff create`, callable on their own database (as the tests do).
 */

/** A mistake in the command line: printed with the usage. */
export class UsageError extends Error {}

/** Who ran a command, as the audit trail names them: the operator's login on this machine. */
export function cliActor(env: Record<string, string | undefined>): string {
  return `cli:${env.USER ?? 'operator'}`;
}
const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** `brand create …` (BACK-OFFICE.md "Starting a real brand"). */
export async function brandCommand(
  db: Database,
  args: string[],
  o: { code?: string; domain?: string; currency?: string; languages?: string; name?: string; actor?: string },
): Promise<string> {
  if (args[0] !== 'create') throw new UsageError('brand takes one subcommand: create');
  if (!o.code || !o.domain || !o.currency || !o.languages)
    throw new UsageError('brand create needs --code, --domain, --currency and --languages');
  try {
    const b = await createBrand(
      db,
      { code: o.code, domain: o.domain, currency: o.currency, languages: list(o.languages), name: o.name },
      o.actor ?? cliActor({}),
    );
    return `created brand ${o.code} (id ${b.id}${b.isDefault ? ', the default brand' : ''}) on ${o.domain}; next: npm run khela -- staff create --brand ${o.code} --username <name> --role owner`;
  } catch (e) {
    throw e instanceof BrandInputError ? new UsageError(e.message) : e;
  }
}

/** `staff create …`: prints the one-time set-up link. */
export async function staffCommand(
  db: Database,
  linkBase: string,
  args: string[],
  o: { brand?: string; username?: string; role?: string; actor?: string },
): Promise<string> {
  if (args[0] !== 'create') throw new UsageError('staff takes one subcommand: create');
  if (!o.brand || !o.username || !o.role) throw new UsageError('staff create needs --brand, --username and --role');
  try {
    const s = await createStaff(db, linkBase, {
      merchantCode: o.brand,
      username: o.username,
      roles: list(o.role),
      createdBy: o.actor ?? cliActor({}),
    });
    return `created staff member ${o.username} (id ${s.staffId}) of brand ${o.brand}.\nSet-up link, valid ${s.expiresHours} hours and usable once — send it to them privately:\n${s.link}`;
  } catch (e) {
    throw e instanceof StaffInputError ? new UsageError(e.message) : e;
  }
}
