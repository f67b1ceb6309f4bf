import { createHash } from 'node:crypto';
import {
  CRASH_WS_PATH,
  CrashBetRequest,
  CrashBetValue,
  CrashCashOutRequest,
  type CrashMessage,
  CrashState,
  ErrorEnvelope,
  envelope,
  GAME_TOKEN_HEADER,
  ok,
} from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { brandOf } from '../../../platform/brand';
import { type PlayContext, sessionOf } from '../service';
import { advance, type CrashEnv, type CrashTiming, DEFAULT_TIMING, recover, settleRound } from './engine';
import { createFeed, type Feed } from './feed';
import { type Loop, startLoop } from './loop';
import { CRASH_GAME } from './money';
import { cashOut, crashState, placeBet } from './play';

/**
 * The crash game's calls, live feed and round loop (issue 5). The loop starts when the server
 * listens (not in `app.inject` tests, which drive `app.crash` with their own clock).
 */
export type CrashGame = {
  env: CrashEnv;
  feed: Feed;
  /** Replaces the engine's clock (tests). */
  setClock(now: () => number): void;
  setTiming(timing: Partial<CrashTiming>): void;
  advance(brandId: number): Promise<void>;
  recover(brandId: number): Promise<void>;
  settleRound: typeof settleRound;
  startLoop(): void;
  stopLoop(): Promise<void>;
  /** Whether this process runs the rounds (false before the loop starts). */
  isLeader(): boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    crash: CrashGame;
  }
}

const AUTH_TIMEOUT_MS = 10_000;
const CLOSE_UNAUTHORIZED = 4401;
const FAILURES = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/**
 * Bets and cash-outs per game session a minute: a person makes a few a round (≈ 10 s); more
 * is a script. Keyed by the hashed session token like the slot's spins, so players behind one
 * carrier NAT do not share the address's budget.
 */
export const CRASH_CALLS_PER_MINUTE = 120;
const rateLimit = {
  max: CRASH_CALLS_PER_MINUTE,
  timeWindow: 60_000,
  keyGenerator: (req: FastifyRequest) =>
    `crash:${createHash('sha256')
      .update(tokenOf(req) ?? '')
      .digest('base64url')}`,
};

function tokenOf(req: FastifyRequest): string | undefined {
  const v = req.headers[GAME_TOKEN_HEADER];
  return typeof v === 'string' ? v : undefined;
}

export const crashGame = fp(async (root: FastifyInstance) => {
  const feed = createFeed(root.db, root.log);
  const env: CrashEnv = {
    db: root.db,
    now: () => Date.now(),
    timing: { ...DEFAULT_TIMING },
    publish: (brandId, message) => feed.publish(brandId, message),
    onError: (err) => root.log.error({ err }, 'crash: round engine step failed'),
  };
  let loop: Loop | null = null;
  root.decorate('crash', {
    env,
    feed,
    setClock(now) {
      env.now = now;
    },
    setTiming(timing) {
      env.timing = { ...env.timing, ...timing };
    },
    advance: (brandId) => advance(env, brandId),
    recover: (brandId) => recover(env, brandId),
    settleRound,
    startLoop() {
      loop ??= startLoop(env, root.config.DATABASE_URL);
    },
    async stopLoop() {
      await loop?.stop();
      loop = null;
    },
    isLeader: () => loop?.isLeader() ?? false,
  } satisfies CrashGame);

  root.addHook('onListen', async () => {
    if (root.config.DATABASE_URL) await feed.listen(root.config.DATABASE_URL);
    root.crash.startLoop();
  });
  root.addHook('onClose', async () => {
    await root.crash.stopLoop();
    await feed.close();
  });

  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['in-house games'];
  async function contextOf(req: FastifyRequest): Promise<PlayContext> {
    const brand = await brandOf(req);
    return { db: app.db, brandId: brand.id, brand: brand.info };
  }

  app.get(
    '/play/api/crash/state',
    {
      schema: {
        tags,
        summary: "The crash game's current round, its bets and the history of busts",
        response: { 200: envelope(CrashState), ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const ctx = await contextOf(req);
      return ok(await crashState(env, ctx, await sessionOf(ctx, tokenOf(req), CRASH_GAME)));
    },
  );

  app.post(
    '/play/api/crash/bet',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Bet in the betting window (two bets per round; a retried requestId answers its first bet)',
        body: CrashBetRequest,
        response: { 200: envelope(CrashBetValue), ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const ctx = await contextOf(req);
      return ok(await placeBet(env, ctx, await sessionOf(ctx, tokenOf(req), CRASH_GAME), req.body));
    },
  );

  app.post(
    '/play/api/crash/cashout',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: "Cash a bet out at the multiplier of the server's receive time (refused after the bust)",
        body: CrashCashOutRequest,
        response: { 200: envelope(CrashBetValue), ...FAILURES },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const ctx = await contextOf(req);
      return ok(await cashOut(env, ctx, await sessionOf(ctx, tokenOf(req), CRASH_GAME), req.body));
    },
  );

  // The live feed. The page sits in a frame, maybe on another host, and has no site session:
  // its first message carries the game session token (never the URL, which proxies log).
  app.get(CRASH_WS_PATH, { websocket: true, schema: { hide: true } }, (socket, req) => {
    let brandId: number | null = null;
    const timer = setTimeout(() => socket.close(CLOSE_UNAUTHORIZED, 'auth timeout'), AUTH_TIMEOUT_MS);
    socket.on('message', async (data, isBinary) => {
      if (brandId !== null) return; // after auth the page only listens
      clearTimeout(timer);
      let token: unknown;
      try {
        const msg = JSON.parse(isBinary ? '' : data.toString());
        token = msg?.type === 'auth' ? msg.token : undefined;
      } catch {
        token = undefined;
      }
      try {
        const ctx = await contextOf(req);
        const session = await sessionOf(ctx, typeof token === 'string' ? token : undefined, CRASH_GAME);
        if (socket.readyState !== socket.OPEN) return;
        brandId = ctx.brandId;
        feed.add(brandId, socket);
        const hello: CrashMessage = { type: 'hello', state: await crashState(env, ctx, session) };
        socket.send(JSON.stringify(hello));
      } catch {
        socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (brandId !== null) feed.remove(brandId, socket);
    });
    socket.on('error', () => socket.terminate());
  });
});
