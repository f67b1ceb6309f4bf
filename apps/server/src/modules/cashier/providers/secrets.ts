import { randomBytes } from 'node:crypto';
import type { Config } from '../../../platform/config';
import type { Database } from '../../../platform/db';
import { seal, secretsKeyOf, unseal } from '../../../platform/secrets-key';

export type KeyConfig = Pick<Config, 'SECRETS_KEY' | 'dataDir'>;

/** The sealed secret opens only on its own brand's and provider's row. */
const purposeOf = (brandId: number, provider: string) => `psp-secret:${brandId}:${provider}`;

/**
 * A payment provider's signing secret for a brand, made at random and sealed with SECRETS_KEY on
 * first use (only the sealed form is stored, like the game providers' secrets, decision 0039).
 * Two first uses at once both get the one row: the loser of the insert reads the winner's.
 */
export async function pspSecret(
  db: Database,
  keys: KeyConfig,
  brandId: number,
  provider: string,
  /** The sealed secret when the caller read it already (with other columns, in one query). */
  sealed?: string | null,
): Promise<string> {
  const key = secretsKeyOf(keys);
  const purpose = purposeOf(brandId, provider);
  if (sealed) return opened(key, sealed, purpose);
  const stored = db.kysely
    .selectFrom('psp_secrets')
    .select('secret_sealed')
    .where('brand_id', '=', brandId)
    .where('provider', '=', provider);
  const found = await stored.executeTakeFirst();
  if (found) return opened(key, found.secret_sealed, purpose);
  await db.kysely
    .insertInto('psp_secrets')
    .values({
      brand_id: brandId,
      provider,
      secret_sealed: seal(key, randomBytes(32).toString('base64url'), purpose),
    })
    .onConflict((oc) => oc.columns(['brand_id', 'provider']).doNothing())
    .execute();
  // Ours or a concurrent caller's, whichever insert won.
  const row = await stored.executeTakeFirstOrThrow();
  return opened(key, row.secret_sealed, purpose);
}

/**
 * Opened secrets by their sealed text and purpose: every webhook needs its brand's, and opening
 * it each time cost more than checking the signature. A rotated secret is another sealed text.
 */
const openedSecrets = new Map<string, string>();

function opened(key: Buffer, sealed: string, purpose: string): string {
  const id = `${purpose}\n${sealed}`;
  let secret = openedSecrets.get(id);
  if (secret === undefined) {
    secret = unseal(key, sealed, purpose);
    if (openedSecrets.size > 1000) openedSecrets.clear();
    openedSecrets.set(id, secret);
  }
  return secret;
}
