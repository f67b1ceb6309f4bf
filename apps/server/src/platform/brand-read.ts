import { ErrorEnvelope, envelope, ok } from '@khela/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { type BrandSnapshot, brandOf } from './brand';

/** Failures every brand read may answer (bad query, restricted, no brand, maintenance). */
export const BRAND_READ_FAILURES = {
  400: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  503: ErrorEnvelope,
} as const;

/**
 * Brand content changes rarely and is the same for every visitor of a host, so shared caches may
 * keep it briefly. Serving it to a restricted visitor is harmless: the status call (no-store)
 * decides what the site shows, and every call that acts is never cached.
 */
export function cacheBriefly(reply: FastifyReply) {
  reply.header('cache-control', 'public, max-age=30');
}

type BrandRead<Q extends z.ZodType, V extends z.ZodType, P extends z.ZodType> = {
  tags: string[];
  summary: string;
  query: Q;
  /** The path's parameters (`/wps/promotion/:id`), validated like the query. */
  params?: P;
  value: V;
  load(brand: BrandSnapshot, query: z.output<Q>, params: z.output<P>): z.input<V> | Promise<z.input<V>>;
};

/**
 * A GET that reads the visitor's brand: its query and answer come from the contract (so they
 * are validated and published at /docs), the answer is an envelope, briefly cacheable.
 */
export function brandRead<Q extends z.ZodType, V extends z.ZodType, P extends z.ZodType = z.ZodType<undefined>>(
  root: FastifyInstance,
  path: string,
  read: BrandRead<Q, V, P>,
) {
  // The zod type provider checks the query and answer at run time; the generic types here
  // are this function's own, so the plain instance is enough.
  root.get(
    path,
    {
      schema: {
        tags: read.tags,
        summary: read.summary,
        querystring: read.query,
        ...(read.params ? { params: read.params } : {}),
        response: { 200: envelope(read.value), ...BRAND_READ_FAILURES },
      },
    },
    async (req, reply) => {
      const brand = await brandOf(req);
      cacheBriefly(reply);
      return ok(await read.load(brand, req.query as z.output<Q>, req.params as z.output<P>));
    },
  );
}
