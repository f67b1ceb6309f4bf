import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { serverSeedHash } from './seed-hash';

describe('serverSeedHash', () => {
  it("is SHA-256 of the seed's bytes, not of its text", () => {
    const seed = 'ab'.repeat(32);
    expect(serverSeedHash(seed)).toBe('9a2db2e23f1504cd056606553ac049c5e718e8f9ce9233876df1a7a1821af885');
    expect(serverSeedHash(seed)).toBe(bytesToHex(sha256(hexToBytes(seed))));
    expect(serverSeedHash(seed)).not.toBe(bytesToHex(sha256(new TextEncoder().encode(seed))));
    expect(serverSeedHash(seed.toUpperCase())).toBe(serverSeedHash(seed));
  });

  it('refuses a seed that is not hex', () => {
    for (const bad of ['', 'abc', 'zz', 'ab cd']) expect(() => serverSeedHash(bad)).toThrow(RangeError);
  });
});
