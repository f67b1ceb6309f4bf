import {
  bannersCall,
  customerServiceCall,
  domainRouteCall,
  helpCenterCall,
  noticesCall,
  registerSettingsCall,
  resourcesCall,
  systemStatusCall,
  whitelabelCall,
} from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { type BrandSnapshot, brandOf, brandStore, normaliseHost } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { countryOf } from '../../platform/geo';
import { route } from '../../platform/route';
import * as service from './service';
import { WEB_MANIFEST_PATH, webManifest } from './web-manifest';

/**
 * The site's brand content (spec §3, §7). Every read but the status is the same for every
 * visitor of a host, so it is briefly cacheable (`cache: 'public'` in the contract); serving it
 * to a restricted visitor is harmless, since the status decides what the site shows.
 */
export async function systemRoutes(app: FastifyInstance) {
  const db = app.db;

  // The first call of every page view, so it does only what its answer needs. The answer is
  // prebuilt JSON bytes (statusAnswer), which Fastify sends as they are, tagged for the visitor's
  // browser to revalidate (contract `cache: 'revalidate'`). It is not rate-limited: it reads only the
  // cached brand, so answering costs less than counting the call (with Redis, a round trip) and
  // refusing it would. And it is quiet: no log lines and no logger made per call.
  route(
    app,
    systemStatusCall,
    (req, reply) => {
      const q = req.query;
      const brand = q.host ? brandStore(db).forHost(normaliseHost(q.host)) : brandOf(req);
      const send = (b: BrandSnapshot) => {
        const ip = clientIp(req, app.config.TRUSTED_PROXY_HEADER);
        const { body, etag } = service.statusAnswer(b, { ip, country: countryOf(ip) }, Date.now(), q.language);
        return reply.header('etag', etag).type('application/json; charset=utf-8').send(body);
      };
      // Without a promise when the brand is in memory, as it nearly always is.
      return brand instanceof Promise ? brand.then(send) : send(brand);
    },
    { config: { limits: false }, quiet: true },
  );

  route(app, whitelabelCall, async (req) => service.whitelabelOf(await brandOf(req)));
  route(app, registerSettingsCall, async (req) => service.registerSettingsOf(await brandOf(req)));
  route(app, resourcesCall, async (req) => (await brandOf(req)).resources);
  route(app, bannersCall, async (req) =>
    service.bannersOf(db, await brandOf(req), req.query.groupName, req.query.language, new Date()),
  );
  route(app, noticesCall, async (req) => service.noticesOf(db, await brandOf(req), req.query, new Date()));
  route(app, customerServiceCall, async (req) =>
    service.customerServicePathsOf(await brandOf(req), req.query.language),
  );
  route(app, domainRouteCall, async (req) => service.domainRouteOf(await brandOf(req)));
  route(app, helpCenterCall, async (req) => service.helpCenterOf(db, await brandOf(req), req.query.language));

  // A document of the site, not an API call: the browser reads it to install the site as an app.
  app.get<{ Querystring: { lang?: unknown } }>(WEB_MANIFEST_PATH, { schema: { hide: true } }, async (req, reply) => {
    const manifest = webManifest((await brandOf(req)).info, req.query.lang);
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(JSON.stringify(manifest));
  });
}
