import { randomBytes } from 'node:crypto';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db';
import { seal, secretsKeyOf, unseal } from '../../platform/secrets-key';
import * as repo from './repo';

/**
 * Provider signing secrets at rest and their rotation (decision 0039). A rotated secret is kept
 * sealed with SECRETS_KEY, as staff TOTP secrets are (decision 0030); the one it replaces stays
 * accepted until the overlap ends, so the vendor can switch without a refused call. A secret from
 * PROVIDER_SECRETS wins over both and is never rotated here: the environment owns it.
 */

export type KeyConfig = Pick<Config, 'SECRETS_KEY' | 'dataDir'>;

/** The sealed secret opens only on its own vendor's row. */
const purposeOf = (brandId: number, code: string) => `provider-secret:${brandId}:${code}`;

/** What a vendor's row holds of its secrets. */
export type StoredSecrets = {
  secret: string;
  secret_sealed: string | null;
  previous_secret_sealed: string | null;
  previous_secret_until: Date | string | null;
};

/** The secrets a call may be signed with now: the current one, and the previous within its overlap. */
export function acceptedSecrets(
  config: KeyConfig,
  brandId: number,
  code: string,
  row: StoredSecrets,
  now = Date.now(),
): string[] {
  const out: string[] = [];
  const purpose = purposeOf(brandId, code);
  if (row.secret_sealed) out.push(unseal(secretsKeyOf(config), row.secret_sealed, purpose));
  else if (row.secret) out.push(row.secret);
  const until = row.previous_secret_until === null ? null : new Date(row.previous_secret_until).getTime();
  if (row.previous_secret_sealed && until !== null && now < until)
    out.push(unseal(secretsKeyOf(config), row.previous_secret_sealed, purpose));
  return out;
}

/** A new random secret and its sealed form, which alone is kept. */
function freshSecret(config: KeyConfig, brandId: number, code: string) {
  const secret = randomBytes(32).toString('base64url');
  return { secret, sealed: seal(secretsKeyOf(config), secret, purposeOf(brandId, code)) };
}

/**
 * Opens a seamless-wallet account for a vendor added from the back office, with a fresh secret
 * made and sealed as a rotation makes one; returns the secret (shown once), or null when the
 * vendor has an account already (it keeps its secret).
 */
export async function openVendorAccount(
  db: Database,
  config: KeyConfig,
  v: { brandId: number; code: string; name: string; wallets: repo.VendorWallets },
): Promise<string | null> {
  const { secret, sealed } = freshSecret(config, v.brandId, v.code);
  return (await repo.insertSealedVendor(db, { ...v, sealed })) ? secret : null;
}

/**
 * Gives the vendor a new random secret and returns it (shown once: only its sealed form is
 * kept). The secret in use until now is accepted for `overlapMinutes` more; 0 ends it at once.
 * A secret set before rotation existed is sealed as the previous one and the plain column blanked.
 */
export async function rotateVendorSecret(
  db: Database,
  config: KeyConfig,
  o: { brandId: number; code: string; overlapMinutes: number; now?: Date },
): Promise<{ secret: string; previousUntil: Date | null; rotatedAt: Date } | null> {
  const row = await repo.vendorSecrets(db, o.brandId, o.code);
  if (!row) return null;
  const purpose = purposeOf(o.brandId, o.code);
  const key = secretsKeyOf(config);
  const now = o.now ?? new Date();
  const previous = row.secret_sealed ?? (row.secret ? seal(key, row.secret, purpose) : null);
  const previousUntil = previous && o.overlapMinutes > 0 ? new Date(now.getTime() + o.overlapMinutes * 60_000) : null;
  const { secret, sealed } = freshSecret(config, o.brandId, o.code);
  await repo.storeRotatedSecret(db, o.brandId, o.code, {
    sealed,
    previousSealed: previousUntil ? previous : null,
    previousUntil,
    rotatedAt: now,
  });
  return { secret, previousUntil, rotatedAt: now };
}

/** Each vendor's secret state for the back office: never a secret, only where it comes from and when. */
export async function vendorSecretStates(db: Database, brandId: number, envSecrets: ReadonlyMap<string, string>) {
  const rows = await repo.vendorSecretStates(db, brandId);
  return new Map(
    rows.map((r) => [
      r.code,
      {
        source: envSecrets.has(r.code)
          ? ('env' as const)
          : r.secret_sealed || r.secret
            ? ('stored' as const)
            : ('none' as const),
        rotatedAt: r.rotated_at ? new Date(r.rotated_at) : null,
        previousUntil:
          r.previous_secret_until && new Date(r.previous_secret_until).getTime() > Date.now()
            ? new Date(r.previous_secret_until)
            : null,
      },
    ]),
  );
}
