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
import { route } from '../../platform/route';
import * as service from './service';
import { statusEarlyAnswer, statusOf } from './status-reply';
import { WEB_MANIFEST_PATH, webManifest } from './web-manifest';

/**
 * The site's brand content (spec §3, §7). Every read but the status is the same for every
 * visitor of a host, so it is briefly cacheable (`cache: 'public'` in the contract); serving it
 * to a restricted visitor is harmless, since the status decides what the site shows.
 */
export async function systemRoutes(app: FastifyInstance) {
  const db = app.db;

  // The first call of every page view, so it does only what its answer needs. The answer is
  // prebuilt JSON bytes (statusAnswer), compressed once per encoding, sent as they are and
  // tagged for the visitor's browser to revalidate (contract `cache: 'revalidate'`); a plain
  // request is answered before Fastify makes a request of it (statusEarlyAnswer, decision 0044). It is not
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
  app.earlyAnswers.add(systemStatusCall.path, statusEarlyAnswer(db, trustedHeader));

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

/** The status answer of one visitor (statusOf), sent by the route. */
function sendStatus(req: FastifyRequest, reply: FastifyReply, brand: BrandSnapshot, trustedHeader: string) {
  const { answer, body, encoding } = statusOf(brand, req, (req.query as { language?: string }).language, trustedHeader);
  reply.header('etag', answer.etag).header('content-type', 'application/json; charset=utf-8');
  reply.header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
