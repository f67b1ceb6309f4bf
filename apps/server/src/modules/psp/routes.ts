import {
  pspWebhookCall,
  sandboxCheckoutCall,
  sandboxCheckoutDecideCall,
  sandboxPayoutDecideCall,
  sandboxPayoutsCall,
} from '@khela/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type BrandSnapshot, brandOf } from '../../platform/brand';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/route';
import { onDepositResult } from '../cashier/deposit-credit';
import { bindSandbox } from '../cashier/providers/sandbox';
import { cashierSettings } from '../cashier/settings';
import { methodName } from '../cashier/views';
import { onPayoutResult } from '../cashier/withdraw-payouts';
import { registerPspCaller } from './caller';
import { checkoutPage, notFoundPage, type PageLang, payoutsPage } from './sandbox-pages';
import { decide, sendResult, waitingPayouts } from './sandbox-service';

/**
 * The payment providers' side of the cashier: `POST /psp/<provider>/webhook` (signed results of
 * deposits and payouts, contract pspWebhookCall) and the sandbox provider's own pages — its
 * hosted checkout `/psp/sandbox/checkout/<orderToken>` and its payout console
 * `/psp/sandbox/payouts` — whose buttons send their results to that same webhook over HTTP.
 * Bodies in this plugin stay raw bytes: a webhook's signature covers exactly what was sent.
 */
export async function pspRoutes(app: FastifyInstance) {
  bindSandbox({ db: app.db, keys: app.config, windowSeconds: app.config.PROVIDER_SIGNATURE_WINDOW_SECONDS });
  registerPspCaller();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  route(app, pspWebhookCall, async (req) => {
    const { brand, provider, result } = req.caller;
    if (result.kind === 'deposit') return onDepositResult(app.db, brand.id, provider, result);
    await onPayoutResult(app.db, provider, result);
    const row = await app.db.kysely
      .selectFrom('cashier_requests')
      .select(['id', 'state'])
      .where('id', '=', BigInt(result.requestId))
      .where('brand_id', '=', brand.id)
      .where('type', '=', 'withdraw')
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    return { requestId: row.id.toString(), state: row.state };
  });

  const langOf = (q: { lang?: PageLang | undefined }, brand: BrandSnapshot): PageLang =>
    q.lang ?? (brand.info.defaultLanguage === 'bn' ? 'bn' : 'en');
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      // The address carries the order's token: never send it onwards.
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(body);
  const sandboxOn = async (brand: BrandSnapshot) => (await cashierSettings(app.db, brand.id)).sandbox_enabled;

  /** The order a checkout token names, with what the page shows; null for an unknown token or a brand without the sandbox. */
  const orderOf = async (brand: BrandSnapshot, token: string, lang: PageLang) => {
    if (!(await sandboxOn(brand))) return null;
    const r = await app.db.kysely
      .selectFrom('psp_sandbox_records as s')
      .innerJoin('cashier_requests as c', 'c.id', 's.request_id')
      .leftJoin('cashier_methods as m', 'm.id', 'c.method_id')
      .select(['s.request_id', 's.amount_minor', 's.currency', 's.status', 'm.name_bn', 'm.name_en'])
      .where('s.brand_id', '=', brand.id)
      .where('s.kind', '=', 'deposit')
      .where('s.order_token', '=', token)
      .executeTakeFirst();
    if (!r) return null;
    return {
      token,
      lang,
      requestId: r.request_id.toString(),
      amountMinor: r.amount_minor,
      decimals: brand.info.currencyDecimals,
      currency: r.currency,
      method: methodName({ name_bn: r.name_bn ?? '', name_en: r.name_en ?? '' }, lang, brand),
      status: r.status,
      returnPath: `/?centre=member&page=depositv2&deposit=${r.request_id}`,
    };
  };

  route(app, sandboxCheckoutCall, async (req, reply) => {
    const brand = await brandOf(req);
    const lang = langOf(req.query, brand);
    const order = await orderOf(brand, req.params.token, lang);
    return order ? html(reply, 200, checkoutPage(order)) : html(reply, 404, notFoundPage(lang));
  });

  // Approve or decline: decided in the sandbox's books, then the signed result goes over HTTP to
  // the webhook; pay later leaves the order waiting (it expires). The player returns to the deposit page.
  route(app, sandboxCheckoutDecideCall, async (req, reply) => {
    const brand = await brandOf(req);
    const lang = langOf(req.query, brand);
    const order = await orderOf(brand, req.params.token, lang);
    if (!order) return html(reply, 404, notFoundPage(lang));
    const { action } = req.body;
    if (action !== 'later') {
      const outcome = action === 'approve' ? 'paid' : 'failed';
      const decided = await decide(app.db, brand.id, { orderToken: req.params.token }, outcome);
      if (decided) await sendResult(app, brand.id, req.headers.host ?? '', decided);
    }
    return reply.redirect(order.returnPath, 303);
  });

  route(app, sandboxPayoutsCall, async (req, reply) => {
    const brand = await brandOf(req);
    const lang = langOf(req.query, brand);
    if (!(await sandboxOn(brand))) return html(reply, 404, notFoundPage(lang));
    return html(reply, 200, payoutsPage(lang, brand.info.currencyDecimals, await waitingPayouts(app.db, brand.id)));
  });

  // Pay or fail: the payout's result goes to the webhook like a deposit's; delay leaves it waiting.
  route(app, sandboxPayoutDecideCall, async (req, reply) => {
    const brand = await brandOf(req);
    const lang = langOf(req.query, brand);
    if (!(await sandboxOn(brand))) return html(reply, 404, notFoundPage(lang));
    const { action } = req.body;
    if (action !== 'delay') {
      const decided = await decide(
        app.db,
        brand.id,
        { id: BigInt(req.params.id) },
        action === 'pay' ? 'paid' : 'failed',
      );
      if (decided) await sendResult(app, brand.id, req.headers.host ?? '', decided);
    }
    return reply.redirect(`/psp/sandbox/payouts?lang=${lang}`, 303);
  });
}
