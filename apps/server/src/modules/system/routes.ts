import {
  BannerQuery,
  Banners,
  CustomerServicePaths,
  DomainRoute,
  HelpCenter,
  LanguageQuery,
  NoQuery,
  NoticeList,
  NoticeQuery,
  RegisterSettings,
  Resources,
  SystemStatusEnvelope,
  SystemStatusQuery,
  Whitelabel,
} from '@khela/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type BrandSnapshot, brandOf, brandStore, normaliseHost } from '../../platform/brand';
import { BRAND_READ_FAILURES, brandRead } from '../../platform/brand-read';
import { clientIp } from '../../platform/client-ip';
import { countryOf } from '../../platform/geo';
import * as service from './service';

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
        response: { 200: SystemStatusEnvelope, ...BRAND_READ_FAILURES },
      },
    },
    (req, reply) => {
      const brand = req.query.host ? brandStore(app.db).forHost(normaliseHost(req.query.host)) : brandOf(req);
      // Synchronous when the brand is cached: the status call is the hottest call of the site.
      if (brand instanceof Promise) return brand.then((b) => sendStatus(req, reply, b, req.query.language));
      sendStatus(req, reply, brand, req.query.language);
    },
  );

  const db = app.db;
  brandRead(app, '/wps/system/whitelabel', {
    tags,
    summary: 'Whitelabel module tree and flags',
    query: NoQuery,
    value: Whitelabel,
    load: (brand) => service.whitelabelOf(brand),
  });
  brandRead(app, '/wps/system/setting/register', {
    tags,
    summary: 'Registration rule of every field (spec §5)',
    query: NoQuery,
    value: RegisterSettings,
    load: (brand) => service.registerSettingsOf(brand),
  });
  brandRead(app, '/wps/system/resources', {
    tags,
    summary: 'App download and social links',
    query: NoQuery,
    value: Resources,
    load: (brand) => brand.resources,
  });
  brandRead(app, '/wps/system/banners', {
    tags,
    summary: 'Banners of a group showing now, in order',
    query: BannerQuery,
    value: Banners,
    load: (brand, q) => service.bannersOf(db, brand, q.groupName, q.language, new Date()),
  });
  brandRead(app, '/wps/announcement', {
    tags,
    summary: 'Current announcements by list (popup, player, banners, promotion, help)',
    query: NoticeQuery,
    value: NoticeList,
    load: (brand, q) => service.noticesOf(db, brand, q, new Date()),
  });
  brandRead(app, '/wps/system/customerService', {
    tags,
    summary: 'Customer-service channels; type 3 paths are encrypted (decryptCsPath)',
    query: LanguageQuery,
    value: CustomerServicePaths,
    load: (brand, q) => service.customerServicePathsOf(brand, q.language),
  });
  brandRead(app, '/wps/system/domainRoute', {
    tags,
    summary: "The brand's mirror sites",
    query: NoQuery,
    value: DomainRoute,
    load: (brand) => service.domainRouteOf(brand),
  });
  brandRead(app, '/wps/system/helpCenter', {
    tags,
    summary: 'Help-centre sections in order',
    query: LanguageQuery,
    value: HelpCenter,
    load: (brand, q) => service.helpCenterOf(db, brand, q.language),
  });
}
