import { crashBetCall, crashCashOutCall, crashFeedSocket, crashStateCall, type ServerMessage } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../../platform/route';
import { gameLimits, playContextOf } from '../caller';
import { sessionOf } from '../service';
import { advance, type CrashEnv, type CrashTiming, DEFAULT_TIMING, recover, settleRound } from './engine';
import { createFeed, type Feed } from './feed';
import { type Loop, startLoop } from './loop';
import { CRASH_GAME } from './money';
import { cashOut, crashState, placeBet } from './play';

/**
 * The crash game's calls, live feed and round loop (docs/decisions/0015-crash.md). The loop starts when the server
 * listens (not in `app.inject` tests, which drive `app.crash` with their own clock).
 */
export type CrashGame = {
  env: CrashEnv;
  feed: Feed;
  /** Replaces the engine's clock (tests). */
  setClock(now: () => number): void;
  setTiming(timing: Partial<CrashTiming>): void;
  /** Does what is due now; the time before which nothing is due, or null (engine.ts). */
  advance(brandId: number): Promise<number | null>;
  recover(brandId: number): Promise<void>;
  settleRound: typeof settleRound;
  startLoop(): void;
  stopLoop(): Promise<void>;
  /** Whether this process runs the rounds (false before the loop starts). */
  isLeader(): boolean;
  /** How many times this process has tried to win the lead since the loop started. */
  leadAttempts(): number;
};

declare module 'fastify' {
  interface FastifyInstance {
    crash: CrashGame;
  }
}

const AUTH_TIMEOUT_MS = 10_000;
const CLOSE_UNAUTHORIZED = 4401;

/**
 * Bets and cash-outs per game session a minute, one budget for both: a person makes a few a
 * round (≈ 10 s); more is a script.
 */
export const CRASH_CALLS_PER_MINUTE = 120;

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
    leadAttempts: () => loop?.leadAttempts() ?? 0,
  } satisfies CrashGame);

  root.addHook('onListen', async () => {
    if (root.config.DATABASE_URL) await feed.listen(root.config.DATABASE_URL);
    root.crash.startLoop();
  });
  root.addHook('onClose', async () => {
    await root.crash.stopLoop();
    await feed.close();
  });

  const config = gameLimits(root.config, { name: 'crash', max: CRASH_CALLS_PER_MINUTE });
  route(root, crashStateCall, async (req) => crashState(env, await playContextOf(req), req.caller), {
    config: gameLimits(root.config),
  });

  route(root, crashBetCall, async (req) => placeBet(env, await playContextOf(req), req.caller, req.body), { config });

  route(root, crashCashOutCall, async (req) => cashOut(env, await playContextOf(req), req.caller, req.body), {
    config,
  });

  // The live feed (crashFeedSocket): the page's first message carries the game session token.
  root.get(crashFeedSocket.path, { websocket: true, schema: { hide: true } }, (socket, req) => {
    let brandId: number | null = null;
    const timer = setTimeout(() => socket.close(CLOSE_UNAUTHORIZED, 'auth timeout'), AUTH_TIMEOUT_MS);
    socket.on('message', async (data, isBinary) => {
      if (brandId !== null) return; // after auth the page only listens
      clearTimeout(timer);
      const auth = crashFeedSocket.client.safeParse(parseJson(isBinary ? '' : data.toString()));
      try {
        const ctx = await playContextOf(req);
        const session = await sessionOf(ctx, auth.success ? auth.data.token : undefined, CRASH_GAME);
        if (socket.readyState !== socket.OPEN) return;
        brandId = ctx.brandId;
        feed.add(brandId, socket);
        const hello: ServerMessage<typeof crashFeedSocket> = {
          type: 'hello',
          state: await crashState(env, ctx, session),
        };
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
