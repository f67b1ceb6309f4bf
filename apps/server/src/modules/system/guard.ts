import { customerServiceCall, helpCenterCall, systemStatusCall, whitelabelCall } from '@khela/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type BrandSnapshot, brandStore, hostOf } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { AppError } from '../../platform/errors';
import { countryOf } from '../../platform/geo';
import { hasRegionRules, inMaintenance, regionRestricted } from './service';

/**
 * API calls the guard covers: the player site's calls and the in-house games' (a spin during
 * maintenance or from a restricted country is refused like any other call); not the web app,
 * the game pages' HTML, docs or provider callbacks (a provider settles rounds whatever happens).
 */
const GUARDED = /^\/(wps|lgw|play\/api)\//;

/**
 * Calls that keep answering during maintenance and for restricted regions: the status itself,
 * and what the maintenance / restriction page needs — Contact Us (customer service), the help
 * centre (terms, responsible gaming) and the whitelabel tree the app shell reads at start.
 */
export const OPEN_DURING_RESTRICTION = new Set<string>([
  systemStatusCall.path,
  customerServiceCall.path,
  helpCenterCall.path,
  whitelabelCall.path,
]);

/**
 * Resolves the brand of every API call once (from the cached snapshot) and refuses calls while
 * the brand is in maintenance (503 MAINTENANCE) or the visitor's country is restricted
 * (403 REGION_RESTRICTED). Registered before the modules so it covers all of them.
 */
export const accessGuard = fp(async (app: FastifyInstance) => {
  app.decorateRequest('brand', null);
  // Decided per route when it is registered, from its pattern (not the raw URL: encoding tricks
  // cannot make a call look exempt), and put first among the route's own onRequest hooks; a
  // callback hook, not an async one: with the snapshot cached it runs without a promise. The
  // calls open during restriction get no hook: nothing refuses them, and each finds its brand
  // itself (brandOf), so the status call, the first of every page view, is not looked up twice.
  app.addHook('onRoute', (options) => {
    if (!GUARDED.test(options.url) || OPEN_DURING_RESTRICTION.has(options.url)) return;
    const guard: onRequestHookHandler = (req, reply, done) => {
      let brand: BrandSnapshot | Promise<BrandSnapshot>;
      try {
        brand = brandStore(app.db).forHost(hostOf(req));
      } catch (err) {
        return done(err as Error);
      }
      if (brand instanceof Promise) brand.then((b) => admit(req, reply, b, done), done);
      else admit(req, reply, brand, done);
    };
    options.onRequest = [guard, ...[options.onRequest ?? []].flat()];
  });

  function admit(req: FastifyRequest, reply: FastifyReply, brand: BrandSnapshot, done: (err?: Error) => void) {
    req.brand = brand;
    const refusal = refusalFor(req, brand);
    if (refusal) reply.header('cache-control', 'no-store');
    done(refusal);
  }

  function refusalFor(req: FastifyRequest, brand: BrandSnapshot): AppError | undefined {
    if (inMaintenance(brand, Date.now())) return new AppError('MAINTENANCE');
    if (!hasRegionRules(brand)) return undefined;
    const country = countryOf(clientIp(req, app.config.TRUSTED_PROXY_HEADER));
    return regionRestricted(brand, country) ? new AppError('REGION_RESTRICTED') : undefined;
  }
});
