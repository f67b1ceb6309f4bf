import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { jobsOf } from './jobs';
import { authRoutes } from './modules/auth/routes';
import { avatarRoutes } from './modules/avatar/routes';
import { brandSettingsRoutes } from './modules/brand-settings/routes';
import { depositRoutes } from './modules/cashier/deposit-routes';
import { cashierRoutes } from './modules/cashier/routes';
import { cashierSecurityRoutes } from './modules/cashier/security-routes';
import { withdrawRoutes } from './modules/cashier/withdraw-routes';
import { cashierDeskRoutes } from './modules/cashier-desk/routes';
import { catalogDeskRoutes } from './modules/catalog-desk/routes';
import { contentDeskRoutes } from './modules/content-desk/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { gameRoutes } from './modules/games/routes';
import { crashGame } from './modules/inhouse/crash/plugin';
import { diceRoutes } from './modules/inhouse/dice/routes';
import { inhousePage } from './modules/inhouse/page';
import { inhouseRoutes } from './modules/inhouse/routes';
import { memberRoutes } from './modules/member/routes';
import { memberSecurityRoutes } from './modules/member-security/routes';
import { passwordResetRoutes } from './modules/password-reset/routes';
import { promotionRoutes } from './modules/promotions/routes';
import { providerRoutes } from './modules/provider/routes';
import { pspRoutes } from './modules/psp/routes';
import { recordRoutes } from './modules/records/routes';
import { riskRoutes } from './modules/risk/routes';
import { sealingRoutes } from './modules/sealing/routes';
import { staffRoutes } from './modules/staff/routes';
import { staffPlayersRoutes } from './modules/staff-players/routes';
import { accessGuard } from './modules/system/guard';
import { pageHeadOf } from './modules/system/page-head';
import { systemRoutes } from './modules/system/routes';
import { verificationRoutes } from './modules/verification/routes';
import { walletRoutes } from './modules/wallet/routes';
import { compression } from './platform/compression';
import type { Config } from './platform/config';
import type { Database } from './platform/db';
import { type EarlyAnswers, installEarlyAnswers } from './platform/early-answers';
import { installErrorHandling } from './platform/errors';
import { installJobs } from './platform/jobs';
import { loggerOptions } from './platform/logger';
import { installRateLimits } from './platform/rate-limit';
import { installRealtime } from './platform/realtime';
import { SECURITY_SCHEMES } from './platform/route';
import { installSecurityHeaders } from './platform/security-headers';
import { installSessions } from './platform/sessions';
import { adminApp, installNotFound, webApp } from './platform/web';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    /** Every route registered, as `METHOD /path` (for /docs checks and the contract tests). */
    routeTable: string[];
    /** Calls answered before a request is made of them (platform/early-answers.ts). */
    earlyAnswers: EarlyAnswers;
  }
}

/** Builds the Fastify app: platform plugins first, then the modules (ARCHITECTURE §2). */
export async function buildApp(config: Config, db: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Behind a proxy the visitor's address comes from the configured header only (see clientIp).
    trustProxy: false,
    // Keep query parsing strict: no prototype keys from the outside.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  const routeTable: string[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    for (const m of [r.method].flat()) if (m !== 'HEAD') routeTable.push(`${m} ${r.url}`);
  });
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('earlyAnswers', installEarlyAnswers(app));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installSessions(app);

  installSecurityHeaders(app);
  // Before every route, so each one gets its buckets (platform/rate-limit.ts).
  installRateLimits(app, config);
  await app.limiter.ready;
  // Before any route: it decides per route which answers may be compressed.
  await app.register(compression);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Khela API', description: 'The calls of the Khela player site', version: '0.1.0' },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  // Before the modules: the guard's hook must cover every API call.
  await app.register(accessGuard);
  await installRealtime(app);
  await app.register(systemRoutes);
  await app.register(sealingRoutes);
  await app.register(gameRoutes);
  await app.register(authRoutes);
  await app.register(memberRoutes);
  await app.register(avatarRoutes);
  await app.register(verificationRoutes);
  await app.register(passwordResetRoutes);
  await app.register(walletRoutes);
  await app.register(cashierRoutes);
  await app.register(cashierSecurityRoutes);
  await app.register(memberSecurityRoutes);
  await app.register(depositRoutes);
  await app.register(pspRoutes);
  await app.register(withdrawRoutes);
  await app.register(promotionRoutes);
  await app.register(providerRoutes);
  await app.register(recordRoutes);
  await app.register(staffRoutes);
  await app.register(dashboardRoutes);
  await app.register(staffPlayersRoutes);
  await app.register(contentDeskRoutes);
  await app.register(catalogDeskRoutes);
  await app.register(brandSettingsRoutes);
  await app.register(cashierDeskRoutes);
  await app.register(riskRoutes);
  await app.register(inhouseRoutes);
  await app.register(diceRoutes);
  await app.register(crashGame);
  await app.register(inhousePage);
  await app.register(webApp, { headOf: pageHeadOf(db) });
  await app.register(adminApp);
  installJobs(app, jobsOf(config));
  installNotFound(app);
  return app;
}
