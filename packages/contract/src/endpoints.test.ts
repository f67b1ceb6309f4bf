import { describe, expect, it } from 'vitest';
import { endpointOf, findDefinitions } from '../scripts/endpoints';
import type { CallDefinition, SocketDefinition } from './call';
import * as endpoints from './endpoints';

const written = endpoints as Record<string, unknown>;

describe('the zod-free endpoints (endpoints.ts)', async () => {
  const found = await findDefinitions();
  const stale = 'src/endpoints.ts is out of date: run `npx tsx packages/contract/scripts/endpoints.ts`';

  it('has one endpoint for every call, with its method, path, auth, input parts and body form', () => {
    const calls = found.filter((f) => f.kind === 'call');
    expect(calls.length).toBeGreaterThan(50);
    for (const { name, value } of calls) {
      expect(written[name], `${name}: ${stale}`).toEqual(endpointOf(value as CallDefinition));
    }
  });

  it('has one endpoint for every socket, with its path and auth', () => {
    for (const { name, value } of found.filter((f) => f.kind === 'socket')) {
      const s = value as SocketDefinition;
      expect(written[name], `${name}: ${stale}`).toEqual({ path: s.path, auth: s.auth });
    }
  });

  it('has nothing that is no longer a call', () => {
    expect(Object.keys(written).sort(), stale).toEqual(found.map((f) => f.name).sort());
  });
});
