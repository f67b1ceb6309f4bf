import { PROVIDER_SIGNATURE_AUTH, PROVIDER_SIGNATURE_HEADER, PROVIDER_TIMESTAMP_HEADER } from '@khela/contract';
import type { FastifyRequest } from 'fastify';
import { brandOf } from '../../platform/brand';
import { AppError } from '../../platform/errors';
import { registerAuthenticator } from '../../platform/route';
import type { CallContext } from './answers';
import { signedVendor } from './vendors';

/**
 * The game providers' caller (`auth: 'signature:provider-hmac'`, ARCHITECTURE §3): the vendor
 * the path names, proven by its HMAC signature over the raw body (signature.ts), before the
 * body is parsed. A provider route reads the proven vendor, with its brand, as `req.caller`.
 */
declare module '../../platform/route' {
  interface Callers {
    [PROVIDER_SIGNATURE_AUTH]: CallContext;
  }
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}

/** Registers the provider signature's authenticator (each provider route looks it up per call). */
export function registerProviderCaller() {
  registerAuthenticator(PROVIDER_SIGNATURE_AUTH, async (req) => {
    const brand = await brandOf(req);
    const { config, db } = req.server;
    const vendor = await signedVendor(
      db,
      brand.id,
      {
        vendor: (req.params as { vendor?: string }).vendor ?? '',
        timestamp: header(req, PROVIDER_TIMESTAMP_HEADER),
        signature: header(req, PROVIDER_SIGNATURE_HEADER),
        raw: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      },
      { envSecrets: config.PROVIDER_SECRETS, windowSeconds: config.PROVIDER_SIGNATURE_WINDOW_SECONDS, keys: config },
    );
    if (!vendor) throw new AppError('UNAUTHORIZED');
    const caller: CallContext = { db, brandId: brand.id, brand: brand.info, vendor };
    req.caller = caller;
  });
}
