import { PSP_SIGNATURE_AUTH } from '@khela/contract';
import type { FastifyRequest } from 'fastify';
import { type BrandSnapshot, brandOf } from '../../platform/brand';
import { AppError } from '../../platform/errors';
import { registerAuthenticator } from '../../platform/route';
import { originOf } from '../cashier/deposit-routes';
import { providerFor } from '../cashier/providers';
import type { ProviderResult } from '../cashier/providers/adapter';

/** A payment provider's webhook, proven: its brand, its name and the result its adapter read. */
export type PspCaller = { brand: BrandSnapshot; provider: string; result: ProviderResult };

declare module '../../platform/route' {
  interface Callers {
    [PSP_SIGNATURE_AUTH]: PspCaller;
  }
}

/**
 * Registers the payment providers' webhook authenticator (`auth: 'signature:psp-hmac'`): the
 * provider the path names checks its signature over the raw bytes (its adapter's
 * verifyWebhook), before anything reads them. An unknown provider is unauthorised like a bad
 * signature, so a caller learns nothing of which providers a server has.
 */
export function registerPspCaller() {
  registerAuthenticator(PSP_SIGNATURE_AUTH, async (req: FastifyRequest) => {
    const name = (req.params as { provider?: string }).provider ?? '';
    const provider = providerFor(name);
    if (!provider) throw new AppError('UNAUTHORIZED');
    const brand = await brandOf(req);
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = await provider.verifyWebhook(req, raw, { brandId: brand.id, origin: originOf(req) });
    const caller: PspCaller = { brand, provider: provider.name, result };
    req.caller = caller;
  });
}
