import { VendorCode } from '@khela/contract';
import type { Database } from '../../platform/db';
import type { CallContext } from './answers';
import * as repo from './repo';
import { acceptedSecrets, type KeyConfig } from './secrets';
import { verify } from './signature';

export type { Vendor, VendorWallets } from './repo';

/** A call as it arrived: the vendor its path names, the signature headers and the raw body. */
export type SignedCall = {
  vendor: string;
  timestamp: string | undefined;
  signature: string | undefined;
  raw: Buffer;
};

/**
 * The vendor that signed this call, or null: an unknown or disabled vendor, a missing or wrong
 * signature and a timestamp outside `windowSeconds` are all refused alike, so a caller learns
 * nothing about which vendors exist. An env secret (PROVIDER_SECRETS) wins over the stored ones.
 */
export async function signedVendor(
  db: Database,
  brandId: number,
  call: SignedCall,
  opts: { envSecrets?: ReadonlyMap<string, string>; windowSeconds: number; keys: KeyConfig },
): Promise<repo.Vendor | null> {
  if (!VendorCode.safeParse(call.vendor).success) return null;
  const vendor = await repo.vendorOf(db, brandId, call.vendor, opts.envSecrets);
  if (!vendor) return null;
  // Within a rotation's overlap, the secret it replaced signs as well as the new one.
  const secrets = vendor.stored ? acceptedSecrets(opts.keys, brandId, vendor.code, vendor.stored) : [vendor.secret];
  const valid = secrets.some(
    (secret) =>
      secret !== '' &&
      verify({
        secret,
        timestamp: call.timestamp,
        signature: call.signature,
        raw: call.raw,
        windowSeconds: opts.windowSeconds,
      }),
  );
  return valid ? vendor : null;
}

/**
 * The context of provider calls made inside this process (the in-house provider): no signature,
 * the vendor's row is proof enough. Null when the brand has no such vendor, or it is disabled.
 */
export async function inProcessCall(
  base: Omit<CallContext, 'vendor'>,
  vendorCode: string,
): Promise<CallContext | null> {
  const vendor = await repo.vendorOf(base.db, base.brandId, vendorCode);
  return vendor ? { db: base.db, brandId: base.brandId, brand: base.brand, vendor } : null;
}

/**
 * Adds a vendor (or leaves an existing one as it is) and returns its stored secret; a fresh
 * random secret when none is given. Used by the demo seed and by operators' scripts.
 */
export function ensureVendor(
  db: Database,
  v: { brandId: number; code: string; name: string; wallets: repo.VendorWallets; secret?: string },
): Promise<string> {
  return repo.ensureVendor(db, v);
}
