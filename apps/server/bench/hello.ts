// The reference point of the benchmark: a bare Fastify app answering one small JSON object.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 18083), host: '127.0.0.1' });
