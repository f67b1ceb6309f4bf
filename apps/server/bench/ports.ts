import { createServer } from 'node:net';

let next = Number(process.env.BENCH_PORT ?? 0);

/**
 * A port for one of the bench's servers: from BENCH_PORT on (each call takes the next one) when
 * it is set, so a firewall or a neighbour can be planned for; otherwise one the system says is
 * free, so two benches (or a bench and a developer's server) on one machine never collide.
 */
export async function benchPort(): Promise<number> {
  if (next > 0) return next++;
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
