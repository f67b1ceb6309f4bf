import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { invalidateBrandCache } from '../src/platform/brand';
import { createTestApp, TEST_ENGINE, type TestApp } from './harness';

/**
 * The status call's early answer (decision 0044): over a real socket it sends, byte for byte and
 * header for header, what the call's Fastify route sends; it takes the plain requests the site
 * makes and leaves every other one to the route.
 */

type Raw = { status: number; headers: Record<string, string>; body: Buffer };

/** Headers that belong to the connection or the moment, not to the answer. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function answerOf(status: number, rawHeaders: Record<string, string | string[] | undefined>, body: Buffer): Raw {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(rawHeaders)) {
    if (!CONNECTION_HEADERS.has(name) && value !== undefined) headers[name] = String(value);
  }
  return { status, headers, body };
}

/** A request over HTTP, its answer as sent (nothing decoded, nothing decompressed). */
function send(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(answerOf(res.statusCode ?? 0, res.headers, Buffer.concat(chunks))));
    });
    req.on('error', reject);
    req.end();
  });
}

const PLAIN: Array<[string, Record<string, string>]> = [
  ['/wps/system/status', {}],
  ['/wps/system/status?', {}],
  ['/wps/system/status?language=en', {}],
  ['/wps/system/status?host=localhost:5173&language=bn', {}],
  ['/wps/system/status?language=en&host=', {}],
  ['/wps/system/status?host=unknown.example', {}],
  ['/wps/system/status', { 'accept-encoding': 'gzip, deflate, br' }],
  ['/wps/system/status?language=en', { 'accept-encoding': 'br;q=0, gzip' }],
  // A forged address is read only from the header the operator names (none here).
  ['/wps/system/status', { 'x-forwarded-for': '8.8.8.8' }],
];

/** Requests the early answer leaves to the route: each is parsed, validated or refused there. */
const LEFT_TO_THE_ROUTE: Array<[string, Record<string, string>, string?]> = [
  ['/wps/system/status?language=xx', {}],
  ['/wps/system/status?language=en&language=bn', {}],
  ['/wps/system/status?lang=en', {}],
  ['/wps/system/status?language', {}],
  ['/wps/system/status?host=%6cocalhost', {}],
  ['/wps/system/status?host=a+b', {}],
  ['/wps/system/status?host=a%00b', {}],
  ['/wps/system/status?&language=en', {}],
  [`/wps/system/status?host=${'a'.repeat(256)}`, {}],
  ['/wps/system/status/', {}],
  ['/wps/system/status', {}, 'HEAD'],
  ['/wps/system/status', {}, 'POST'],
  ['/wps/system/status', { 'content-length': '0' }],
];

/** Until the brand is in memory the early answer leaves the status call to the route (599 here). */
async function brandInMemory(earlyPort: number) {
  await vi.waitFor(async () => expect((await send(earlyPort, '/wps/system/status')).status).toBe(200));
}

describe(`the status call's early answer on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  let port: number;
  /** A server that answers only early: what the early answer leaves gets a 599. */
  let earlyOnly: Server;
  let earlyPort: number;

  const setBrand = async (set: string) => {
    await sql.raw(`UPDATE brands SET ${set} WHERE merchant_code = 'khela'`).execute(t.db.kysely);
    invalidateBrandCache();
  };
  /** The route's answer to the same request, through Fastify (inject comes from 127.0.0.1 too). */
  const viaRoute = async (path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> => {
    const res = await t.app.inject({ method: method as 'GET', url: path, headers, remoteAddress: '127.0.0.1' });
    return answerOf(res.statusCode, res.headers as Record<string, string>, res.rawPayload);
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    earlyOnly = createServer((req, res) => {
      if (!t.app.earlyAnswers.answer(req, res)) res.writeHead(599).end();
    });
    await new Promise<void>((resolve) => earlyOnly.listen(0, '127.0.0.1', resolve));
    earlyPort = (earlyOnly.address() as AddressInfo).port;
    await brandInMemory(earlyPort);
  });
  afterAll(async () => {
    await new Promise((resolve) => earlyOnly?.close(resolve));
    await t?.close();
  });
  afterEach(async () => {
    await setBrand("maintenance_start = NULL, maintenance_end = NULL, deny_countries = '{}'");
    await brandInMemory(earlyPort);
  });

  it('answers the plain requests itself, as the route does, header for header and byte for byte', async () => {
    for (const [path, headers] of PLAIN) {
      const early = await send(earlyPort, path, headers);
      expect(early.status, path).toBe(200);
      expect(early, `${path} ${JSON.stringify(headers)}`).toEqual(await viaRoute(path, headers));
      // And the server the site talks to answers the same.
      expect(await send(port, path, headers)).toEqual(early);
    }
  });

  it('answers a revalidation with a 304 the route would send, and a changed answer in full', async () => {
    const { headers } = await send(earlyPort, '/wps/system/status');
    const etag = headers.etag ?? '';
    for (const ifNoneMatch of [etag, `"x", W/${etag}`, '*']) {
      const early = await send(earlyPort, '/wps/system/status', { 'if-none-match': ifNoneMatch });
      expect(early.status).toBe(304);
      expect(early.body.length).toBe(0);
      expect(early).toEqual(await viaRoute('/wps/system/status', { 'if-none-match': ifNoneMatch }));
    }
    const other = await send(earlyPort, '/wps/system/status', { 'if-none-match': '"x"' });
    expect(other.status).toBe(200);
    // Maintenance changes the answer and its tag: the kept copy is not confirmed.
    await setBrand("maintenance_start = now() - interval '1 hour', maintenance_end = now() + interval '1 hour'");
    await brandInMemory(earlyPort);
    const during = await send(earlyPort, '/wps/system/status', { 'if-none-match': etag });
    expect(during.status).toBe(200);
    expect(JSON.parse(during.body.toString()).value.maintenance).toBe(true);
    expect(during).toEqual(await viaRoute('/wps/system/status', { 'if-none-match': etag }));
  });

  it('leaves to the route whatever it would have to decode, validate or refuse', async () => {
    for (const [path, headers, method = 'GET'] of LEFT_TO_THE_ROUTE) {
      expect((await send(earlyPort, path, headers, method)).status, `${method} ${path}`).toBe(599);
      // The site's server then answers as the route does.
      const served = await send(port, path, headers, method);
      expect(served, `${method} ${path}`).toEqual(await viaRoute(path, headers, method));
    }
    expect((await send(port, '/wps/system/status?language=xx')).status).toBe(400);
    expect((await send(port, '/wps/system/status?host=a%00b')).status).toBe(400);
  });

  it('leaves to the route a brand that is not in memory, and takes the next request once it is', async () => {
    invalidateBrandCache();
    expect((await send(earlyPort, '/wps/system/status')).status).toBe(599);
    // The brand it asked for is loading; once in memory the early answer takes the request.
    await brandInMemory(earlyPort);
  });

  it('leaves every request to Fastify once the server starts closing', async () => {
    const closing = await createTestApp();
    await closing.app.listen({ port: 0, host: '127.0.0.1' });
    const early = createServer((req, res) => {
      if (!closing.app.earlyAnswers.answer(req, res)) res.writeHead(599).end();
    });
    await new Promise<void>((resolve) => early.listen(0, '127.0.0.1', resolve));
    const at = (early.address() as AddressInfo).port;
    await brandInMemory(at);
    await closing.close();
    expect((await send(at, '/wps/system/status')).status).toBe(599);
    await new Promise((resolve) => early.close(resolve));
  });
});
