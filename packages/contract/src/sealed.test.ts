import { describe, expect, it } from 'vitest';
import type { CallDefinition } from './call';
import * as contract from './index';
import { SEALED_CALLS } from './sealed';

describe('SEALED_CALLS', () => {
  // The list stays zod-free for the web app's sealing code; the calls say the same thing.
  it('names exactly the calls the contract marks sealed', () => {
    const sealed = (Object.values(contract) as unknown[])
      .filter((v): v is CallDefinition => typeof v === 'object' && v !== null && 'path' in v && 'response' in v)
      .filter((d) => d.sealed)
      .map((d) => `${d.method} ${d.path}`);
    expect(sealed.sort()).toEqual([...SEALED_CALLS].sort());
  });
});
