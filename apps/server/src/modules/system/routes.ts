import {
  BannerQuery,
  Banners,
  CustomerServicePaths,
  DomainRoute,
  ErrorEnvelope,
  envelope,
  HelpCenter,
  LanguageQuery,
  NoQuery,
  NoticeList,
  NoticeQuery,
  ok,
  RegisterSettings,
  Resources,
  SystemStatusEnvelope,
  SystemStatusQuery,
  Whitelabel,
} from '@khela/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type BrandSnapshot, brandOf, brandStore, normaliseHost } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { countryOf } from '../../platform/geo';
import * as service from './service';

/** Failures every call here may answer (bad query, restricted, no brand, maintenance). */
const FAILURES = { 400: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 503: ErrorEnvelope } as const;

/**
 * Brand content changes rarely and is the same for every visitor of a host, so shared caches may
 * keep it briefly. Serving it to a restricted visitor is harmless: the status call (no-store)
 * decides what the site shows, and every call that acts is never cached.
 */
function cacheBriefly(reply: FastifyReply) {
  reply.header('cache-control', 'public, max-age=30');
}

function sendStatus(req: FastifyRequest, reply: FastifyReply, brand: BrandSnapshot, language: string | undefined) {
  const ip = clientIp(req, req.server.config.TRUSTED_PROXY_HEADER);
  const body = service.statusJson(brand, { ip, country: countryOf(ip) }, Date.now(), language);
  // The answer depends on the visitor's address: no shared cache may keep it. The body is
  // already-serialised JSON text, which Fastify sends as is.
  reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
}

export async function systemRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['system'];

  app.get(
    '/wps/system/status',
    {
      schema: {
        tags,
        summary: 'Brand, flags and whether this visitor may use the site (0 normal, 1 maintenance, 2 region)',
        querystring: SystemStatusQuery,
        response: { 200: SystemStatusEnvelope, ...FAILURES },
      },
    },
    (req, reply) => {
      const brand = req.query.host ? brandStore(app.db).forHost(normaliseHost(req.query.host)) : brandOf(req);
      // Synchronous when the brand is cached: the status call is the hottest call of the site.
      if (brand instanceof Promise) return brand.then((b) => sendStatus(req, reply, b, req.query.language));
      sendStatus(req, reply, brand, req.query.language);
    },
  );

  app.get(
    '/wps/system/whitelabel',
    {
      schema: {
        tags,
        summary: 'Whitelabel module tree and flags',
        querystring: NoQuery,
        response: { 200: envelope(Whitelabel), ...FAILURES },
      },
    },
    async (req, reply) => {
      cacheBriefly(reply);
      return ok(service.whitelabelOf(await brandOf(req)));
    },
  );

  app.get(
    '/wps/system/setting/register',
    {
      schema: {
        tags,
        summary: 'Registration rule of every field (spec §5)',
        querystring: NoQuery,
        response: { 200: envelope(RegisterSettings), ...FAILURES },
      },
    },
    async (req, reply) => {
      cacheBriefly(reply);
      return ok(service.registerSettingsOf(await brandOf(req)));
    },
  );

  app.get(
    '/wps/system/resources',
    {
      schema: {
        tags,
        summary: 'App download and social links',
        querystring: NoQuery,
        response: { 200: envelope(Resources), ...FAILURES },
      },
    },
    async (req, reply) => {
      cacheBriefly(reply);
      return ok((await brandOf(req)).resources);
    },
  );

  app.get(
    '/wps/system/banners',
    {
      schema: {
        tags,
        summary: 'Banners of a group showing now, in order',
        querystring: BannerQuery,
        response: { 200: envelope(Banners), ...FAILURES },
      },
    },
    async (req, reply) => {
      const brand = await brandOf(req);
      cacheBriefly(reply);
      return ok(await service.bannersOf(app.db, brand, req.query.groupName, req.query.language, new Date()));
    },
  );

  app.get(
    '/wps/announcement',
    {
      schema: {
        tags,
        summary: 'Current announcements by list (popup, player, banners, promotion, help)',
        querystring: NoticeQuery,
        response: { 200: envelope(NoticeList), ...FAILURES },
      },
    },
    async (req, reply) => {
      const brand = await brandOf(req);
      cacheBriefly(reply);
      return ok(await service.noticesOf(app.db, brand, req.query, new Date()));
    },
  );

  app.get(
    '/wps/system/customerService',
    {
      schema: {
        tags,
        summary: 'Customer-service channels; type 3 paths are encrypted (decryptCsPath)',
        querystring: LanguageQuery,
        response: { 200: envelope(CustomerServicePaths), ...FAILURES },
      },
    },
    async (req, reply) => {
      cacheBriefly(reply);
      return ok(service.customerServicePathsOf(await brandOf(req), req.query.language));
    },
  );

  app.get(
    '/wps/system/domainRoute',
    {
      schema: {
        tags,
        summary: "The brand's mirror sites",
        querystring: NoQuery,
        response: { 200: envelope(DomainRoute), ...FAILURES },
      },
    },
    async (req, reply) => {
      cacheBriefly(reply);
      return ok(service.domainRouteOf(await brandOf(req)));
    },
  );

  app.get(
    '/wps/system/helpCenter',
    {
      schema: {
        tags,
        summary: 'Help-centre sections in order',
        querystring: LanguageQuery,
        response: { 200: envelope(HelpCenter), ...FAILURES },
      },
    },
    async (req, reply) => {
      const brand = await brandOf(req);
      cacheBriefly(reply);
      return ok(await service.helpCenterOf(app.db, brand, req.query.language));
    },
  );
}
