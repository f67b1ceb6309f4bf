import { brandSaveCall, brandSettingsCall } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { clientIp } from '../../platform/client-ip';
import { route } from '../../platform/route';
import { brandSettings, saveBrandSettings } from './service';

/**
 * The Brand screen's calls under /bo/brand (decision 0038). The staff authenticator proves the
 * session and `brand.read` / `brand.write` before anything here runs; the brand is the staff
 * member's own.
 */
export async function brandSettingsRoutes(app: FastifyInstance) {
  const { db, config } = app;
  route(app, brandSettingsCall, (req) => brandSettings(db, req.caller.brandId));
  route(app, brandSaveCall, (req) =>
    saveBrandSettings(
      db,
      { staffId: req.caller.id, brandId: req.caller.brandId, ip: clientIp(req, config.TRUSTED_PROXY_HEADER) },
      req.body,
    ),
  );
}
