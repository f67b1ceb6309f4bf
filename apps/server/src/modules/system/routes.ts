import type { FastifyInstance } from 'fastify';

export async function systemRoutes(_app: FastifyInstance) {}
