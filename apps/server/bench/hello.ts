// The reference point of the benchmark: a bare Fastify app answering one small JSON object.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
// The port is the bench's choice (bench/ports.ts); 0 lets the system pick one when run alone.
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
