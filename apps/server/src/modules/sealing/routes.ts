import { ErrorEnvelope, ok, SEALED_KEY_PATH, SealingKeyEnvelope } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publishedKey } from '../../platform/sealed-body';

/** The key clients seal the spec §7 'encrypted' bodies to (platform/sealed-body.ts). */
export async function sealingRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    SEALED_KEY_PATH,
    {
      schema: {
        tags: ['system'],
        summary: 'The HPKE public key (RFC 9180) that login, registration and password bodies may be sealed to',
        response: { 200: SealingKeyEnvelope, 403: ErrorEnvelope, 503: ErrorEnvelope },
      },
    },
    async (_req, reply) => {
      // The answer carries the server's clock: never from a cache.
      reply.header('cache-control', 'no-store');
      return ok(await publishedKey(app.db, app.config));
    },
  );
}
