// A bare Fastify app answering GET /wps/system/status with fixed bytes and headers (given in
// STATUS_BODY, in base64, and STATUS_HEADERS): what an answer of that size allows on the machine, whatever
// the server does to make it (bench/status.ts).
import Fastify from 'fastify';

const body = Buffer.from(process.env.STATUS_BODY ?? '', 'base64');
const headers = JSON.parse(process.env.STATUS_HEADERS ?? '{}') as Record<string, string>;
const app = Fastify({ logger: false });
app.get('/wps/system/status', (_req, reply) => {
  reply.headers(headers).send(body);
});
await app.listen({ port: Number(process.env.PORT ?? 18086), host: '127.0.0.1' });
