import {
  FIELD_ERRORS,
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
  ProviderBalanceRequest,
  ProviderBetRequest,
  ProviderRollbackRequest,
  ProviderWinRequest,
} from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { brandOf } from '../../platform/brand';
import { AppError } from '../../platform/errors';
import { vendorOf } from './repo';
import * as service from './service';
import { verify } from './signature';

/** Provider bodies are small; anything larger is refused before it is read in full. */
const PROVIDER_BODY_LIMIT = 16 * 1024;

type Call<S extends z.ZodType> = {
  schema: S;
  summary: string;
  run: (ctx: service.CallContext, req: z.infer<S>) => Promise<service.Answer>;
};

function call<S extends z.ZodType>(c: Call<S>): Call<z.ZodType> {
  return c as unknown as Call<z.ZodType>;
}

const CALLS: Record<string, Call<z.ZodType>> = {
  balance: call({ schema: ProviderBalanceRequest, summary: "The player's balance", run: service.balance }),
  bet: call({ schema: ProviderBetRequest, summary: 'Debit a stake (needs a live game session)', run: service.bet }),
  win: call({
    schema: ProviderWinRequest,
    summary: 'Credit a win (accepted after the session expired)',
    run: service.win,
  }),
  rollback: call({
    schema: ProviderRollbackRequest,
    summary: "Reverse a bet's stored amount (unknown bets leave a tombstone)",
    run: service.rollback,
  }),
};

/**
 * The seamless-wallet provider API: `POST /provider/<vendor>/balance|bet|win|rollback`, signed
 * per vendor (see signature.ts and the README). This plugin keeps request bodies as raw bytes:
 * the signature is checked over exactly what was sent, before anything is parsed.
 */
export async function providerRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PROVIDER_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );

  for (const [name, c] of Object.entries(CALLS)) {
    app.post(
      `/provider/:vendor/${name}`,
      {
        // Aggregators call from a few addresses at high rates; the signature is their limit.
        config: { rateLimit: false },
        schema: { tags: ['provider'], summary: c.summary },
      },
      async (req, reply) => {
        const code = (req.params as { vendor?: string }).vendor ?? '';
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const brand = await brandOf(req);
        const vendor = /^[A-Z0-9_]{2,20}$/.test(code)
          ? await vendorOf(app.db, brand.id, code, app.config.PROVIDER_SECRETS)
          : null;
        const header = (h: string) => {
          const v = req.headers[h];
          return typeof v === 'string' ? v : undefined;
        };
        if (
          !vendor ||
          !verify({
            secret: vendor.secret,
            timestamp: header(PROVIDER_TIMESTAMP_HEADER),
            signature: header(PROVIDER_SIGNATURE_HEADER),
            raw,
            windowSeconds: app.config.PROVIDER_SIGNATURE_WINDOW_SECONDS,
          })
        )
          throw new AppError('UNAUTHORIZED');
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new AppError('MALFORMED_JSON');
        }
        const parsed = c.schema.safeParse(json);
        if (!parsed.success) throw new AppError('VALIDATION_FAILED', fieldErrorsOf(parsed.error));
        const ctx: service.CallContext = { db: app.db, brandId: brand.id, brand: brand.info, vendor };
        const answer = await c.run(ctx, parsed.data);
        return reply
          .code(answer.status)
          .header('cache-control', 'no-store')
          .type('application/json; charset=utf-8')
          .send(answer.body);
      },
    );
  }

  // The resolver: closes rounds left open past PROVIDER_ROUND_TIMEOUT_SECONDS.
  const every = app.config.PROVIDER_RESOLVER_INTERVAL_SECONDS;
  if (every > 0) {
    let running: Promise<void> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = service
        .resolveRounds(app.db, {
          delaySeconds: app.config.PROVIDER_ROUND_TIMEOUT_SECONDS,
          onError: (err, roundId) => app.log.error({ err, roundId }, 'provider: a round could not be resolved'),
        })
        .then((r) => {
          if (r.completed + r.cancelled + r.failed > 0) app.log.info(r, 'provider: rounds resolved');
        })
        .catch((err) => app.log.error({ err }, 'provider: round resolver failed'))
        .finally(() => {
          running = null;
        });
    }, every * 1000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
}

function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) out[k] = FIELD_ERRORS.unknownField;
      continue;
    }
    const field = issue.path.map(String).join('.') || '_';
    out[field] ??= issue.code === 'invalid_type' ? FIELD_ERRORS.required : FIELD_ERRORS.invalid;
  }
  return out;
}
