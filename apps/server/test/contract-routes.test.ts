import type { CallDefinition, SocketDefinition } from '@khela/contract';
import * as contract from '@khela/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

/** Every call object the contract exports (ARCHITECTURE §3: one object per call). */
const calls: CallDefinition[] = (Object.values(contract) as unknown[]).filter(
  (v): v is CallDefinition =>
    typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'auth' in v && 'response' in v,
);

/** Every realtime socket the contract defines (its upgrade is a GET on its path). */
const sockets: SocketDefinition[] = (Object.values(contract) as unknown[]).filter(
  (v): v is SocketDefinition => typeof v === 'object' && v !== null && 'path' in v && 'client' in v && 'server' in v,
);

/** A concrete URL for a call: `:name` segments filled with something plausible. */
const urlOf = (d: CallDefinition) => d.path.replace(/:([A-Za-z_]+)/g, (_, n: string) => (n === 'vendor' ? 'JL' : '1'));

const API = /^\/(wps|lgw|bo|psp|play\/api|provider)\//;

describe('the contract and the routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('registers a route for every call the contract defines, and no API route without one', () => {
    const defined = new Set([
      ...calls.flatMap((d) => [d.method, ...(d.alsoAccepts ?? [])].map((m) => `${m} ${d.path}`)),
      ...sockets.map((s) => `GET ${s.path}`),
    ]);
    // A socket may live outside the API prefixes (the member's `/ws`): it counts by its own path.
    const socketPaths = new Set(sockets.map((s) => s.path));
    const registered = new Set(
      t.app.routeTable.filter((r) => {
        const p = r.split(' ')[1] ?? '';
        return API.test(p) || socketPaths.has(p);
      }),
    );
    expect([...defined].filter((r) => !registered.has(r))).toEqual([]);
    expect([...registered].filter((r) => !defined.has(r))).toEqual([]);
  });

  it('publishes every call at /docs with its auth', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const doc = res.json() as {
      paths: Record<string, Record<string, { description?: string; security?: unknown[] }>>;
    };
    for (const d of calls) {
      const path = d.path.replace(/:([A-Za-z_]+)/g, '{$1}');
      const op = doc.paths[path]?.[d.method.toLowerCase()];
      expect(op, `${d.method} ${d.path}`).toBeDefined();
      expect(op?.description).toContain(`auth: \`${d.auth}\``);
      if (d.auth !== 'none') expect(op?.security, `${d.method} ${d.path}`).toBeDefined();
    }
  });

  const guarded = calls.filter((d) => d.auth !== 'none');
  it.each(guarded.map((d) => [`${d.method} ${d.path}`, d] as const))(
    '%s answers a caller without credentials before it reads the input',
    async (_name, d) => {
      const withBody = d.method !== 'GET';
      const res = await t.app.inject({
        method: d.method,
        url: `${urlOf(d)}?pageNo=%00&language=${'x'.repeat(300)}`,
        ...(withBody ? { headers: { 'content-type': 'application/json' }, payload: '{"unexpected": "\\u0000", ' } : {}),
      });
      // Members without a session: 401. Game and provider calls refuse with their own codes.
      if (d.auth.startsWith('member') || d.auth === 'agent' || d.auth.startsWith('staff:')) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      } else {
        expect([401, 403]).toContain(res.statusCode);
      }
    },
  );

  const withBodies = calls.filter((d) => d.method !== 'GET');
  it.each(withBodies.map((d) => [`${d.method} ${d.path}`, d] as const))(
    '%s refuses a body over its limit before authentication',
    async (_name, d) => {
      const limit = d.bodyLimit ?? t.config.BODY_LIMIT_BYTES;
      const res = await t.app.inject({
        method: d.method,
        url: urlOf(d),
        headers: { 'content-type': 'application/json' },
        payload: `{"x":"${'a'.repeat(limit)}"}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BODY_TOO_LARGE' });
    },
  );
});

describe('authentication and the rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => t.close());

  it('throttles callers without a session like everyone else', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'GET', url: contract.memberInfoCall.path });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });
});
