import { addressAllowed, isAddressOrBlock } from '../../platform/address-list';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import * as repo from './repo';
import type { StaffCaller } from './sessions';

/**
 * The brand's staff address allow-list (decision 0032): addresses and CIDR blocks staff may log
 * in and call from; empty lets every address in. The caller's own address must stay on a list
 * they save, or they would lock themselves out with the next call.
 */
export async function staffAddresses(db: Database, brandId: number) {
  return { addresses: await repo.brandStaffAddresses(db, brandId) };
}

export async function setStaffAddresses(
  db: Database,
  staff: StaffCaller,
  ip: string,
  b: { addresses: string[]; reason: string },
) {
  const addresses = [...new Set(b.addresses.map((a) => a.trim().toLowerCase()))];
  const bad = addresses.findIndex((a) => !isAddressOrBlock(a));
  if (bad >= 0) throw new AppError('VALIDATION_FAILED', { [`addresses.${bad}`]: 'validation.invalid' });
  if (!addressAllowed(addresses, ip)) throw new AppError('STAFF_LOCKOUT');
  const before = await repo.brandStaffAddresses(db, staff.brandId);
  await repo.setBrandStaffAddresses(db, staff.brandId, addresses);
  await audit(db, {
    event: 'brand.staff.addresses',
    brandId: staff.brandId,
    staffId: staff.id,
    ip,
    target: `brand:${staff.merchantCode}`,
    reason: b.reason,
    before: { addresses: before },
    after: { addresses },
  });
  return { addresses };
}
