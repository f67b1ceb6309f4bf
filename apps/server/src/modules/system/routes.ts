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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type BrandSnapshot, brandOf, brandStore, normaliseHost } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { countryOf } from '../../platform/geo';
import { route } from '../../platform/route';
import { acceptedEncoding } from '../../platform/web';
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
  // prebuilt JSON bytes (statusAnswer), compressed once per encoding, which Fastify sends as they
  // are, tagged for the visitor's browser to revalidate (contract `cache: 'revalidate'`). It is not
  // rate-limited: it reads only the cached brand, so answering costs less than counting the call
  // (with Redis, a round trip) and refusing it would. It is quiet: no log lines and no logger made
  // per call. And no per-request compression: the compressor's hooks would look at bytes already
  // compressed (decision 0029).
  const trustedHeader = app.config.TRUSTED_PROXY_HEADER;
  route(
    app,
    systemStatusCall,
    (req, reply) => {
      const q = req.query;
      const brand = q.host ? brandStore(db).forHost(normaliseHost(q.host)) : brandOf(req);
      // Without a promise when the brand is in memory, as it nearly always is.
      if (!(brand instanceof Promise)) return sendStatus(req, reply, brand, trustedHeader);
      return brand.then((b) => sendStatus(req, reply, b, trustedHeader));
    },
    { config: { limits: false }, quiet: true, compress: false },
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

/**
 * The status answer of one visitor: made once and kept (statusAnswer), sent as the browser
 * accepts it. A function of the module rather than a closure made per call.
 */
function sendStatus(req: FastifyRequest, reply: FastifyReply, brand: BrandSnapshot, trustedHeader: string) {
  const query = req.query as { language?: string };
  const ip = clientIp(req, trustedHeader);
  const answer = service.statusAnswer(brand, { ip, country: countryOf(ip) }, Date.now(), query.language);
  reply.header('etag', answer.etag).header('content-type', 'application/json; charset=utf-8');
  reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  const body = encoding ? service.encodedStatus(answer, encoding) : answer.body;
  if (body !== answer.body) reply.header('content-encoding', encoding);
  return reply.send(body);
}
