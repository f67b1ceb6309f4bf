import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Sends a request to this very server over HTTP, as an outside provider would reach it — the
 * sandbox's webhooks take the same path, parsers and checks as a real provider's. It goes to the
 * socket this process listens on (never to an address taken from the request, which a forged
 * Host header could point anywhere), with the Host the player used, so it reaches the same brand.
 */
export function sendToSelf(
  app: FastifyInstance,
  o: { path: string; host: string; headers: Record<string, string>; body: string },
): Promise<{ status: number; body: string }> {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string')
    return Promise.reject(new Error('the server is not listening on a port'));
  const target = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target,
        port: address.port,
        method: 'POST',
        path: o.path,
        headers: { ...o.headers, host: o.host, 'content-length': Buffer.byteLength(o.body) },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('webhook timed out')));
    req.on('error', reject);
    req.end(o.body);
  });
}
